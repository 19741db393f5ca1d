// The configuration a command runs with: --config, else the nearest fbcompat.toml, else defaults.
#pragma once

#include <optional>
#include <string>

#include "command.h"
#include "fbcompat/core/config.h"

namespace fbcompat::cli {

// `required`: commands that need histories (audit, pair and lock without arguments) fail without a file.
// What the file should change although it still works (Config::notes) is said on stderr.
Expected<Config> load_project_config(const std::string& explicit_path, bool required = true);

// What a command that runs from the configuration reads: the file itself and every history's
// directories and files (for -o's refusal to overwrite an input).
std::vector<std::string> configured_inputs(const Config& config);

// The configuration's policy, made strict by --strict.
Policy policy_for(const Config& config, const OutputOptions& output);

}  // namespace fbcompat::cli
