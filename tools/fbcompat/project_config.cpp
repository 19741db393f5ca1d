#include "project_config.h"

#include <filesystem>

#include <fmt/format.h>

#include "fbcompat/release/rule_catalogue.h"

namespace fbcompat::cli {

Expected<Config> load_project_config(const std::string& explicit_path, bool required) {
  if (!explicit_path.empty()) return load_config(explicit_path, all_rules());
  auto found = find_config(".");
  if (!found) return found.error();
  if (*found) return load_config(**found, all_rules());
  if (required) {
    return Error{"fbcompat.toml", 0, 0,
                 "no fbcompat.toml in this directory or its parents: give the schemas as arguments, or --config FILE"};
  }
  return Config{};
}

std::vector<std::string> configured_inputs(const Config& config) {
  std::vector<std::string> inputs;
  if (!config.path.empty()) inputs.push_back(config.path);
  for (const FamilyConfig& family : config.families) {
    for (const std::string* path : {&family.directory, &family.golden, &family.lock}) {
      if (!path->empty()) inputs.push_back(*path);
    }
    inputs.insert(inputs.end(), family.include_dirs.begin(), family.include_dirs.end());
    inputs.insert(inputs.end(), family.runtime_sources.begin(), family.runtime_sources.end());
  }
  return inputs;
}

Policy policy_for(const Config& config, const OutputOptions& output) {
  Policy policy = config.policy;
  policy.strict = policy.strict || output.strict;
  return policy;
}

}  // namespace fbcompat::cli
