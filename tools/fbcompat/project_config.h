// The configuration a command runs with: --config, else the nearest fbcompat.toml, else defaults.
#pragma once

#include <string>

#include "command.h"
#include "fbcompat/config.h"

namespace fbcompat::cli {

// `required`: commands that need families (audit, pair and lock without arguments) fail without a file.
Expected<Config> load_project_config(const std::string& explicit_path, bool required = true);

// The configuration's policy, made strict by --strict.
Policy policy_for(const Config& config, const OutputOptions& output);

}  // namespace fbcompat::cli
