// An exclusive lock on a directory for a whole run, so that two writers of golden programs or lock
// files (two CI jobs, a release script and a developer) cannot interleave and lose each other's
// entries. It is flock(2) on the directory itself: no lock file is left behind, and the kernel
// releases it when the process ends, however it ends.
#pragma once

#include <chrono>
#include <string>

#include "fbcompat/core/error.h"

namespace fbcompat {

class DirectoryLock {
 public:
  // Waits up to `patience` for another holder to finish, then refuses with an error naming the
  // directory and `purpose` ("golden freeze"). Zero patience refuses at once.
  static Expected<DirectoryLock> acquire(const std::string& directory, const std::string& purpose,
                                         std::chrono::milliseconds patience = std::chrono::seconds(120));

  DirectoryLock(DirectoryLock&& other) noexcept;
  DirectoryLock& operator=(DirectoryLock&& other) noexcept;
  DirectoryLock(const DirectoryLock&) = delete;
  DirectoryLock& operator=(const DirectoryLock&) = delete;
  ~DirectoryLock();

 private:
  explicit DirectoryLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace fbcompat
