// fbcompat load-check: can this runtime load this program? The ExecuTorch loader of each release the
// runtime stands for, then each delegate family's own load-time check of its payloads on that runtime.
// Each delegate the runtime refuses, or loads while ignoring something, is a finding, so the report
// comes in every format.
#include <fmt/format.h>

#include "command.h"
#include "fbcompat/release/delegate_families.h"
#include "fbcompat/release/load_check_report.h"
#include "project_config.h"
#include "reference_runtime.h"

namespace fbcompat::cli {
namespace {

struct LoadCheckArguments {
  LoadCheckRequest request;
  OutputOptions output;
};

int run_load_check(const LoadCheckArguments& arguments) {
  if (output_would_destroy_input(arguments.output, {arguments.request.program})) return kBadInput;
  auto libraries = backend_libraries();
  if (!libraries) return report_error(libraries.error());
  LoadCheckRequest request = arguments.request;
  request.libraries = *libraries;
  auto report = LoadCheckReport::check(request);
  if (!report) return report_error(report.error());
  auto config = load_project_config("", /*required=*/false);
  if (!config) return report_error(config.error());
  report->apply(policy_for(*config, arguments.output));
  return emit(*report, arguments.output, report->what());
}

}  // namespace

void add_load_check_command(CLI::App& app, int& exit_code) {
  auto arguments = std::make_shared<LoadCheckArguments>();
  CLI::App* command = app.add_subcommand(
      "load-check", "Run the load-time check a runtime calls before compiling: can this runtime load this program?");
  command->add_option("program", arguments->request.program, "The .pte program")->required();
  command->add_option("--runtime", arguments->request.runtime,
                      "The runtime: a family's schema version (v1.1.0, every release that shipped it) or an ExecuTorch "
                      "release (1.4.1)")
      ->required();
  command->add_option("--family", arguments->request.families,
                      fmt::format("Check this delegate family's payloads (repeatable; {}); default: the families of "
                                  "the program's delegates",
                                  fmt::join(delegate_family_names(), ", ")))
      ->allow_extra_args(false);
  add_output_options(*command, arguments->output);
  command->footer(
      "Examples:\n"
      "  fbcompat load-check model.pte --runtime 1.4.1\n"
      "  fbcompat load-check model.pte --runtime v1.3.0 --family mlx --format json\n"
      "  fbcompat load-check model.pte --family mlx --runtime v1.4.0\n"
      "  fbcompat load-check model.pte --runtime 1.3.0 --format junit -o load-check.xml\n"
      "A schema version names one family's runtime; with a program holding delegates of several families,\n"
      "name the family, or give a release, which every family reads with the version it shipped.\n"
      "Each release's verdict is the runtime's whole load: the program, every delegate's data, each\n"
      "delegate's own checks, its payload defined on the backend's library (where this build has it), and\n"
      "method load.\n"
      "Exit status: 0 the runtime loads the program (what it ignores is reported, not failed), 1 it does not\n"
      "(a release's loader refuses it, a method it loads crashes when run, or a delegate needs what the\n"
      "runtime lacks), 2 bad input (a file no release reads as a program, a corrupt payload, an unknown\n"
      "runtime or family) or usage.");
  command->callback([arguments, &exit_code] { exit_code = run_load_check(*arguments); });
}

}  // namespace fbcompat::cli
