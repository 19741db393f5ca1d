#include "fbcompat/core/source_reader.h"

#include <sys/stat.h>

#include <fstream>
#include <sstream>

namespace fbcompat {

bool FileSystemReader::read(const std::string& path, std::string* contents) const {
  if (!exists(path)) return false;
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return false;
  *contents = std::move(buffer).str();
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

}  // namespace fbcompat
