// Names of files relative to a root (a repository's tree, a set of in-memory schema texts), in one
// spelling, so that the same file is found however an include writes its path.
#pragma once

#include <string>

namespace fbcompat {

// "a/b/../c/./d.fbs" -> "a/c/d.fbs"; a path cannot climb above the root.
std::string normalize_repository_path(const std::string& path);

// Whether `path` is `root` or lies under it ("schemas" covers "schemas/a.fbs", not "schemas2/a.fbs"); the
// empty root covers everything.
bool path_is_under(const std::string& path, const std::string& root);

// Whether a pattern has glob characters (`*`, `?`, `[`).
bool is_glob(const std::string& pattern);

// Whether a repository path is covered by a pattern: a path (the file, or a directory above it, as
// path_is_under), or a glob matched segment by segment (`*`, `?` and `[...]` within one name, `**` any
// number of directories), by the path itself or a directory above it.
bool path_matches(const std::string& path, const std::string& pattern);

// "dir" -> "dir/"; "" and "dir/" stay as they are.
std::string with_trailing_slash(std::string directory);

}  // namespace fbcompat
