#include "fbcompat/core/source_reader.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include <fmt/format.h>

#include "fbcompat/core/regular_file.h"
#include "fbcompat/core/repository_path.h"

namespace fbcompat {

bool FileSystemReader::read(const std::string& path, std::string* contents) const {
  return read_regular_file(path, UINT64_MAX, *contents).outcome == RegularFileRead::Outcome::Read;
}

std::optional<std::uint64_t> FileSystemReader::size(const std::string& path) const {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return std::nullopt;
  return static_cast<std::uint64_t>(info.st_size);
}

bool FileSystemReader::exists(const std::string& path) const {
  struct stat info {};
  // A directory "exists" but cannot be read as a schema: treat it as absent.
  return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

std::optional<SourceProblem> FileSystemReader::problem(const std::string& path) const {
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0) {
    if (S_ISDIR(info.st_mode)) return SourceProblem{"is a directory, not a schema file (give the .fbs file inside it)"};
    if (S_ISFIFO(info.st_mode)) return SourceProblem{"is a FIFO, not a schema file: it is never opened"};
    if (S_ISCHR(info.st_mode) || S_ISBLK(info.st_mode)) {
      return SourceProblem{"is a device, not a schema file: it is never opened"};
    }
    if (S_ISSOCK(info.st_mode)) return SourceProblem{"is a socket, not a schema file"};
    if (::access(path.c_str(), R_OK) != 0) return SourceProblem{std::string("cannot be read: ") + std::strerror(errno)};
    return std::nullopt;
  }
  const int error = errno;
  if (error == ELOOP) return SourceProblem{"is a symlink loop (too many levels of symbolic links)"};
  struct stat link {};
  if (::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
    return SourceProblem{"is a dangling symlink: its target does not exist"};
  }
  if (error == EACCES) return SourceProblem{"cannot be reached: permission denied"};
  return std::nullopt;
}

namespace {

std::string with_slash(std::string path) {
  if (path.empty() || path.back() != '/') path += '/';
  return path;
}

std::string resolved(const std::string& path) {
  char buffer[PATH_MAX];
  return ::realpath(path.c_str(), buffer) != nullptr ? std::string(buffer) : std::string();
}

// Lexically outside: absolute, or climbing above the root (normalize_repository_path would stop there).
bool climbs_out(const std::string& path) {
  if (!path.empty() && path.front() == '/') return true;
  int depth = 0;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    const std::string_view part(path.data() + start, end - start);
    if (part == "..") {
      if (--depth < 0) return true;
    } else if (!part.empty() && part != ".") {
      ++depth;
    }
    start = end + 1;
  }
  return false;
}

}  // namespace

DirectoryReader::DirectoryReader(std::string root, std::string shown_as)
    : root_(with_slash(std::move(root))), resolved_root_(with_slash(resolved(root_))), shown_as_(std::move(shown_as)) {}

std::string DirectoryReader::resolve(const std::string& path) const {
  if (climbs_out(path)) return "";
  const std::string relative = normalize_repository_path(path);
  if (relative.empty()) return root_;  // the directory itself: there, but no schema file
  const std::string full = root_ + relative;
  const std::string real = resolved(full);
  if (real.empty()) return full;  // absent: nothing to read either way
  return real.compare(0, resolved_root_.size(), resolved_root_) == 0 ? full : std::string();
}

bool DirectoryReader::read(const std::string& path, std::string* contents) const {
  const std::string full = resolve(path);
  return !full.empty() && files_.read(full, contents);
}

bool DirectoryReader::exists(const std::string& path) const {
  const std::string full = resolve(path);
  return !full.empty() && files_.exists(full);
}

std::optional<SourceProblem> DirectoryReader::problem(const std::string& path) const {
  const std::string full = resolve(path);
  if (full.empty()) {
    return SourceProblem{fmt::format("leads outside {} (through a link, or by its path)",
                                     shown_as_.empty() ? std::string("the repository") : shown_as_),
                         true};
  }
  return files_.problem(full);
}

std::optional<std::uint64_t> DirectoryReader::size(const std::string& path) const {
  const std::string full = resolve(path);
  if (full.empty()) return std::nullopt;
  return files_.size(full);
}

}  // namespace fbcompat
