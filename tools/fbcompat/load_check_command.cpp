// fbcompat load-check: the load-time check a runtime calls before compiling a program, run on every
// XNNPACK delegate of a .pte file, as the runtime of one schema version would.
#include <cstdio>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command.h"
#include "fbcompat/load_check.h"
#include "fbcompat/pte.h"

namespace fbcompat::cli {
namespace {

struct LoadCheckArguments {
  std::string program;
  std::string runtime;
  Format format = Format::Text;
};

std::string known_versions() {
  std::string names;
  for (std::size_t i = 0; i < xnnpack_profiles::kFamily.version_count; ++i) {
    names += (names.empty() ? "" : ", ") + std::string(xnnpack_profiles::kFamily.versions[i].version);
  }
  return names;
}

struct DelegateResult {
  std::string plan;
  std::size_t index = 0;
  const ProgramDelegate* delegate = nullptr;
  LoadCheckResult result;
};

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

  bool corrupt = false;
  bool loadable = true;
  for (const DelegateResult& item : results) {
    corrupt = corrupt || item.result.code == LoadCheckCode::Corrupt;
    loadable = loadable && item.result.loadable();
  }
  if (arguments.format == Format::Json) {
    nlohmann::json delegates = nlohmann::json::array();
    for (const DelegateResult& item : results) {
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
    const nlohmann::json report{{"program", arguments.program}, {"runtime", runtime->version}, {"loadable", loadable},
                                {"delegates", delegates}};
    fmt::print("{}\n", report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
  } else {
    for (const DelegateResult& item : results) {
      fmt::print("{}: {} delegate {} ({}, {} bytes): {}: {}\n", arguments.program, item.plan, item.index,
                 item.delegate->location == DelegateLocation::Inline ? "inline" : "segment", item.delegate->size,
                 load_check_code_name(item.result.code), item.result.message);
    }
  }
  if (corrupt) return kBadInput;
  return loadable ? kCompatible : kBreaking;
}

}  // namespace

void add_load_check_command(CLI::App& app, int& exit_code) {
  auto arguments = std::make_shared<LoadCheckArguments>();
  CLI::App* command = app.add_subcommand(
      "load-check", "Run the load-time check a runtime calls before compiling: can this runtime load this program?");
  command->add_option("program", arguments->program, "The .pte program")->required();
  command->add_option("--runtime", arguments->runtime, "The runtime's schema version, such as v1.1.0")->required();
  command->add_option("--format", arguments->format, "text or json")
      ->transform(CLI::CheckedTransformer(std::map<std::string, Format>{{"text", Format::Text}, {"json", Format::Json}},
                                          CLI::ignore_case));
  command->footer(
      "Examples:\n"
      "  fbcompat load-check golden/xnnpack/v1.5.0-dev/upsample_nearest_x2.pte --runtime v1.1.0\n"
      "  fbcompat load-check model.pte --runtime v1.5.0-dev --format json\n"
      "Exit status: 0 every XNNPACK delegate loads, 1 one does not (unknown types or identifier),\n"
      "2 bad input (unreadable program, corrupt payload, unknown runtime version) or usage.");
  command->callback([arguments, &exit_code] { exit_code = run_load_check(*arguments); });
}

}  // namespace fbcompat::cli
