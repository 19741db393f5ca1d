// The project configuration, fbcompat.toml at the repository root: the schema histories (so commands
// run with no arguments) and how findings are judged (severities, ignored subjects with reasons).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/policy.h"
#include "fbcompat/core/rule.h"

namespace fbcompat {

// A versioned schema history, [[history]]: <directory>/manifest.toml and <directory>/<version>/{writer,
// reader}. A delegate family's history (its golden programs, its runtime) has the family's name
// (fbcompat/release/delegate_families.h); any other project's history any name.
struct HistoryConfig {
  std::string name;
  std::string directory;  // absolute, or relative to the current directory once loaded
  std::string writer = "schema.fbs";
  std::string reader = "runtime_schema.fbs";
  std::vector<std::string> accept_identifiers;  // accepted by every reader, besides the manifest's
  std::vector<std::string> include_dirs;
  std::string golden;  // directory of golden programs; empty when none
  std::string lock;    // lock file; empty when none
  // How the audit checks the runtime's node definitions against the newest reader schema:
  // "builtin" (the runtime fbcompat has of the delegate family), or the C++ runtime sources to scan
  // (read with the family's dispatch conventions); neither: none.
  std::string runtime;
  std::vector<std::string> runtime_sources;

  std::string manifest_path() const { return directory + "/manifest.toml"; }
  std::string writer_path(const std::string& version) const { return directory + "/" + version + "/" + writer; }
  std::string reader_path(const std::string& version) const { return directory + "/" + version + "/" + reader; }
};

// The module `diff --against` checks when given no paths: its schema files, their include directories,
// and moves of files that git's rename detection cannot see (a file rewritten as it moved).
struct ModuleConfig {
  std::vector<std::string> roots;  // directories or files; empty: every tracked .fbs under the current directory
  std::vector<std::string> include_dirs;
  std::vector<std::pair<std::string, std::string>> renames;  // old path, new path
};

struct Config {
  std::string path;  // the file it was read from; empty for the built-in defaults
  std::vector<HistoryConfig> histories;
  // What the file should change although it still works ("file:line: ..."): [[family]], the old name
  // of [[history]], is read as it.
  std::vector<std::string> notes;
  Policy policy;
  std::size_t union_capacity_warning = 200;
  std::vector<std::string> root_tables;  // [diff] root_tables: tables data may start at, besides root_type
  ModuleConfig module;

  const HistoryConfig* find_history(const std::string& name) const;
};

// Reads a configuration. Paths in it are relative to its directory. Unknown keys, wrong types,
// ignores without a reason and rule ids not among `rules` (the catalogue of every rule,
// fbcompat/release/rule_catalogue.h) are errors naming the file, line and key.
Expected<Config> load_config(const std::string& path, const std::vector<RuleInfo>& rules);

// The nearest fbcompat.toml in `start_dir` or its parents, up to the root of the git repository that
// holds `start_dir` (a directory with a .git), or the file system's root outside a repository.
std::optional<std::string> find_config(const std::string& start_dir);

}  // namespace fbcompat
