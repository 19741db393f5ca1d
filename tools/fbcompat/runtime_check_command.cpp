// fbcompat runtime-check: a runtime's node definitions against the node union of a schema. The
// definitions are the reference runtime's registry (--builtin) or a C++ runtime's dispatch (--source).
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "command.h"
#include "project_config.h"
#include "fbcompat/checks/runtime_check.h"
#include "fbcompat/core/schema_loader.h"
#include "fbcompat/release/delegate_families.h"
#include "reference_runtime.h"

namespace fbcompat::cli {
namespace {

struct RuntimeCheckArguments {
  std::string schema;
  std::vector<std::string> include_dirs;
  bool builtin = false;
  std::vector<std::string> sources;
  std::string family;  // whose dispatch conventions are the defaults; empty: the family whose union the schema has
  std::vector<std::string> case_prefixes;
  std::vector<std::string> macros;
  std::optional<std::string> macro_member_prefix;
  std::string union_name;
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
  // The family's conventions, unless the union and every spelling are given.
  RuntimeDispatch dispatch;
  const bool all_given = !arguments.union_name.empty() && (arguments.builtin || (!arguments.case_prefixes.empty() &&
                                                                                  !arguments.macros.empty() &&
                                                                                  arguments.macro_member_prefix));
  if (!all_given || !arguments.family.empty()) {
    auto family = runtime_dispatch_for(*schema, arguments.family);
    if (!family) return report_error(family.error());
    dispatch = std::move(family.value());
  }
  if (!arguments.union_name.empty()) dispatch.union_name = arguments.union_name;
  if (!arguments.case_prefixes.empty()) dispatch.scan.case_prefixes = arguments.case_prefixes;
  if (!arguments.macros.empty()) dispatch.scan.macros = arguments.macros;
  if (arguments.macro_member_prefix) dispatch.scan.macro_member_prefix = *arguments.macro_member_prefix;

  std::vector<RuntimeDefinition> definitions;
  std::string what;
  if (arguments.builtin) {
    const Expected<const DelegateRuntime*> runtime = reference_runtime_for(arguments.family);
    if (!runtime) return report_error(runtime.error());
    definitions = (*runtime)->definitions();
    what = fmt::format("{}'s node definitions against {}", (*runtime)->description(), arguments.schema);
  } else {
    auto scanned = scan_runtime_sources(arguments.sources, dispatch.scan);
    if (!scanned) return report_error(scanned.error());
    definitions = std::move(scanned.value());
    what = fmt::format("the node definitions of {} against {}", fmt::join(arguments.sources, ", "), arguments.schema);
  }
  RuntimeCheckOptions check_options;
  check_options.union_name = dispatch.union_name;
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
  command->add_option("--family", arguments->family,
                      fmt::format("The delegate family whose runtime this is ({}): its node union and how its dispatch "
                                  "is spelt; default: the family whose node union the schema declares",
                                  fmt::join(delegate_family_names(), ", ")));
  command->add_flag("--builtin", arguments->builtin, "Check the node registry of fbcompat's own runtime of the family");
  command->add_option("--source", arguments->sources, "C++ files of a runtime whose node dispatch to read")
      ->expected(1, -1);
  command->add_option("--case-prefix", arguments->case_prefixes,
                      "What precedes a member in a dispatch case label (repeatable; default: the family's; a prefix "
                      "also matches namespace-qualified labels)")
      ->allow_extra_args(false);
  command->add_option("--macro", arguments->macros,
                      "A macro whose uses define nodes: NAME(Foo) (repeatable; default: the family's)")
      ->allow_extra_args(false);
  command->add_option("--macro-member-prefix", arguments->macro_member_prefix,
                      "Prepended to a macro's argument to name the member (default: the family's)");
  command->add_option("--union", arguments->union_name, "The node union, short or qualified (default: the family's)");
  add_output_options(*command, arguments->output);
  command->footer(
      "Examples:\n"
      "  fbcompat runtime-check --schema runtime_schema.fbs --builtin\n"
      "  fbcompat runtime-check --schema schemas/mlx/v1.4.0/schema.fbs --source MLXLoader.cpp\n"
      "  fbcompat runtime-check --schema runtime_schema.fbs --source dispatch.cpp --case-prefix NodeType:: --macro DEFINE_NODE\n"
      "The family (its node union and how its runtime spells a definition) is the one whose node union the\n"
      "schema declares, or --family's; --union, --case-prefix, --macro and --macro-member-prefix override it.\n"
      "Exit status: 0 every member defined (warnings allowed), 1 a member without a definition, 2 bad input or usage.");
  command->callback([arguments, &exit_code] { exit_code = run_runtime_check(*arguments); });
}

}  // namespace fbcompat::cli
