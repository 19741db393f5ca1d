// fbcompat audit: the release compatibility audit, of the configured histories (the bundled schemas/ by
// default: each delegate family's) or of one file's versions straight from git.
#include <fmt/format.h>

#include "command.h"
#include "fbcompat/release/audit.h"
#include "fbcompat/release/audit_report.h"
#include "fbcompat/release/history_audit.h"
#include "project_config.h"
#include "reference_runtime.h"

namespace fbcompat::cli {
namespace {

struct AuditArguments {
  std::string config;
  std::vector<std::string> histories;  // --history, or --family (a delegate family's history has its name)
  std::string git_repository;
  std::string git_path;
  std::vector<std::string> refs;
  std::vector<std::string> include_dirs;
  unsigned threads = 0;
  OutputOptions output;
};

// `complete`: the audit covered every history the configuration's ignores are about, so an ignore that
// accepted nothing is stale.
int emit_audit(std::vector<AuditReport> reports, const OutputOptions& output, const Policy* complete = nullptr) {
  AuditReports report(std::move(reports));
  if (complete != nullptr) report.report_unused_ignores(*complete);
  return emit(report, output, "fbcompat audit");
}

int run_git_audit(const AuditArguments& arguments) {
  if (arguments.git_path.empty() || arguments.refs.empty()) {
    return report_error("with --git, give the file and the refs: --path schemas/x.fbs --refs v1.0,v1.1 (or --refs 'v*')");
  }
  auto history = load_git_history(arguments.git_repository, arguments.git_path, arguments.refs, arguments.include_dirs,
                                  arguments.threads);
  if (!history) return report_error(history.error());
  auto config = load_project_config(arguments.config, /*required=*/false);
  if (!config) return report_error(config.error());
  if (output_would_destroy_input(arguments.output, {arguments.git_repository + "/.git", config->path})) return kBadInput;
  AuditOptions options;
  options.policy = policy_for(*config, arguments.output);
  options.union_capacity_warning = config->union_capacity_warning;
  options.threads = arguments.threads;
  return emit_audit({audit_history(std::move(history.value()), options)}, arguments.output);
}

int run_audit(const AuditArguments& arguments) {
  if (!arguments.git_repository.empty()) return run_git_audit(arguments);
  if (!arguments.git_path.empty() || !arguments.refs.empty()) return report_error("--path and --refs go with --git REPO");
  auto config = load_project_config(arguments.config);
  if (!config) return report_error(config.error());
  if (config->histories.empty()) return report_error(Error{config->path, 0, 0, "declares no [[history]] to audit"});
  if (output_would_destroy_input(arguments.output, configured_inputs(*config))) return kBadInput;
  // Loaded once, before any history is audited: a damaged installation is reported before any work.
  const Expected<std::vector<const DelegateRuntime*>> runtimes = reference_runtimes();
  if (!runtimes) return report_error(runtimes.error());
  const Expected<BackendLibraries> libraries = backend_libraries();
  if (!libraries) return report_error(libraries.error());
  std::vector<AuditReport> reports;
  for (const HistoryConfig& family : config->histories) {
    if (!arguments.histories.empty() &&
        std::find(arguments.histories.begin(), arguments.histories.end(), family.name) == arguments.histories.end()) {
      continue;
    }
    HistoryAuditOptions options;
    options.policy = policy_for(*config, arguments.output);
    options.union_capacity_warning = config->union_capacity_warning;
    options.threads = arguments.threads;
    options.runtimes = *runtimes;
    options.libraries = *libraries;
    auto report = audit_configured_history(family, options);
    if (!report) return report_error(report.error());
    reports.push_back(std::move(report.value()));
  }
  if (reports.empty()) {
    return report_error(fmt::format("no history named {} in {}", fmt::join(arguments.histories, ", "), config->path));
  }
  const Policy policy = policy_for(*config, arguments.output);
  return emit_audit(std::move(reports), arguments.output, arguments.histories.empty() ? &policy : nullptr);
}

}  // namespace

void add_audit_command(CLI::App& app, int& exit_code) {
  auto arguments = std::make_shared<AuditArguments>();
  CLI::App* command = app.add_subcommand(
      "audit", "Release audit: every version against every later one, the writer/reader matrix, the lock");
  command->add_option("--config", arguments->config, "Configuration file (default: the nearest fbcompat.toml)");
  command->add_option("--history", arguments->histories, "Audit only this [[history]] of the configuration (repeatable)")
      ->allow_extra_args(false);
  command->add_option("--family", arguments->histories,
                      "Audit only this delegate family's history, the [[history]] of its name (repeatable)")
      ->allow_extra_args(false);
  command->add_option("--git", arguments->git_repository, "Audit one file's versions straight from this git repository");
  command->add_option("--path", arguments->git_path, "With --git: the schema file, relative to the repository root");
  command->add_option("--refs", arguments->refs, "With --git: refs in order (A,B,C), or a glob such as 'v*' ordered by version")
      ->delimiter(',');
  command->add_option("-I,--include", arguments->include_dirs, "With --git: include directory, relative to the repository root")
      ->allow_extra_args(false);  // one value each time: `-I DIR NEW.fbs` must not swallow the file
  command->add_option("--threads", arguments->threads, "Parse with this many threads (default: one per core)");
  add_output_options(*command, arguments->output);
  command->footer(
      "Examples:\n"
      "  fbcompat audit                                  # every [[history]] of fbcompat.toml\n"
      "  fbcompat audit --family mlx                     # the MLX delegate family's history\n"
      "  fbcompat audit --format markdown -o audit.md    # for a release page\n"
      "  fbcompat audit --git . --path schemas/model.fbs --refs 'v*'\n"
      "Exit status: 0 every shipped transition compatible, 1 otherwise, 2 bad input or usage.");
  command->callback([arguments, &exit_code] { exit_code = run_audit(*arguments); });
}

}  // namespace fbcompat::cli
