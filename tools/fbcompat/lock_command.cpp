// fbcompat lock: writes (or checks) each history's lock file from its released versions.
#include <filesystem>
#include <set>

#include <fmt/format.h>

#include "command.h"
#include "fbcompat/core/directory_lock.h"
#include "fbcompat/core/output_file.h"
#include "fbcompat/checks/lock.h"
#include "project_config.h"

namespace fbcompat::cli {
namespace {

struct LockArguments {
  std::string config;
  bool check = false;
  OutputOptions output;  // --check's report
};

// Each directory that holds a lock file, locked for the whole run (in one order, so two runs cannot
// each hold one and wait for the other): two `fbcompat lock` runs never interleave their writes, and
// --check (shared) never reads a lock file half-way through a write.
Expected<std::vector<DirectoryLock>> lock_directories(const Config& config, LockMode mode) {
  std::set<std::string> directories;
  for (const HistoryConfig& family : config.histories) {
    if (family.lock.empty()) continue;
    const std::string dir = std::filesystem::path(family.lock).parent_path().string();
    directories.insert(dir.empty() ? "." : dir);
  }
  std::vector<DirectoryLock> locks;
  for (const std::string& dir : directories) {
    if (mode == LockMode::Shared) {
      auto lock = DirectoryLock::share(dir, "fbcompat lock --check");
      if (!lock) return lock.error();
      if (*lock) locks.push_back(std::move(**lock));
      continue;
    }
    auto lock = DirectoryLock::acquire(dir, "fbcompat lock");
    if (!lock) return lock.error();
    locks.push_back(std::move(lock.value()));
  }
  return locks;
}

int run_lock(const LockArguments& arguments) {
  if (!arguments.check && !arguments.output.output_path.empty()) {
    return report_error(
        "-o applies to --check's report: `fbcompat lock` writes each history's own lock file (lock = \"...\" in "
        "fbcompat.toml); to see a lock without writing it, use --check");
  }
  auto config = load_project_config(arguments.config);
  if (!config) return report_error(config.error());
  if (output_would_destroy_input(arguments.output, configured_inputs(*config))) return kBadInput;
  auto held = lock_directories(*config, arguments.check ? LockMode::Shared : LockMode::Exclusive);
  if (!held) return report_error(held.error());
  std::vector<Finding> findings;
  std::vector<std::string> checked;
  std::string written;
  for (const HistoryConfig& family : config->histories) {
    if (family.lock.empty()) continue;
    auto history = load_history(family);
    if (!history) return report_error(history.error());
    const Lock lock = build_lock(*history);
    const std::string text = format_lock(lock);
    checked.push_back(family.lock);
    if (arguments.check) {
      if (auto stale = check_lock_file(family.lock, family.name, text)) findings.push_back(std::move(*stale));
      continue;
    }
    if (auto error = write_output_file(family.lock, text)) return report_error(*error);
    written += fmt::format("{}: written ({} release{})\n", family.lock, lock.releases.size(), lock.releases.size() == 1 ? "" : "s");
  }
  if (checked.empty()) return report_error(Error{config->path, 0, 0, "no [[history]] names a lock file (lock = \"...\")"});
  if (!arguments.check) return write_report(written, "");
  return emit_findings(std::move(findings), arguments.output, policy_for(*config, arguments.output),
                       fmt::format("{} against the released schemas", fmt::join(checked, ", ")));
}

}  // namespace

void add_lock_command(CLI::App& app, int& exit_code) {
  auto arguments = std::make_shared<LockArguments>();
  CLI::App* command = app.add_subcommand(
      "lock", "Write each history's lock file: every type id, slot and value ever released, retired ones included");
  command->add_option("--config", arguments->config, "Configuration file (default: the nearest fbcompat.toml)");
  command->add_flag("--check", arguments->check, "Do not write: exit 1 when a lock file is missing or out of date");
  add_output_options(*command, arguments->output);
  command->footer(
      "Examples:\n"
      "  fbcompat lock            # after a release: record it\n"
      "  fbcompat lock --check    # in CI: the lock covers every release\n"
      "  fbcompat lock --check --format github\n"
      "--format, --output and --strict apply to --check's report.\n");
  command->callback([arguments, &exit_code] { exit_code = run_lock(*arguments); });
}

}  // namespace fbcompat::cli
