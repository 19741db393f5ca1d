// How every format shows a report's judgement: the configuration used, what it
// accepted and why, and the findings about the configuration itself. One place,
// so that no report can leave it out.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "fbcompat/core/junit.h"
#include "fbcompat/core/printable.h"
#include "fbcompat/core/report.h"
#include "fbcompat/core/report_json.h"

namespace fbcompat {
namespace {

bool says_nothing(const Judgement& judgement) {
  return judgement.configuration.empty() && judgement.accepted.empty() && judgement.findings.empty();
}

std::string configuration_name(const Judgement& judgement) {
  return judgement.configuration.empty() ? std::string("the policy given") : judgement.configuration;
}

std::string accepted_count(const Judgement& judgement) {
  const std::size_t count = judgement.accepted.size();
  if (count == 0) return "no findings accepted";
  return fmt::format("{} finding{} accepted", count, count == 1 ? "" : "s");
}

std::string where(const Finding& finding) {
  if (finding.file.empty()) return "";
  return finding.line == 0 ? finding.file : fmt::format("{}:{}", finding.file, finding.line);
}

std::string accepted_line(const AcceptedFinding& item) {
  const std::string place = where(item.finding);
  return fmt::format("[{}] {}{}: {}{}", item.finding.rule, item.finding.subject, place.empty() ? "" : " at " + place,
                     item.reason, item.accepted_at.empty() ? "" : " (" + item.accepted_at + ")");
}

}  // namespace

std::string format_judgement_text(const Judgement& judgement, const TextStyle& style) {
  if (says_nothing(judgement)) return "";
  std::string text;
  for (const Finding& finding : judgement.findings) text += format_finding_text(finding, style);
  text += fmt::format("configuration: {}; {}{}\n", printable(configuration_name(judgement)), accepted_count(judgement),
                      judgement.accepted.empty() ? "" : ":");
  for (const AcceptedFinding& item : judgement.accepted) text += "  accepted " + printable(accepted_line(item)) + "\n";
  return text;
}

std::string format_judgement_markdown(const Judgement& judgement) {
  if (says_nothing(judgement)) return "";
  std::string text =
      fmt::format("\nConfiguration `{}`: {}.\n", configuration_name(judgement), accepted_count(judgement));
  for (const Finding& finding : judgement.findings) {
    text += fmt::format("- {} `{}` at `{}`: {} Fix: {}\n", severity_name(finding.severity), finding.rule,
                        printable(where(finding)), printable(finding.message), printable(finding.fix));
  }
  for (const AcceptedFinding& item : judgement.accepted) text += "- accepted " + printable(accepted_line(item)) + "\n";
  return text;
}

nlohmann::json judgement_to_json(const Judgement& judgement) {
  if (says_nothing(judgement)) return nullptr;
  nlohmann::json accepted = nlohmann::json::array();
  for (const AcceptedFinding& item : judgement.accepted) {
    nlohmann::json entry = findings_to_json({item.finding}).at(0);
    entry["reason"] = item.reason;
    entry["accepted_at"] = item.accepted_at;
    accepted.push_back(std::move(entry));
  }
  return {{"file", judgement.configuration.empty() ? nlohmann::json(nullptr) : nlohmann::json(judgement.configuration)},
          {"accepted", std::move(accepted)},
          {"findings", findings_to_json(judgement.findings)}};
}

std::optional<JunitSuite> judgement_junit_suite(const Judgement& judgement) {
  if (judgement.accepted.empty() && judgement.findings.empty()) return std::nullopt;
  JunitSuite suite{"configuration " + configuration_name(judgement), {}};
  for (const Finding& finding : judgement.findings) suite.cases.push_back(junit_finding_case(finding));
  for (const AcceptedFinding& item : judgement.accepted) {
    suite.cases.push_back(JunitCase{item.finding.rule, fmt::format("{} {}", item.finding.rule, item.finding.subject),
                                    std::nullopt, "", "accepted " + accepted_line(item)});
  }
  return suite;
}

}  // namespace fbcompat
