// How a repository's schema files changed between a base commit and what is about to land (the work
// tree, or the index), with git's own rename detection: the file list of the module gate.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/git_source.h"

namespace fbcompat {

enum class FileChangeKind { Unchanged, Modified, Added, Deleted, Renamed };

const char* file_change_name(FileChangeKind kind);  // "unchanged", "modified", "added", "deleted", "renamed"

struct FileChange {
  FileChangeKind kind = FileChangeKind::Unchanged;
  std::string old_path;  // repository path at the base; empty when added
  std::string new_path;  // repository path on the new side; empty when deleted
};

// Which side is compared with the base: the files as they are in the work tree, or as staged.
enum class NewSide { WorkTree, Index };

// Every tracked file of the repository whose name ends in `suffix`, on either side, in path order. A file
// that moved keeps its pair when git finds it renamed (at least half its content the same, as
// `git diff -M`). `index`: the staged files (GitIndexReader, which honours GIT_INDEX_FILE); null: the work
// tree. Symbolic links are left out: another name for a file, whose blob is no schema.
Expected<std::vector<FileChange>> file_changes(const GitTreeReader& base, const GitIndexReader* index,
                                               const std::string& suffix);

// The same between two commits (no work tree): how `audit --git` follows a file that
// moved between two releases. `unchanged`: list the files that did not change too.
Expected<std::vector<FileChange>> file_changes_between(const GitTreeReader& base, const GitTreeReader& head,
                                                       const std::string& suffix, bool unchanged = false);

// What the submodules hold between the base and the new side, each file named by its path in the
// superproject ("third_party/proto/a.fbs"): each side's files at the commit it records for the submodule
// (the index's for `index`; the work tree side reads the submodule's checkout). A submodule whose commit on
// either side cannot be read is an Error naming it and saying how to get it, unless both sides record the
// same commit: then nothing in it changed, and it is only listed in `unread`.
struct SubmoduleChanges {
  std::vector<FileChange> changes;
  std::vector<std::string> unread;  // submodules both sides record at one commit, not checked out here
};
// `wanted`: the submodules (by path) to look into; the others are left alone.
Expected<SubmoduleChanges> submodule_changes(const GitTreeReader& base, const GitIndexReader* index,
                                             const std::string& suffix,
                                             const std::function<bool(const std::string& path)>& wanted);

}  // namespace fbcompat
