#include "audit/environment_limit.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "golden/golden_rules.h"

namespace fbcompat {
namespace {

// The runtime-check rule for a node the linked XNNPACK cannot define (it lives in the checks layer).
constexpr std::string_view kNodeUnsupportedByXnnpack = "RUNTIME_NODE_UNSUPPORTED_BY_XNNPACK";

// Takes the findings of rule `id` out of every section and returns their subjects.
std::vector<std::string> take_subjects(std::vector<AuditSection>& sections, std::string_view id) {
  std::vector<std::string> subjects;
  for (AuditSection& section : sections) {
    auto& findings = section.findings;
    for (const Finding& finding : findings) {
      if (finding.rule == id) subjects.push_back(finding.subject);
    }
    findings.erase(
        std::remove_if(findings.begin(), findings.end(), [&](const Finding& finding) { return finding.rule == id; }),
        findings.end());
  }
  return subjects;
}

}  // namespace

void collapse_environment_limits(std::vector<AuditSection>& sections, const DelegateRuntime& runtime,
                                 bool runtime_section_is_builtin, const std::string& manifest) {
  const std::vector<std::string> not_run = take_subjects(sections, kGoldenRunUnsupported.id);
  if (runtime_section_is_builtin) take_subjects(sections, kNodeUnsupportedByXnnpack);
  std::vector<std::string> undefinable;
  for (const RuntimeDefinition& definition : runtime.definitions()) {
    if (!definition.supported)
      undefinable.push_back(fmt::format("{} ({})", definition.member, definition.unsupported_reason));
  }
  if (not_run.empty() && (undefinable.empty() || !runtime_section_is_builtin)) return;
  std::string message =
      fmt::format("{} links an XNNPACK that cannot define {} node type{}: {}.", runtime.description(),
                  undefinable.size(), undefinable.size() == 1 ? "" : "s", fmt::join(undefinable, "; "));
  if (!not_run.empty()) {
    message += fmt::format(
        " So {} runnable golden program{} could not run here: {}. Their decoding is still verified "
        "by golden verify; only running them end to end needs a newer XNNPACK.",
        not_run.size(), not_run.size() == 1 ? "" : "s", fmt::join(not_run, ", "));
  } else {
    message += " Every runnable golden program ran; programs that use these nodes would fail to load here.";
  }
  Finding note = finding_of(kEnvironmentLimit, std::string(runtime.backend_id()), std::move(message),
                            "build fbcompat against an XNNPACK that defines these nodes; nothing in the schemas or "
                            "the programs needs to change");
  note.file = manifest;
  sections.push_back(AuditSection{"Environment", "what this machine could not check", {std::move(note)}});
}

}  // namespace fbcompat
