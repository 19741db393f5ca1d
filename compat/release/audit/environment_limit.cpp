#include "audit/environment_limit.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "golden/golden_rules.h"

namespace fbcompat {
namespace {

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

AuditSection environment_section(Finding note) {
  return AuditSection{"Environment", "what this machine could not check", {std::move(note)}};
}

}  // namespace

void collapse_environment_limits(std::vector<AuditSection>& sections, const DelegateRuntime& runtime,
                                 bool runtime_section_is_builtin, const std::string& manifest) {
  const std::vector<std::string> not_run = take_subjects(sections, kGoldenRunUnsupported.id);
  std::vector<std::string> undefinable;
  for (const RuntimeDefinition& definition : runtime.definitions()) {
    if (definition.supported) continue;
    undefinable.push_back(fmt::format("{} ({})", definition.member, definition.unsupported_reason));
    // The runtime check words these with the runtime's own rule: the note says them instead.
    if (runtime_section_is_builtin && definition.unsupported_rule != nullptr) {
      take_subjects(sections, definition.unsupported_rule->id);
    }
  }
  if (not_run.empty() && (undefinable.empty() || !runtime_section_is_builtin)) return;
  std::string message = fmt::format("{} cannot define {} node type{}: {}.", runtime.description(), undefinable.size(),
                                    undefinable.size() == 1 ? "" : "s", fmt::join(undefinable, "; "));
  if (!not_run.empty()) {
    message += fmt::format(
        " So {} runnable golden program{} could not run here: {}. Their decoding is still verified "
        "by golden verify; only running them end to end needs a runtime that defines those nodes.",
        not_run.size(), not_run.size() == 1 ? "" : "s", fmt::join(not_run, ", "));
  } else {
    message += " Every runnable golden program ran; programs that use these nodes would fail to load here.";
  }
  Finding note = finding_of(kEnvironmentLimit, std::string(runtime.backend_id()), std::move(message),
                            fmt::format("{}; nothing in the schemas or the programs needs to change",
                                        runtime.how_to_support("")));
  note.file = manifest;
  sections.push_back(environment_section(std::move(note)));
}

AuditSection not_run_here(const DelegateFamily& family, std::size_t programs, const std::string& manifest) {
  Finding note = finding_of(
      kEnvironmentLimit, std::string(family.backend_id()),
      fmt::format("{} {} golden program{} {} decoded and checked (verified against {} own and every later runtime's "
                  "schema, node by node and field by field, and loaded by every release's loader with the {} "
                  "backend's own checks), but not run: running {} needs {}, and there is none on this machine.",
                  programs, family.display_name(), programs == 1 ? "" : "s", programs == 1 ? "was" : "were",
                  programs == 1 ? "its" : "their", family.display_name(), programs == 1 ? "it" : "them", family.runs_on()),
      fmt::format("nothing in the schemas or the programs needs to change; to run them, use a machine with {}",
                  family.runs_on()));
  note.file = manifest;
  return environment_section(std::move(note));
}

}  // namespace fbcompat
