#include "project_config.h"

#include <cstdio>
#include <filesystem>

#include <fmt/format.h>

#include "fbcompat/core/manifest.h"
#include "fbcompat/release/rule_catalogue.h"

namespace fbcompat::cli {
namespace {

namespace fs = std::filesystem;

bool inside(const std::string& file, const std::string& directory) {
  std::error_code error;
  const std::string dir = fs::weakly_canonical(directory, error).string() + "/";
  const std::string path = fs::weakly_canonical(file, error).string();
  return path.compare(0, dir.size(), dir) == 0;
}

// A copy of a version the history has moved past (schemas/<name>/v0.1.0/schema.fbs) is history: the
// lock, built from every release, guards only the newest version's files and files outside version
// directories.
bool older_version_copy(const std::string& file, const HistoryConfig& family) {
  std::error_code error;
  if (!fs::is_regular_file(family.manifest_path(), error)) return false;
  auto manifest = load_manifest(family.manifest_path());
  if (!manifest || manifest->versions.empty()) return false;
  for (std::size_t i = 0; i + 1 < manifest->versions.size(); ++i) {
    if (inside(file, family.directory + "/" + manifest->versions[i].name)) return true;
  }
  return false;
}

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
  if (auto found = find_config(".")) return with_notes_said(load_config(*found, all_rules()));
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

namespace fbcompat::cli {

Expected<std::optional<LockGuard>> lock_for_schema(const Config& config, const std::string& schema_path,
                                                   const std::string& explicit_lock) {
  std::string lock_path = explicit_lock;
  if (lock_path.empty()) {
    for (const HistoryConfig& family : config.histories) {
      if (!family.lock.empty() && inside(schema_path, family.directory) && !older_version_copy(schema_path, family)) {
        lock_path = family.lock;
      }
    }
  }
  if (lock_path.empty()) return std::optional<LockGuard>{};
  auto lock = read_lock(lock_path);
  if (!lock) return lock.error();
  const std::string file_name = fs::path(schema_path).filename().string();
  const LockSection* section = lock->section_for_file(file_name);
  if (section == nullptr) {
    if (!explicit_lock.empty()) {
      return Error{lock_path, 0, 0, fmt::format("has no section for {} (its sections name their file)", file_name)};
    }
    return std::optional<LockGuard>{};
  }
  LockGuard guard{lock_path, *lock, *section};
  return std::optional<LockGuard>{std::move(guard)};
}

}  // namespace fbcompat::cli
