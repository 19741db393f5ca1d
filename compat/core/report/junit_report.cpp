#include <fmt/format.h>

#include "fbcompat/core/report.h"

namespace fbcompat {
namespace {

std::string xml(const std::string& text) {
  std::string escaped;
  for (const char c : text) {
    switch (c) {
      case '&': escaped += "&amp;"; break;
      case '<': escaped += "&lt;"; break;
      case '>': escaped += "&gt;"; break;
      case '"': escaped += "&quot;"; break;
      case '\'': escaped += "&apos;"; break;
      default:
        // XML 1.0 forbids most control characters, even escaped.
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\n' || c == '\t' || c == '\r') escaped += c;
    }
  }
  return escaped;
}

std::string place(const Finding& finding) {
  return finding.line != 0 ? fmt::format("{}:{}", finding.file, finding.line) : finding.file;
}

}  // namespace

std::string format_junit_report(const std::vector<Finding>& findings, const std::string& suite) {
  const FindingCounts counts = count_findings(findings);
  std::string cases;
  for (const Finding& finding : findings) {
    const std::string name = xml(fmt::format("{} {}", finding.rule, finding.subject));
    const std::string body = xml(fmt::format("{}: {}\nFix: {}", place(finding), finding.message, finding.fix));
    if (finding.severity == Severity::Error) {
      cases += fmt::format("    <testcase classname=\"{}\" name=\"{}\">\n      <failure type=\"{}\" message=\"{}\">{}</failure>\n"
                           "    </testcase>\n",
                           xml(finding.rule), name, xml(finding.rule), xml(finding.message), body);
    } else {
      cases += fmt::format("    <testcase classname=\"{}\" name=\"{}\">\n      <system-out>{}: {}</system-out>\n    </testcase>\n",
                           xml(finding.rule), name, severity_name(finding.severity), body);
    }
  }
  std::size_t tests = findings.size();
  if (findings.empty()) {
    cases = fmt::format("    <testcase classname=\"fbcompat\" name=\"{}\"/>\n", xml(suite));
    tests = 1;
  }
  return fmt::format("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"fbcompat\" tests=\"{}\" failures=\"{}\">\n"
                     "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"0\">\n{}  </testsuite>\n"
                     "</testsuites>\n",
                     tests, counts.errors, xml(suite), tests, counts.errors, cases);
}

}  // namespace fbcompat
