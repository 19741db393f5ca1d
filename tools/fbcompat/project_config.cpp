#include "project_config.h"

#include <cstdio>
#include <filesystem>

#include <fmt/format.h>

#include "fbcompat/release/rule_catalogue.h"

namespace fbcompat::cli {
namespace {

// What the file should change although it still works, said on stderr: the report stays the report.
Expected<Config> with_notes_said(Expected<Config> config) {
  if (config) {
    for (const std::string& note : config->notes) std::fprintf(stderr, "fbcompat: note: %s\n", note.c_str());
  }
  return config;
}

}  // namespace

Expected<Config> load_project_config(const std::string& explicit_path, bool required) {
  if (!explicit_path.empty()) return with_notes_said(load_config(explicit_path, all_rules()));
  auto found = find_config(".");
  if (!found) return found.error();
  if (*found) return with_notes_said(load_config(**found, all_rules()));
  if (required) {
    return Error{"fbcompat.toml", 0, 0,
                 "no fbcompat.toml in this directory or its parents: give the schemas as arguments, or --config FILE"};
  }
  return Config{};
}

std::vector<std::string> configured_inputs(const Config& config) {
  std::vector<std::string> inputs;
  if (!config.path.empty()) inputs.push_back(config.path);
  for (const HistoryConfig& family : config.histories) {
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
