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

// Every tracked file whose name ends in `suffix` under `paths` (repository paths of files or
// directories; none: the whole repository), on either side, in path order. A file that moved keeps
// its pair when git finds it renamed (at least half its content the same, as `git diff -M`), also when
// only one of its two paths is under `paths`.
// `index`: the staged files (GitIndexReader, which honours GIT_INDEX_FILE); null: the work tree. Symbolic
// links are left out: another name for a file, whose blob is no schema.
Expected<std::vector<FileChange>> file_changes(const GitTreeReader& base, const GitIndexReader* index,
                                               const std::vector<std::string>& paths, const std::string& suffix);

// The same between two commits (no work tree, no module paths): how `audit --git` follows a file that
// moved between two releases.
Expected<std::vector<FileChange>> file_changes_between(const GitTreeReader& base, const GitTreeReader& head,
                                                       const std::string& suffix);

}  // namespace fbcompat
