// fbcompat lock: writes (or checks) each family's lock file from its released history.
#include <fmt/format.h>

#include "command.h"
#include "fbcompat/atomic_file.h"
#include "fbcompat/lock.h"
#include "project_config.h"
#include "fbcompat/source_reader.h"

namespace fbcompat::cli {
namespace {

struct LockArguments {
  std::string config;
  bool check = false;
};

int run_lock(const LockArguments& arguments) {
  auto config = load_project_config(arguments.config);
  if (!config) return report_error(config.error());
  int exit_code = kCompatible;
  std::size_t locked = 0;
  for (const FamilyConfig& family : config->families) {
    if (family.lock.empty()) continue;
    ++locked;
    auto history = load_family_history(family);
    if (!history) return report_error(history.error());
    const Lock lock = build_lock(*history);
    const std::string text = format_lock(lock);
    if (arguments.check) {
      std::string current;
      if (!FileSystemReader().read(family.lock, &current)) {
        fmt::print("{}: error: [LOCK_OUT_OF_DATE] the lock file is missing; run `fbcompat lock`\n", family.lock);
        exit_code = kBreaking;
      } else if (current != text) {
        fmt::print("{}: error: [LOCK_OUT_OF_DATE] the lock file does not match the released schemas; run `fbcompat lock` "
                   "and commit the result\n",
                   family.lock);
        exit_code = kBreaking;
      } else {
        fmt::print("{}: up to date\n", family.lock);
      }
      continue;
    }
    if (auto error = write_file_atomically(family.lock, text)) return report_error(*error);
    fmt::print("{}: written ({} release{})\n", family.lock, lock.releases.size(), lock.releases.size() == 1 ? "" : "s");
  }
  if (locked == 0) return report_error(Error{config->path, 0, 0, "no [[family]] names a lock file (lock = \"...\")"});
  return exit_code;
}

}  // namespace

void add_lock_command(CLI::App& app, int& exit_code) {
  auto arguments = std::make_shared<LockArguments>();
  CLI::App* command = app.add_subcommand(
      "lock", "Write each family's lock file: every type id, slot and value ever released, retired ones included");
  command->add_option("--config", arguments->config, "Configuration file (default: the nearest fbcompat.toml)");
  command->add_flag("--check", arguments->check, "Do not write: exit 1 when a lock file is missing or out of date");
  command->footer(
      "Examples:\n"
      "  fbcompat lock            # after a release: record it\n"
      "  fbcompat lock --check    # in CI: the lock covers every release\n");
  command->callback([arguments, &exit_code] { exit_code = run_lock(*arguments); });
}

}  // namespace fbcompat::cli
