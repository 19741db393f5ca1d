// Apart from the git reader, so that readers of other sources (memory_reader.cpp) use it without
// linking libgit2.
#include "fbcompat/core/repository_path.h"

#include <fnmatch.h>

#include <vector>

namespace fbcompat {

std::string normalize_repository_path(const std::string& path) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    const std::string part = path.substr(start, end - start);
    if (part == "..") {
      if (!parts.empty()) parts.pop_back();
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    start = end + 1;
  }
  std::string joined;
  for (const std::string& part : parts) joined += (joined.empty() ? "" : "/") + part;
  return joined;
}

bool path_is_under(const std::string& path, const std::string& root) {
  if (root.empty() || path == root) return true;
  return path.size() > root.size() && path.compare(0, root.size(), root) == 0 &&
         (root.back() == '/' || path[root.size()] == '/');
}

bool is_glob(const std::string& pattern) { return pattern.find_first_of("*?[") != std::string::npos; }

namespace {

std::vector<std::string> segments(const std::string& path) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    if (end > start) parts.push_back(path.substr(start, end - start));
    start = end + 1;
  }
  return parts;
}

// Segment by segment: `**` takes any number of segments (none included), anything else one, as fnmatch
// matches it (a `*` never crosses a '/': segments have none).
bool segments_match(const std::vector<std::string>& pattern, std::size_t p, const std::vector<std::string>& path,
                    std::size_t q) {
  if (p == pattern.size()) return q == path.size();
  if (pattern[p] == "**") {
    for (std::size_t skip = q; skip <= path.size(); ++skip) {
      if (segments_match(pattern, p + 1, path, skip)) return true;
    }
    return false;
  }
  return q < path.size() && ::fnmatch(pattern[p].c_str(), path[q].c_str(), 0) == 0 &&
         segments_match(pattern, p + 1, path, q + 1);
}

}  // namespace

bool path_matches(const std::string& path, const std::string& pattern) {
  if (!is_glob(pattern)) return path_is_under(path, normalize_repository_path(pattern));
  const std::vector<std::string> pattern_parts = segments(pattern);
  const std::vector<std::string> path_parts = segments(path);
  // The path itself, or a directory it lies in: `fixtures/*` covers fixtures/a/b.fbs through fixtures/a.
  for (std::size_t length = path_parts.size(); length > 0; --length) {
    const std::vector<std::string> prefix(path_parts.begin(), path_parts.begin() + static_cast<std::ptrdiff_t>(length));
    if (segments_match(pattern_parts, 0, prefix, 0)) return true;
  }
  return false;
}

std::string with_trailing_slash(std::string directory) {
  if (!directory.empty() && directory.back() != '/') directory += '/';
  return directory;
}

}  // namespace fbcompat
