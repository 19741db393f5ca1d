#include "fbcompat/release/golden_run.h"

#include <cmath>

#include <fmt/format.h>

#include "fbcompat/core/finding_sink.h"
#include "fbcompat/executorch/program.h"
#include "fbcompat/release/golden_manifest.h"
#include "golden/golden_rules.h"

namespace fbcompat {
namespace {

// The reason the runtime cannot run a program, when a recorded node is one it cannot define; empty
// when every node is supported.
std::string golden_unsupported_reason(const GoldenEntry& entry, const DelegateRuntime& runtime) {
  for (const std::string& node : entry.nodes) {
    if (std::string reason = runtime.unsupported_reason(node); !reason.empty()) return fmt::format("{}: {}", node, reason);
  }
  return "";
}

// The first output element outside the tolerance, described; empty when all match.
std::string first_mismatch(const GoldenEntry& entry, const std::vector<std::vector<float>>& outputs) {
  if (outputs.size() != entry.expected_outputs.size()) {
    return fmt::format("{} outputs, {} expected", outputs.size(), entry.expected_outputs.size());
  }
  for (std::size_t o = 0; o < outputs.size(); ++o) {
    const std::vector<float>& expected = entry.expected_outputs[o].values;
    if (outputs[o].size() != expected.size()) {
      return fmt::format("output {} has {} values, {} expected", o, outputs[o].size(), expected.size());
    }
    for (std::size_t i = 0; i < expected.size(); ++i) {
      const float difference = std::fabs(outputs[o][i] - expected[i]);
      if (!(difference <= entry.absolute_tolerance + entry.relative_tolerance * std::fabs(expected[i]))) {
        return fmt::format("output {} (external id {}) element {} is {} where {} was recorded (tolerance {} + {} x |expected|)",
                           o, entry.expected_outputs[o].external_id, i, outputs[o][i], expected[i],
                           entry.absolute_tolerance, entry.relative_tolerance);
      }
    }
  }
  return "";
}

}  // namespace

Expected<GoldenRunReport> run_golden_programs(const std::string& golden_dir, const std::string& family,
                                              const DelegateRuntime& runtime) {
  auto manifest = load_golden_manifests(golden_dir);
  if (!manifest) return manifest.error();
  GoldenRunReport report;
  FindingSink sink(report.findings);
  const Schema no_schema;  // findings name the program file, not a schema location
  auto report_on = [&](const RuleInfo& rule, const GoldenEntry& entry, std::string message, std::string fix) {
    sink.report(rule, entry.path, no_schema, SourceLocation{}, std::move(message), std::move(fix));
    report.findings.back().file = golden_dir + "/" + entry.path;
  };
  for (const GoldenEntry& entry : manifest->entries) {
    if (!entry.runnable || entry.family != family) continue;
    ++report.runnable;
    const std::string unsupported = golden_unsupported_reason(entry, runtime);
    ProgramReadOptions read_options;
    read_options.source_name = golden_dir + "/" + entry.path;
    auto bytes = read_program_file(read_options.source_name, read_options);
    if (!bytes) {
      report_on(kGoldenRunFailed, entry, bytes.error().to_string(), "restore the golden file from version control");
      continue;
    }
    auto program = read_program(bytes->data(), bytes->size(), read_options);
    const ProgramDelegate* delegate = nullptr;
    if (program) {
      for (const ProgramPlan& plan : program->plans) {
        for (const ProgramDelegate& candidate : plan.delegates) {
          if (candidate.backend_id == runtime.backend_id() && delegate == nullptr) delegate = &candidate;
        }
      }
    }
    if (delegate == nullptr) {
      report_on(kGoldenRunFailed, entry,
                program ? fmt::format("the program has no {} delegate", runtime.backend_id()) : program.error().to_string(),
                "restore the golden file from version control");
      continue;
    }
    std::vector<std::vector<float>> inputs;
    for (const GoldenTensorRecord& input : entry.inputs) inputs.push_back(input.values);
    const DelegateRuntime::Run run = runtime.run(delegate->data, delegate->size, inputs);
    if (!run.loaded) {
      if (!unsupported.empty()) {
        ++report.unsupported;
        report_on(kGoldenRunUnsupported, entry,
                  fmt::format("{} was not run: {} (the runtime said: {}). Its decoding is still verified by golden "
                              "verify.",
                              entry.path, unsupported, run.outputs.error().message),
                  runtime.how_to_support(unsupported));
      } else {
        report_on(kGoldenRunFailed, entry,
                  fmt::format("{} no longer loads on {}: {}", entry.path, runtime.description(), run.outputs.error().message),
                  "find what changed in the runtime schema or the runtime since the program was frozen");
      }
      continue;
    }
    const auto& outputs = run.outputs;
    if (!outputs) {
      report_on(kGoldenRunFailed, entry, fmt::format("{} loads but does not run: {}", entry.path, outputs.error().message),
                "find what changed in the runtime since the program was frozen");
      continue;
    }
    if (const std::string mismatch = first_mismatch(entry, *outputs); !mismatch.empty()) {
      report_on(kGoldenRunOutputMismatch, entry,
                fmt::format("{} runs but computes something else than when it was frozen: {}", entry.path, mismatch),
                "find which node's meaning changed: a field read from another slot, a default or an operator");
      continue;
    }
    ++report.matched;
  }
  sort_findings(report.findings);
  return report;
}

}  // namespace fbcompat
