// The module gate: every schema file of a repository (or of some of its directories) against the same
// files at a base ref, in one report. New files are compatible, deleted ones breaking (FILE_NO_DELETE),
// renamed ones compared with their old selves; each file's includes are read inside the tree of its own
// side. Every path in the findings is relative to the repository root.
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

// The rules of the module gate itself (FILE_NO_DELETE); each pair of files adds diff_rules().
const std::vector<const RuleInfo*>& module_rules();

struct ModuleDiffRequest {
  std::shared_ptr<GitRepository> repository;
  std::string base_ref;                   // "origin/main", "HEAD", a tag, a commit
  // Instead of a repository and a ref: a directory of released copies, each file compared with the file
  // of the same path under new_directory (paths are shown as these two are written).
  std::string base_directory;
  std::string new_directory;
  NewSide side = NewSide::WorkTree;       // the work tree, or the index (--staged)
  std::vector<std::string> paths;         // repository paths of files or directories; none: the whole repository
  bool explicit_paths = false;  // the paths were given: each must name a schema file
  std::vector<std::string> include_dirs;  // repository paths searched for includes, on both sides
  // Moves git cannot see (a file rewritten as it moved): old repository path, new repository path.
  std::vector<std::pair<std::string, std::string>> renames;
  DiffOptions diff;
  // New-side files read from here instead, by the names findings carry (a fix's rewritten files, checked).
  SchemaTexts rewritten;
  // Further checks of each new schema (the CLI's lock check), given its repository path.
  std::function<void(const std::string& path, const Schema& schema, std::vector<Finding>& findings)> check_new;
};

struct ModuleDiff {
  std::vector<FileChange> files;  // every schema file of the module, by path
  std::vector<Finding> findings;  // sorted, each once even when several files include its declaration
  // The new side's name of every schema file loaded, includes too ("schemas/a.fbs"; under new_directory
  // for a directory base): what a report written into the tree must not replace.
  std::vector<std::string> files_read;
  // The text of every new-side file loaded, by the names findings carry: what a fix edits.
  SchemaTexts new_texts;
};

// Errors: the ref names no commit, a schema on either side does not load (naming its side), a path
// given names no schema file on either side.
Expected<ModuleDiff> diff_module(const ModuleDiffRequest& request);

}  // namespace fbcompat
