// The project configuration, fbcompat.toml at the repository root: the schema histories (so commands
// run with no arguments) and how findings are judged (severities, ignored subjects with reasons).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
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
// and moves of files that git's rename detection cannot see (a file rewritten as it moved). Roots and
// exclusions are directories, files or globs (`*` within a name, `**` across directories, `?`, `[...]`).
struct ModuleConfig {
  std::vector<std::string> roots;    // empty: every tracked .fbs under the current directory
  std::vector<std::string> exclude;  // left out of the module (fixtures that never parse, vendored copies)
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
  // Where keys are written, for findings about them: "rules.FILE_NO_DELETE", "module.exclude",
  // "module.roots", "diff.union_capacity_warning" to their line.
  std::map<std::string, std::uint32_t> lines;

  const HistoryConfig* find_history(const std::string& name) const;
};

// Reads a configuration. Paths in it are relative to its directory. Unknown keys, wrong types,
// ignores without a reason and rule ids not among `rules` (the catalogue of every rule,
// fbcompat/release/rule_catalogue.h) are errors naming the file, line and key. Anything but a regular
// file (a directory, a FIFO, a device) is refused unread, with a message saying what it is.
Expected<Config> load_config(const std::string& path, const std::vector<RuleInfo>& rules);

// The same for a configuration's text read elsewhere (a git ref's tree, the index): `shown_as` names it in
// errors and reports, and its relative paths are relative to `base_dir`.
Expected<Config> read_config(const std::string& text, const std::string& shown_as, const std::string& base_dir,
                             const std::vector<RuleInfo>& rules);

// The nearest fbcompat.toml in `start_dir` or its parents, up to the root of the git repository that
// holds `start_dir` (a directory with a .git), or the file system's root outside a repository. One that
// is not a regular file, or a symbolic link to a file outside that repository (outside a repository:
// outside its own directory), is an error, and is never read: a checkout's configuration cannot make a
// command read, or quote, a file elsewhere on the machine.
Expected<std::optional<std::string>> find_config(const std::string& start_dir);

// `directory`/fbcompat.toml when there is one, checked as find_config checks the file it finds, with
// `boundary` (a repository's root) as where a link may lead.
Expected<std::optional<std::string>> config_in(const std::string& directory, const std::string& boundary);

// What a run saw, for configuration_loosened to say what each loosening lets through in it.
struct LooseningContext {
  std::string base_name;                     // "origin/main": where the base configuration was read
  const std::vector<Finding>* findings = nullptr;  // the run's findings, before any policy judged them
  // Schema files the change touched that the base configuration's module covers and the current one no
  // longer does.
  std::vector<std::string> changed_files_left_out;
};

// What `current` accepts that `base` did not: a rule made less severe, an [[ignore]] added, the module
// narrowed ([module] roots or exclude), the union capacity warning raised. One CONFIG_LOOSENED finding
// each, at its line in `current`: an error when it lets through an error of this run (which it names),
// else a warning. The caller judges them by the base's policy, so that a change cannot accept its own
// breaks unseen. `rules` gives each rule's default severity.
std::vector<Finding> configuration_loosened(const Config& base, const Config& current,
                                            const std::vector<RuleInfo>& rules, const LooseningContext& run);

}  // namespace fbcompat
