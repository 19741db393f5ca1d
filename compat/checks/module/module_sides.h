// The files of the module and the readers of its two sides: a git ref against the work tree or the index
// (submodules read at the commit each side records), or a directory of released copies against another.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "fbcompat/checks/module_diff.h"
#include "fbcompat/core/error.h"
#include "fbcompat/core/git_changes.h"
#include "fbcompat/core/source_reader.h"

namespace fbcompat {

struct ModuleSides {
  std::vector<FileChange> changes;      // the module's files
  std::set<std::string> changed_files;  // new-side paths of every schema file not unchanged, in the module or not
  std::unique_ptr<SourceReader> base;
  std::string base_name;       // "origin/main", "released/"
  std::string deleted_prefix;  // how a deleted file is named: "" (a repository path), "released/"
  std::unique_ptr<SourceReader> head;
  // Every schema file of the new side (paths), in the module or not: where a deleted declaration may
  // have gone.
  std::vector<std::string> new_files;
  // Submodules of the module that both sides record at one commit and that are not checked out here.
  std::vector<std::string> unread_submodules;
  // Changed files the base configuration's module covers and this one leaves out.
  std::vector<std::string> left_out;
};

Expected<ModuleSides> module_sides(const ModuleDiffRequest& request);

// Whether either side of the change lies under one of `paths` (none: everything) and not under `exclude`.
bool in_module(const FileChange& change, const std::vector<std::string>& paths, const std::vector<std::string>& exclude);

}  // namespace fbcompat
