#include <fmt/format.h>

#include "audit/audit_words.h"
#include "fbcompat/release/audit_report.h"

namespace fbcompat {
namespace {

using namespace audit_words;

std::string xml(const std::string& text) {
  std::string escaped;
  for (const char c : text) {
    switch (c) {
      case '&': escaped += "&amp;"; break;
      case '<': escaped += "&lt;"; break;
      case '>': escaped += "&gt;"; break;
      case '"': escaped += "&quot;"; break;
      default:
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\n' || c == '\t') escaped += c;
    }
  }
  return escaped;
}

struct Case {
  std::string classname;
  std::string name;
  std::vector<Finding> findings;
};

std::string render_case(const Case& test) {
  std::string failures;
  for (const Finding& finding : test.findings) {
    if (finding.severity != Severity::Error) continue;
    failures += fmt::format("{}:{}: [{}] {}\nFix: {}\n", finding.file, finding.line, finding.rule, finding.message, finding.fix);
  }
  if (failures.empty()) return fmt::format("    <testcase classname=\"{}\" name=\"{}\"/>\n", xml(test.classname), xml(test.name));
  return fmt::format("    <testcase classname=\"{}\" name=\"{}\">\n      <failure message=\"{}\">{}</failure>\n    </testcase>\n",
                     xml(test.classname), xml(test.name), xml(short_reason(test.findings)), xml(failures));
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

std::string format_audit_junit(const std::vector<AuditReport>& reports) {
  std::string suites;
  std::size_t all_tests = 0;
  std::size_t all_failures = 0;
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
    std::size_t failures = 0;
    std::string body;
    for (const Case& test : cases) {
      failures += compatible(test.findings) ? 0 : 1;
      body += render_case(test);
    }
    all_tests += cases.size();
    all_failures += failures;
    suites += fmt::format("  <testsuite name=\"fbcompat audit {}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"0\">\n{}  </testsuite>\n",
                          xml(history.family), cases.size(), failures, body);
  }
  return fmt::format("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"fbcompat audit\" tests=\"{}\" failures=\"{}\">\n{}</testsuites>\n",
                     all_tests, all_failures, suites);
}

}  // namespace fbcompat
