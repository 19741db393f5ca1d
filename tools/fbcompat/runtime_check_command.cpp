// fbcompat runtime-check: a runtime's node definitions against the node union of a schema. The
// definitions are the reference runtime's registry (--builtin) or a C++ runtime's dispatch (--source).
#include <memory>

#include <fmt/format.h>

#include "command.h"
#include "project_config.h"
#include "fbcompat/checks/runtime_check.h"
#include "fbcompat/core/schema_loader.h"
#include "reference_runtime.h"

namespace fbcompat::cli {
namespace {

struct RuntimeCheckArguments {
  std::string schema;
  std::vector<std::string> include_dirs;
  bool builtin = false;
  std::vector<std::string> sources;
  std::vector<std::string> case_prefixes;
  std::vector<std::string> macros;
  std::string macro_member_prefix = "XNN";
  std::string union_name = "XNodeUnion";
  OutputOptions output;
};

int run_runtime_check(const RuntimeCheckArguments& arguments) {
  if (arguments.builtin == !arguments.sources.empty()) {
    return report_error("give either --builtin (the reference runtime) or --source FILE... (a C++ runtime), not both");
  }
  std::vector<std::string> inputs{arguments.schema};
  for (const auto* paths : {&arguments.include_dirs, &arguments.sources}) inputs.insert(inputs.end(), paths->begin(), paths->end());
  if (output_would_destroy_input(arguments.output, inputs)) return kBadInput;
  LoadOptions load_options;
  load_options.include_dirs = arguments.include_dirs;
  Expected<Schema> schema = load_schema(arguments.schema, load_options);
  if (!schema) return report_error(schema.error());

  std::vector<RuntimeDefinition> definitions;
  std::string what;
  if (arguments.builtin) {
    const Expected<const DelegateRuntime*> runtime = reference_runtime();
    if (!runtime) return report_error(runtime.error());
    if (*runtime == nullptr) return report_error("--builtin: this build of fbcompat has no reference runtime; use --source FILE...");
    definitions = (*runtime)->definitions();
    what = fmt::format("the reference runtime's node definitions against {}", arguments.schema);
  } else {
    SourceScanOptions scan;
    if (!arguments.case_prefixes.empty()) scan.case_prefixes = arguments.case_prefixes;
    if (!arguments.macros.empty()) scan.macros = arguments.macros;
    scan.macro_member_prefix = arguments.macro_member_prefix;
    auto scanned = scan_runtime_sources(arguments.sources, scan);
    if (!scanned) return report_error(scanned.error());
    definitions = std::move(scanned.value());
    what = fmt::format("the node definitions of {} against {}", fmt::join(arguments.sources, ", "), arguments.schema);
  }
  RuntimeCheckOptions check_options;
  check_options.union_name = arguments.union_name;
  auto findings = check_runtime_definitions(*schema, definitions, check_options);
  if (!findings) return report_error(findings.error());
  auto config = load_project_config("", /*required=*/false);
  if (!config) return report_error(config.error());
  return emit_findings(std::move(findings.value()), arguments.output, policy_for(*config, arguments.output), what);
}

}  // namespace

void add_runtime_check_command(CLI::App& app, int& exit_code) {
  auto arguments = std::make_shared<RuntimeCheckArguments>();
  CLI::App* command = app.add_subcommand(
      "runtime-check", "Check that a runtime defines every node of a schema's node union, and nothing else");
  command->add_option("--schema", arguments->schema, "The runtime schema (RUNTIME.fbs)")->required();
  command->add_option("-I,--include", arguments->include_dirs, "Directory to search for included schemas (repeatable)")
      ->allow_extra_args(false);  // one value each time: `-I DIR NEW.fbs` must not swallow the file
  command->add_flag("--builtin", arguments->builtin, "Check the node registry of fbcompat's reference runtime");
  command->add_option("--source", arguments->sources, "C++ files of a runtime whose node dispatch to read")
      ->expected(1, -1);
  command->add_option("--case-prefix", arguments->case_prefixes,
                      "What precedes a member in a dispatch case label (repeatable; default XNodeUnion::, which also "
                      "matches namespace-qualified labels)")
      ->allow_extra_args(false);
  command->add_option("--macro", arguments->macros, "A macro whose uses define nodes: NAME(Foo) (repeatable; default _DEFINE)")
      ->allow_extra_args(false);
  command->add_option("--macro-member-prefix", arguments->macro_member_prefix,
                      "Prepended to a macro's argument to name the member")
      ->default_str("XNN");
  command->add_option("--union", arguments->union_name, "The node union, short or qualified")->default_str("XNodeUnion");
  add_output_options(*command, arguments->output);
  command->footer(
      "Examples:\n"
      "  fbcompat runtime-check --schema schemas/xnnpack/v1.1.0/runtime_schema.fbs --builtin\n"
      "  fbcompat runtime-check --schema runtime_schema.fbs --source backends/xnnpack/runtime/XNNCompiler.cpp\n"
      "  fbcompat runtime-check --schema runtime_schema.fbs --source dispatch.cpp --case-prefix NodeType:: --macro DEFINE_NODE\n"
      "Exit status: 0 every member defined (warnings allowed), 1 a member without a definition, 2 bad input or usage.");
  command->callback([arguments, &exit_code] { exit_code = run_runtime_check(*arguments); });
}

}  // namespace fbcompat::cli
