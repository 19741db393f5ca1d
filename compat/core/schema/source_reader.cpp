#include "fbcompat/core/source_reader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>

#include "fbcompat/core/repository_path.h"

namespace fbcompat {

// One read of the size the file has, and one more that finds its end (a file that grew meanwhile is
// read whole): golden verify reads some sixty files, and a stream's buffering and copies cost more than
// the reading.
bool FileSystemReader::read(const std::string& path, std::string* contents) const {
  // Non-blocking, so that opening a FIFO does not wait for a writer; it is then refused as no file.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return false;
  struct stat info {};
  std::string text;
  bool whole = ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode);  // a directory is not a file to read
  if (whole) text.resize(static_cast<std::size_t>(info.st_size) + 1);
  std::size_t filled = 0;
  while (whole) {
    if (filled == text.size()) text.resize(text.size() * 2);
    const ssize_t got = ::read(fd, text.data() + filled, text.size() - filled);
    if (got == 0) break;
    if (got < 0 && errno != EINTR) whole = false;
    if (got > 0) filled += static_cast<std::size_t>(got);
  }
  ::close(fd);
  if (!whole) return false;
  text.resize(filled);
  *contents = std::move(text);
  return true;
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

namespace {

std::string with_slash(std::string path) {
  if (path.empty() || path.back() != '/') path += '/';
  return path;
}

std::string resolved(const std::string& path) {
  char buffer[PATH_MAX];
  return ::realpath(path.c_str(), buffer) != nullptr ? std::string(buffer) : std::string();
}

}  // namespace

DirectoryReader::DirectoryReader(std::string root, std::string shown_as)
    : root_(with_slash(std::move(root))), resolved_root_(with_slash(resolved(root_))), shown_as_(std::move(shown_as)) {}

std::string DirectoryReader::resolve(const std::string& path) const {
  const std::string relative = normalize_repository_path(path);
  if (relative.empty() || relative.rfind("../", 0) == 0 || relative == "..") return "";
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

std::optional<std::uint64_t> DirectoryReader::size(const std::string& path) const {
  const std::string full = resolve(path);
  if (full.empty()) return std::nullopt;
  return files_.size(full);
}

}  // namespace fbcompat
