#include <fmt/format.h>

#include "audit/audit_words.h"
#include "fbcompat/core/junit.h"
#include "fbcompat/release/audit_report.h"

namespace fbcompat {
namespace {

using namespace audit_words;

struct Case {
  std::string classname;
  std::string name;
  std::vector<Finding> findings;
};

JunitCase junit_case(const Case& test) {
  JunitCase out{test.classname, test.name, std::nullopt, "", ""};
  std::string failures;
  for (const Finding& finding : test.findings) {
    if (finding.severity != Severity::Error) continue;
    failures += fmt::format("{}:{}: [{}] {}\nFix: {}\n", finding.file, finding.line, finding.rule, finding.message, finding.fix);
  }
  if (!failures.empty()) out.failure = JunitCase::Failure{"", short_reason(test.findings), failures};
  return out;
}

}  // namespace

std::vector<Finding> verdict_findings(const AuditReport& report) {
  std::vector<Finding> findings;
  for (const Transition& transition : report.transitions) {
    if (transition.shipped) findings.insert(findings.end(), transition.findings.begin(), transition.findings.end());
  }
  for (const MatrixCell& cell : report.matrix) {
    const auto& versions = report.history.versions;
    if (cell.writer <= cell.reader && versions[cell.writer].shipped && versions[cell.reader].shipped) {
      findings.insert(findings.end(), cell.findings.begin(), cell.findings.end());
    }
  }
  findings.insert(findings.end(), report.lock_findings.begin(), report.lock_findings.end());
  for (const AuditSection& section : report.sections) {
    findings.insert(findings.end(), section.findings.begin(), section.findings.end());
  }
  return findings;
}

std::string format_audit_junit(const std::vector<AuditReport>& reports, const Judgement& judgement) {
  std::vector<JunitSuite> suites;
  for (const AuditReport& report : reports) {
    const History& history = report.history;
    std::vector<Case> cases;
    for (const Transition& transition : report.transitions) {
      if (transition.shipped) cases.push_back({"transition", transition_name(report, transition), transition.findings});
    }
    for (const MatrixCell& cell : report.matrix) {
      const auto& versions = history.versions;
      if (cell.writer > cell.reader || !versions[cell.writer].shipped || !versions[cell.reader].shipped) continue;
      cases.push_back({"matrix", fmt::format("{} programs load on the {} runtime", versions[cell.writer].name,
                                             versions[cell.reader].name),
                       cell.findings});
    }
    if (!report.lock_path.empty()) cases.push_back({"lock", report.lock_path, report.lock_findings});
    for (const AuditSection& section : report.sections) cases.push_back({"section", section.name, section.findings});
    JunitSuite suite{fmt::format("fbcompat audit {}", history.family), {}};
    for (const Case& test : cases) suite.cases.push_back(junit_case(test));
    suites.push_back(std::move(suite));
  }
  if (auto configuration = judgement_junit_suite(judgement)) suites.push_back(std::move(*configuration));
  return junit_document("fbcompat audit", suites);
}

}  // namespace fbcompat
