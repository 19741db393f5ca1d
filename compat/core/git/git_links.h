// A path in a git tree or index with its links followed: git keeps a link as a blob holding its target,
// so "s/common.fbs -> ../shared/common.fbs" is followed here, inside the tree, as the file system would
// follow it in a checkout. A link that leaves the tree (absolute, or climbing above its root) is never
// followed: it leads outside the repository.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "fbcompat/core/source_reader.h"

namespace fbcompat {

enum class GitEntryKind { Missing, File, Link, Directory, Submodule };

struct GitEntry {
  GitEntryKind kind = GitEntryKind::Missing;
  std::string link_target;  // of a Link
};

struct GitPath {
  std::string path;  // links followed, normalised
  GitEntryKind kind = GitEntryKind::Missing;
  std::optional<SourceProblem> problem;  // why it is no schema file (a directory, a loop, outside)
};

// Follows `path` through `lookup`, which tells what a normalised path is in the tree or index.
GitPath follow_git_links(const std::string& path, const std::function<GitEntry(const std::string&)>& lookup);

}  // namespace fbcompat
