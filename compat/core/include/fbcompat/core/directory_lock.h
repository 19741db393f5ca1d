// A lock on a directory for a whole run. Exclusive for a writer of golden programs or lock files, so
// that two writers (two CI jobs, a release script and a developer) cannot interleave and lose each
// other's entries; shared for a reader of them (golden verify, the audit, lock --check), so that it never
// sees a freeze's files placed but not yet recorded, and readers do not wait for one another. It is
// flock(2) on the directory itself: no lock file is left behind, and the kernel releases it when the
// process ends, however it ends.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "fbcompat/core/error.h"

namespace fbcompat {

enum class LockMode { Exclusive, Shared };

class DirectoryLock {
 public:
  // Waits up to `patience` for a holder of the other kind (for an exclusive lock: any other holder) to
  // finish, then refuses with an error naming the directory and `purpose` ("golden freeze"). Zero
  // patience refuses at once.
  static Expected<DirectoryLock> acquire(const std::string& directory, const std::string& purpose,
                                         std::chrono::milliseconds patience = std::chrono::seconds(120),
                                         LockMode mode = LockMode::Exclusive);
  // A reader's shared lock (golden verify, the audit), or none when the directory does not exist: the
  // reader then says what it misses, in its own words.
  static Expected<std::optional<DirectoryLock>> share(const std::string& directory, const std::string& purpose);

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
