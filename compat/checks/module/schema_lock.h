// The lock that guards a schema file: the lock of the configured family whose directory holds it, and the
// section for the file's name. A copy of a version older than the family's newest is history, guarded by
// no lock.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "fbcompat/checks/lock.h"
#include "fbcompat/core/config.h"
#include "fbcompat/core/error.h"

namespace fbcompat {

struct LockGuard {
  std::string path;
  Lock lock;
  LockSection section;
};

// `explicit_lock`: a lock given (--lock), which must have a section for the file. `files_read` gains the
// lock and every manifest read to decide.
Expected<std::optional<LockGuard>> lock_for_schema(const Config& config, const std::string& schema_path,
                                                   const std::string& explicit_lock, std::vector<std::string>& files_read);

}  // namespace fbcompat
