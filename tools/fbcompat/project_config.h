// The configuration a command runs with: --config, else the nearest fbcompat.toml, else defaults.
#pragma once

#include <optional>
#include <string>

#include "command.h"
#include "fbcompat/core/config.h"
#include "fbcompat/checks/lock.h"

namespace fbcompat::cli {

// `required`: commands that need histories (audit, pair and lock without arguments) fail without a file.
// What the file should change although it still works (Config::notes) is said on stderr.
Expected<Config> load_project_config(const std::string& explicit_path, bool required = true);

// What a command that runs from the configuration reads: the file itself and every history's
// directories and files (for -o's refusal to overwrite an input).
std::vector<std::string> configured_inputs(const Config& config);

// The configuration's policy, made strict by --strict.
Policy policy_for(const Config& config, const OutputOptions& output);

// The lock that guards a schema file: the lock of the history whose directory holds the file, and the
// section for the file's name. Nullopt when no history covers it, it has no lock, or it is the copy of a
// version older than the history's newest.
struct LockGuard {
  std::string path;
  Lock lock;
  LockSection section;
};
Expected<std::optional<LockGuard>> lock_for_schema(const Config& config, const std::string& schema_path,
                                                   const std::string& explicit_lock);

}  // namespace fbcompat::cli
