// fbcompat load-check: the load-time check a runtime calls before compiling a program, run on every
// XNNPACK delegate of a .pte file, as the runtime of one schema version would. Each delegate the
// runtime refuses, or loads while ignoring fields, is a finding, so the report comes in every format.
#include <cstdio>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command.h"
#include "fbcompat/load_check/load_check.h"
#include "fbcompat/executorch/program.h"
#include "project_config.h"
#include "load/load_check_rules.h"

namespace fbcompat::cli {
namespace {

struct LoadCheckArguments {
  std::string program;
  std::string runtime;
  OutputOptions output;
};

std::string known_versions() {
  std::string names;
  for (std::size_t i = 0; i < xnnpack_profiles::kFamily.version_count; ++i) {
    names += (names.empty() ? "" : ", ") + std::string(xnnpack_profiles::kFamily.versions[i].version);
  }
  return names;
}

std::string accepted_identifiers(const RuntimeProfile& runtime) {
  std::string names;
  for (std::size_t i = 0; i < runtime.accepted_identifier_count; ++i) {
    names += fmt::format("{}{}", names.empty() ? "" : ", ", std::string(runtime.accepted_identifiers[i], 4));
  }
  return names;
}

struct DelegateResult {
  std::string plan;
  std::size_t index = 0;
  const ProgramDelegate* delegate = nullptr;
  LoadCheckResult result;

