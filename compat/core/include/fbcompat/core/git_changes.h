// How a repository's schema files changed between a base commit and what is about to land (the work
// tree, or the index), with git's own rename detection: the file list of the module gate.
#pragma once

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
// moved between two releases.
Expected<std::vector<FileChange>> file_changes_between(const GitTreeReader& base, const GitTreeReader& head,
                                                       const std::string& suffix);

}  // namespace fbcompat
