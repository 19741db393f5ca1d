// The configuration a gate run is judged by: the judged side's own, never one that happens to lie above or
// beside it, and for a git ref the base's too, to find what a change to it loosens.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "fbcompat/checks/gate.h"
#include "fbcompat/core/config.h"
#include "fbcompat/core/error.h"
#include "fbcompat/core/git_source.h"

namespace fbcompat {

// A side on the file system (two files, two directories): --config as given, else the nearest
// fbcompat.toml from `start` up to its repository's root. `files_read` gains the file read.
Expected<Config> config_near(const std::string& start, const GateOptions& options, std::vector<std::string>& files_read);

struct Configurations {
  Config current;
  std::optional<Config> base;  // none: no base to compare with (a --config outside the repository)
};

// A repository against a ref: the index's fbcompat.toml (`index` given, --staged), else the work tree's,
// at the repository's root wherever the command runs, or --config; and the same file at the ref.
Expected<Configurations> repository_configurations(GitRepository& repository, const GitTreeReader& base,
                                                   const GitIndexReader* index, const GateOptions& options,
                                                   std::vector<std::string>& files_read);

// Paths as the command or a configuration names them (relative to the current directory, or absolute) as
// repository paths.
Expected<std::vector<std::string>> repository_paths(const GitRepository& repository, const std::vector<std::string>& paths);

// CONFIG_LOOSENED findings for what `result.config` accepts that the base's did not, with the base's policy
// to judge them: set in `result`. `left_out`: changed files the base's module covered and this one does not.
void judge_configuration(GateResult& result, const GitRepository& repository, const Configurations& configurations,
                         const std::string& base_name, const std::vector<std::string>& left_out,
                         const GateOptions& options);

}  // namespace fbcompat
