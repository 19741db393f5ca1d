#include "fbcompat/core/source_reader.h"

#include <sys/stat.h>

#include <climits>
#include <cstdint>
#include <cstdlib>

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
