#include "git/git_links.h"

#include <deque>
#include <vector>

namespace fbcompat {
namespace {

// The file system's limit on links followed in one path (Linux's MAXSYMLINKS).
constexpr int kMaxLinks = 40;

std::deque<std::string> parts_of(const std::string& path) {
  std::deque<std::string> parts;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    parts.push_back(path.substr(start, end - start));
    start = end + 1;
  }
  return parts;
}

std::string joined(const std::vector<std::string>& parts) {
  std::string path;
  for (const std::string& part : parts) path += (path.empty() ? "" : "/") + part;
  return path;
}

SourceProblem outside() { return SourceProblem{"leads outside the repository (through a link, or by its path)", true}; }

}  // namespace

GitPath follow_git_links(const std::string& path, const std::function<GitEntry(const std::string&)>& lookup) {
  GitPath result;
  if (!path.empty() && path.front() == '/') {
    result.problem = outside();
    return result;
  }
  std::deque<std::string> pending = parts_of(path);
  std::vector<std::string> done;
  GitEntry entry;
  int links = 0;
  bool last_part_is_link = false;  // the path's last part was a link: a missing end is a dangling link
  while (!pending.empty()) {
    const std::string part = std::move(pending.front());
    pending.pop_front();
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      if (done.empty()) {
        result.problem = outside();
        return result;
      }
      done.pop_back();
      entry = GitEntry{GitEntryKind::Directory, ""};
      continue;
    }
    done.push_back(part);
    entry = lookup(joined(done));
    if (entry.kind != GitEntryKind::Link) continue;
    if (++links > kMaxLinks) {
      result.path = joined(done);
      result.problem = SourceProblem{"is a symlink loop (too many levels of symbolic links)"};
      return result;
    }
    // The target replaces the link, relative to the link's directory.
    done.pop_back();
    if (pending.empty()) last_part_is_link = true;
    if (!entry.link_target.empty() && entry.link_target.front() == '/') {
      result.problem = outside();
      return result;
    }
    std::deque<std::string> target = parts_of(entry.link_target);
    pending.insert(pending.begin(), target.begin(), target.end());
  }
  result.path = joined(done);
  result.kind = done.empty() ? GitEntryKind::Directory : entry.kind;
  if (result.kind == GitEntryKind::Directory) {
    result.problem = SourceProblem{"is a directory, not a schema file (give the .fbs file inside it)"};
  } else if (result.kind == GitEntryKind::Submodule) {
    result.problem = SourceProblem{"is a submodule, not a schema file"};
  } else if (result.kind == GitEntryKind::Missing && last_part_is_link) {
    result.problem = SourceProblem{"is a dangling symlink: its target does not exist"};
  }
  return result;
}

}  // namespace fbcompat
