#include "project_config.h"

namespace fbcompat::cli {

Expected<Config> load_project_config(const std::string& explicit_path, bool required) {
  if (!explicit_path.empty()) return load_config(explicit_path);
  if (auto found = find_config(".")) return load_config(*found);
  if (required) {
    return Error{"fbcompat.toml", 0, 0,
                 "no fbcompat.toml in this directory or its parents: give the schemas as arguments, or --config FILE"};
  }
  return Config{};
}

Policy policy_for(const Config& config, const OutputOptions& output) {
  Policy policy = config.policy;
  policy.strict = policy.strict || output.strict;
  return policy;
}

}  // namespace fbcompat::cli
