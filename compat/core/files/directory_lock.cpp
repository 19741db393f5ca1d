#include "fbcompat/core/directory_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>
#include <utility>

#include <fmt/format.h>

namespace fbcompat {

Expected<DirectoryLock> DirectoryLock::acquire(const std::string& directory, const std::string& purpose,
                                               std::chrono::milliseconds patience, LockMode mode) {
  const int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return Error{directory, 0, 0, fmt::format("cannot lock the directory: {}", std::strerror(errno))};
  // Polled rather than blocking in flock(): a run that waits forever would hang CI.
  const auto deadline = std::chrono::steady_clock::now() + patience;
  while (::flock(fd, (mode == LockMode::Shared ? LOCK_SH : LOCK_EX) | LOCK_NB) != 0) {
    const int error = errno;
    if (error == EINTR) continue;
    if (error != EWOULDBLOCK || std::chrono::steady_clock::now() >= deadline) {
      ::close(fd);
      if (error != EWOULDBLOCK) {
        return Error{directory, 0, 0, fmt::format("cannot lock the directory: {}", std::strerror(error))};
      }
      return Error{directory, 0, 0,
                   mode == LockMode::Shared
                       ? fmt::format("another run is writing this directory (waited {} s to read it for {}): run "
                                     "again when it has finished",
                                     std::chrono::duration_cast<std::chrono::seconds>(patience).count(), purpose)
                       : fmt::format("another {} holds this directory (waited {} s): run again when it has finished",
                                     purpose, std::chrono::duration_cast<std::chrono::seconds>(patience).count())};
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return DirectoryLock(fd);
}

Expected<std::optional<DirectoryLock>> DirectoryLock::share(const std::string& directory, const std::string& purpose) {
  struct stat info {};
  if (::stat(directory.c_str(), &info) != 0 && errno == ENOENT) return std::optional<DirectoryLock>();
  auto lock = acquire(directory, purpose, std::chrono::seconds(120), LockMode::Shared);
  if (!lock) return lock.error();
  return std::optional<DirectoryLock>(std::move(lock.value()));
}

DirectoryLock::DirectoryLock(DirectoryLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

DirectoryLock& DirectoryLock::operator=(DirectoryLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

DirectoryLock::~DirectoryLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the flock
}

}  // namespace fbcompat
