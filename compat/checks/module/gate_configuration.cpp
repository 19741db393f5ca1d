#include "module/gate_configuration.h"

#include <filesystem>

#include "fbcompat/base/limits.h"
#include "fbcompat/core/regular_file.h"

namespace fbcompat {
namespace {

namespace fs = std::filesystem;

std::string without_trailing_slash(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

// The index's fbcompat.toml: what the commit will hold. A link is refused: its blob is a path, not text.
Expected<Config> staged_config(const GitIndexReader& index, const std::string& path, const std::string& root,
                               const GateOptions& options) {
  if (index.is_link(path)) {
    return Error{path, 0, 0,
                 "is staged as a symbolic link; a configuration must be a regular file in the repository, so it was "
                 "not read"};
  }
  std::string text;
  if (!index.read(path, &text)) return Config{};
  return read_config(text, path, without_trailing_slash(root), options.rules);
}

// The work tree's, at the repository's root: a regular file, or a link to one inside the repository.
Expected<Config> work_tree_config(const std::string& root, const GateOptions& options, std::vector<std::string>& files_read) {
  auto found = config_in(root, root);
  if (!found) {
    Error refused = found.error();
    refused.file = "fbcompat.toml";  // named as the repository names it, as findings are
    return refused;
  }
  if (!*found) return Config{};
  files_read.push_back(**found);
  std::string text;
  const RegularFileRead read = read_regular_file(**found, limits::kSchemaFileSize, text);
  if (read.outcome != RegularFileRead::Outcome::Read) {
    return Error{"fbcompat.toml", 0, 0,
                 regular_file_problem(read, limits::kSchemaFileSizeName, limits::kSchemaFileSize)};
  }
  return read_config(text, "fbcompat.toml", without_trailing_slash(root), options.rules);
}

// A configuration's module as repository paths, so that two configurations read from different places
// compare as the repository names things.
Config module_in_repository(const GitRepository& repository, Config config) {
  for (std::vector<std::string>* paths : {&config.module.roots, &config.module.exclude}) {
    if (auto relative = repository_paths(repository, *paths)) *paths = std::move(relative.value());
  }
  return config;
}

}  // namespace

// The configuration of a side on the file system: --config as given, else the nearest fbcompat.toml from
// `start` up to its repository's root.
Expected<Config> config_near(const std::string& start, const GateOptions& options, std::vector<std::string>& files_read) {
  if (!options.config.empty()) {
    files_read.push_back(options.config);
    return load_config(options.config, options.rules);
  }
  auto found = find_config(start);
  if (!found) return found.error();
  if (!*found) return Config{};
  files_read.push_back(**found);
  return load_config(**found, options.rules);
}

Expected<Configurations> repository_configurations(GitRepository& repository, const GitTreeReader& base,
                                                   const GitIndexReader* index, const GateOptions& options,
                                                   std::vector<std::string>& files_read) {
  const std::string root = repository.workdir();
  Configurations configurations;
  std::optional<std::string> in_repository = std::string("fbcompat.toml");
  if (!options.config.empty()) {
    files_read.push_back(options.config);
    auto given = load_config(options.config, options.rules);
    if (!given) return given.error();
    configurations.current = std::move(given.value());
    auto relative = repository.relative_path(options.config);
    in_repository = relative ? std::optional<std::string>(*relative) : std::nullopt;
  } else {
    files_read.push_back(root + "fbcompat.toml");  // what --staged reads from the index is still the work tree's file
    auto current = index != nullptr ? staged_config(*index, "fbcompat.toml", root, options)
                                    : work_tree_config(root, options, files_read);
    if (!current) return current.error();
    configurations.current = std::move(current.value());
  }
  if (in_repository) {
    std::string text;
    const std::string directory = fs::path(root + *in_repository).parent_path().string();
    if (base.is_link(*in_repository) || !base.read(*in_repository, &text)) {
      configurations.base = Config{};
    } else if (auto read = read_config(text, base.display_name(*in_repository), directory, options.rules)) {
      configurations.base = std::move(read.value());
    }
    // A base configuration this fbcompat cannot read (a rule it does not know) is no base to compare with.
  }
  return configurations;
}

// Paths as the command names them (relative to the current directory, or absolute) as repository paths.
Expected<std::vector<std::string>> repository_paths(const GitRepository& repository, const std::vector<std::string>& paths) {
  std::vector<std::string> relative;
  for (const std::string& path : paths) {
    auto converted = repository.relative_path(path);
    if (!converted) return converted.error();
    relative.push_back(*converted);
  }
  return relative;
}

// CONFIG_LOOSENED: what the judged side's configuration accepts that the base's did not.
void judge_configuration(GateResult& result, const GitRepository& repository, const Configurations& configurations,
                         const std::string& base_name, const std::vector<std::string>& left_out,
                         const GateOptions& options) {
  if (!configurations.base) return;
  LooseningContext run;
  run.base_name = base_name;
  run.findings = &result.findings;
  run.changed_files_left_out = left_out;
  result.configuration_findings =
      configuration_loosened(module_in_repository(repository, *configurations.base),
                             module_in_repository(repository, result.config), options.rules, run);
  result.base_policy = configurations.base->policy;
}

}  // namespace fbcompat
