// The module gate's engine: every schema file of a repository (or of some of its directories) against the
// base, as one module of declarations. Each side (the base ref, or a directory of released copies; the work
// tree, the index, or the current directory) is loaded whole: every schema file with its includes, and
// where each declaration is declared. A file is compared with its old self (same path, git's rename, a
// configured rename, or the new file that declares what a deleted one declared), and a declaration that
// left it is compared with its new self wherever the module now declares it: a move or a split is no
// deletion, only a change of the path consumers include (FILE_SAME_DECLARATIONS, FILE_NO_DELETE). A file
// that does not parse is a finding (FILE_PARSES when the change broke it, FILE_NOT_CHECKED when it never
// parsed), and the rest of the module is still judged. Every path in the findings is relative to the
// repository root (to the directories, for a directory base).
//
// Most callers want gate.h's entry points, which read the configuration and the lock of what they judge.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "fbcompat/checks/diff_options.h"
#include "fbcompat/core/error.h"
#include "fbcompat/core/finding.h"
#include "fbcompat/core/git_changes.h"
#include "fbcompat/core/git_source.h"
#include "fbcompat/core/memory_reader.h"
#include "fbcompat/core/rule.h"
#include "fbcompat/core/schema.h"

namespace fbcompat {

// The rules of the module gate itself (FILE_NO_DELETE, FILE_SAME_DECLARATIONS, FILE_PARSES,
// FILE_NOT_CHECKED); each pair of files adds diff_rules().
const std::vector<const RuleInfo*>& module_rules();

struct ModuleDiffRequest {
  std::shared_ptr<GitRepository> repository;
  std::string base_ref;                   // "origin/main", "HEAD", a tag, a commit
  // Instead of a repository and a ref: a directory of released copies, each file compared with the file
  // of the same path under new_directory (paths are shown as these two are written).
  std::string base_directory;
  std::string new_directory;
  NewSide side = NewSide::WorkTree;       // the work tree, or the index (--staged)
  // Repository paths of files or directories, or globs (repository_path.h's path_matches); none: the
  // whole repository.
  std::vector<std::string> paths;
  bool explicit_paths = false;  // the paths were given: each must name a schema file
  std::vector<std::string> exclude;       // paths or globs left out of the module
  std::vector<std::string> include_dirs;  // repository paths searched for includes, on both sides
  // Moves git cannot see (a file rewritten as it moved): old repository path, new repository path.
  std::vector<std::pair<std::string, std::string>> renames;
  // The module the base's configuration had, when it differs ([module] roots and exclude there):
  // changed files it covers that this module leaves out are returned in ModuleDiff::left_out.
  bool compare_with_base_module = false;
  std::vector<std::string> base_paths;
  std::vector<std::string> base_exclude;
  DiffOptions diff;
  // New-side files read from here instead, by the names findings carry (a fix's rewritten files, checked).
  SchemaTexts rewritten;
  // Further checks of each new schema (the gate's lock check), given its repository path.
  std::function<void(const std::string& path, const Schema& schema, std::vector<Finding>& findings)> check_new;
};

struct ModuleDiff {
  // Every schema file of the module, by path; a file renamed by its content (a deleted file's successor)
  // is Renamed.
  std::vector<FileChange> files;
  std::vector<Finding> findings;  // sorted, each once even when several files include its declaration
  // The new side's name of every schema file loaded, includes too ("schemas/a.fbs"; under new_directory
  // for a directory base): what a report written into the tree must not replace.
  std::vector<std::string> files_read;
  // The text of every new-side file loaded, by the names findings carry: what a fix edits.
  SchemaTexts new_texts;
  // Every table either side declares, for the caller's check of configured root tables.
  std::vector<std::string> tables;
  // Files the change touched that the base configuration's module covers and this one leaves out.
  std::vector<std::string> left_out;
};

// Errors: the ref names no commit, a path given names no schema file on either side, a submodule whose
// commit cannot be read. A schema that does not load is a finding, not an error.
Expected<ModuleDiff> diff_module(const ModuleDiffRequest& request);

}  // namespace fbcompat
