#include "fbcompat/core/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace fbcompat {
namespace {

std::string system_error() { return std::strerror(errno); }

bool write_all(int fd, std::string_view contents) {
  while (!contents.empty()) {
    const ssize_t written = ::write(fd, contents.data(), contents.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    contents.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

}  // namespace

std::optional<Error> write_output_file(const std::string& path, std::string_view contents, Overwrite overwrite) {
  const auto slash = path.find_last_of('/');
  const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash);
  const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  std::string temporary = dir + "/." + base + ".tmp-XXXXXX";
  const int fd = ::mkstemp(temporary.data());
  if (fd < 0) return Error{path, 0, 0, fmt::format("cannot create a temporary file in {}: {}", dir, system_error())};
  const bool written = write_all(fd, contents) && ::fsync(fd) == 0;
  const std::string write_error = written ? std::string() : system_error();
  ::close(fd);
  if (!written) {
    ::unlink(temporary.c_str());
    return Error{path, 0, 0, fmt::format("cannot write: {}", write_error)};
  }
  ::chmod(temporary.c_str(), 0644);
  if (overwrite == Overwrite::Refused) {
    // link() fails when the target exists: no window between checking and creating.
    const int linked = ::link(temporary.c_str(), path.c_str());
    const int link_errno = errno;
    ::unlink(temporary.c_str());
    if (linked != 0) {
      return Error{path, 0, 0,
                   link_errno == EEXIST ? std::string("already exists, and is never overwritten")
                                        : fmt::format("cannot create: {}", std::strerror(link_errno))};
    }
    return std::nullopt;
  }
  if (::rename(temporary.c_str(), path.c_str()) != 0) {
    const std::string rename_error = system_error();
    ::unlink(temporary.c_str());
    return Error{path, 0, 0, fmt::format("cannot replace: {}", rename_error)};
  }
  return std::nullopt;
}

}  // namespace fbcompat