  std::string subject() const { return fmt::format("{}.delegates[{}]", plan.empty() ? "plan" : plan, index); }
};

std::string runtime_and_later(const RuntimeProfile& runtime) {
  return runtime.released() ? fmt::format("the runtime of {} (release {}) or later", runtime.version, runtime.first_release)
                            : fmt::format("the runtime of {} (not released yet) or later", runtime.version);
}

std::string later_runtime(const DelegateResult& item) {
  const RuntimeProfile* minimum = item.result.minimum_runtime;
  return minimum != nullptr ? runtime_and_later(*minimum) : "a runtime that knows them (no version fbcompat knows does)";
}

// The check stops at an identifier it does not accept, so it names no minimum runtime: the oldest
// version that accepts the identifier is the one to suggest.
std::string runtime_accepting(const LoadCheckResult& result) {
  const auto* identifier = reinterpret_cast<const std::uint8_t*>(result.identifier);
  for (std::size_t i = 0; i < xnnpack_profiles::kFamily.version_count; ++i) {
    const RuntimeProfile& runtime = xnnpack_profiles::kFamily.versions[i];
    if (runtime.accepts_identifier(identifier)) return runtime_and_later(runtime);
  }
  return fmt::format("a runtime that accepts '{}' (no version fbcompat knows does)", result.identifier);
}

// The finding for one delegate; nullopt when the runtime loads it as it is.
std::optional<Finding> finding_for(const DelegateResult& item, const RuntimeProfile& runtime, const std::string& file) {
  const RuleInfo* rule = nullptr;
  std::string fix;
  switch (item.result.code) {
    case LoadCheckCode::Ok:
    case LoadCheckCode::Corrupt: return std::nullopt;
    case LoadCheckCode::UnknownTypes:
      rule = &kLoadTypesUnknown;
      fix = fmt::format("load the program with {}, or export it again for {} without those types", later_runtime(item),
                        runtime.version);
      break;
    case LoadCheckCode::IdentifierNotAccepted:
      rule = &kLoadIdentifierNotAccepted;
      fix = fmt::format("export the program with a writer whose identifier the runtime of {} accepts ({}), or load it "
                        "with {}", runtime.version, accepted_identifiers(runtime), runtime_accepting(item.result));
      break;
    case LoadCheckCode::UnknownFields:
      rule = &kLoadFieldsIgnored;
      fix = fmt::format("make sure the program computes the same without those fields, or load it with {}",
                        later_runtime(item));
      break;
  }
  Finding finding = finding_of(*rule, item.subject(),
                               fmt::format("{} ({}, {} bytes) on the runtime of {}: {}", item.subject(),
                                           delegate_location_name(item.delegate->location), item.delegate->size,
                                           runtime.version, item.result.message),
                               std::move(fix));
  finding.file = file;
  return finding;
}

// The findings report, and for JSON also what was checked: every delegate, loadable or not.
std::string render(const std::vector<Finding>& findings, const std::vector<DelegateResult>& results,
                   const LoadCheckArguments& arguments, const RuntimeProfile& runtime, const std::string& what) {
  if (arguments.output.format != Format::Json) return render_findings(findings, arguments.output, what);
  nlohmann::json report = nlohmann::json::parse(render_findings(findings, arguments.output, what));
  nlohmann::json delegates = nlohmann::json::array();
  bool loadable = true;
  for (const DelegateResult& item : results) {
    loadable = loadable && item.result.loadable();
    delegates.push_back({{"plan", item.plan},
                         {"delegate", item.index},
                         {"location", item.delegate->location == DelegateLocation::Inline ? "inline" : "segment"},
                         {"size", item.delegate->size},
                         {"code", load_check_code_name(item.result.code)},
                         {"loadable", item.result.loadable()},
                         {"message", item.result.message},
                         {"nodes", item.result.node_count},
                         {"values", item.result.value_count},
                         {"minimum_runtime", item.result.minimum_runtime != nullptr
                                                 ? nlohmann::json(item.result.minimum_runtime->version)
                                                 : nlohmann::json(nullptr)}});
  }
  report["program"] = arguments.program;
  report["runtime"] = runtime.version;
  report["loadable"] = loadable;
  report["delegates"] = std::move(delegates);
  return report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

int run_load_check(const LoadCheckArguments& arguments) {
  const RuntimeProfile* runtime = find_runtime_profile(arguments.runtime.c_str());
  if (runtime == nullptr) {
    return report_error(fmt::format("--runtime {}: not a version fbcompat knows (it knows {})", arguments.runtime,
                                    known_versions()));
  }
  ProgramReadOptions options;
  options.source_name = arguments.program;
  auto bytes = read_program_file(arguments.program, options);
  if (!bytes) return report_error(bytes.error());
  auto program = read_program(bytes->data(), bytes->size(), options);
  if (!program) return report_error(program.error());

  std::vector<DelegateResult> results;
  for (const ProgramPlan& plan : program->plans) {
    for (std::size_t j = 0; j < plan.delegates.size(); ++j) {
      const ProgramDelegate& delegate = plan.delegates[j];
      if (delegate.backend_id != kXnnpackBackendId) continue;
      results.push_back({plan.name, j, &delegate, check_xnnpack_payload(delegate.data, delegate.size, *runtime)});
    }
  }
  if (results.empty()) {
    return report_error(Error{arguments.program, 0, 0, "the program has no XNNPACK delegate to check"});
  }
  // A corrupt payload is bad input, like a corrupt file: no report, the reason and exit 2.
  for (const DelegateResult& item : results) {
    if (item.result.code == LoadCheckCode::Corrupt) {
      return report_error(Error{arguments.program, 0, 0,
                                fmt::format("{} (file offset {}): {}", item.subject(), item.delegate->file_offset,
                                            item.result.message)});
    }
  }

  std::vector<Finding> findings;
  for (const DelegateResult& item : results) {
    if (auto finding = finding_for(item, *runtime, arguments.program)) findings.push_back(std::move(*finding));
  }
  auto config = load_project_config("", /*required=*/false);
  if (!config) return report_error(config.error());
  apply_policy(policy_for(*config, arguments.output), findings);
  const std::string what = fmt::format("the load-time check of {} on the runtime of {} ({} XNNPACK delegate{})",
                                       arguments.program, runtime->version, results.size(), results.size() == 1 ? "" : "s");
  if (const int written = write_report(render(findings, results, arguments, *runtime, what), arguments.output.output_path);
      written != kCompatible) {
    return written;
  }
  return compatible(findings) ? kCompatible : kBreaking;
}

}  // namespace

void add_load_check_command(CLI::App& app, int& exit_code) {
  auto arguments = std::make_shared<LoadCheckArguments>();
  CLI::App* command = app.add_subcommand(
      "load-check", "Run the load-time check a runtime calls before compiling: can this runtime load this program?");
  command->add_option("program", arguments->program, "The .pte program")->required();
  command->add_option("--runtime", arguments->runtime, "The runtime's schema version, such as v1.1.0")->required();
  add_output_options(*command, arguments->output);
  command->footer(
      "Examples:\n"
      "  fbcompat load-check golden/xnnpack/v1.5.0-dev/upsample_nearest_x2.pte --runtime v1.1.0\n"
      "  fbcompat load-check model.pte --runtime v1.5.0-dev --format json\n"
      "  fbcompat load-check model.pte --runtime v1.1.0 --format junit -o load-check.xml\n"
      "Exit status: 0 every XNNPACK delegate loads (ignored fields are reported, not failed), 1 one does not\n"
      "(unknown types or identifier), 2 bad input (unreadable program, corrupt payload, unknown runtime\n"
      "version) or usage.");
  command->callback([arguments, &exit_code] { exit_code = run_load_check(*arguments); });
}

}  // namespace fbcompat::cli
