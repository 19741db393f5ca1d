// fbcompat lock: writes (or checks) each family's lock file from its released history.
#include <fmt/format.h>

#include "command.h"
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

int run_lock(const LockArguments& arguments) {
  auto config = load_project_config(arguments.config);
  if (!config) return report_error(config.error());
  std::vector<Finding> findings;
  std::vector<std::string> checked;
  for (const FamilyConfig& family : config->families) {
    if (family.lock.empty()) continue;
    auto history = load_family_history(family);
    if (!history) return report_error(history.error());
    const Lock lock = build_lock(*history);
    const std::string text = format_lock(lock);
    checked.push_back(family.lock);
    if (arguments.check) {
      if (auto stale = check_lock_file(family.lock, family.name, text)) findings.push_back(std::move(*stale));
      continue;
    }
    if (auto error = write_output_file(family.lock, text)) return report_error(*error);
    fmt::print("{}: written ({} release{})\n", family.lock, lock.releases.size(), lock.releases.size() == 1 ? "" : "s");
  }
  if (checked.empty()) return report_error(Error{config->path, 0, 0, "no [[family]] names a lock file (lock = \"...\")"});
  if (!arguments.check) return kCompatible;
  return emit_findings(std::move(findings), arguments.output, policy_for(*config, arguments.output),
                       fmt::format("{} against the released schemas", fmt::join(checked, ", ")));
}

}  // namespace

void add_lock_command(CLI::App& app, int& exit_code) {
  auto arguments = std::make_shared<LockArguments>();
  CLI::App* command = app.add_subcommand(
      "lock", "Write each family's lock file: every type id, slot and value ever released, retired ones included");
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
