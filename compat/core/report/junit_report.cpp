#include <fmt/format.h>

#include "fbcompat/core/junit.h"
#include "fbcompat/core/report.h"

namespace fbcompat {
namespace {

std::string finding_place(const Finding& finding) {
  return finding.line != 0 ? fmt::format("{}:{}", finding.file, finding.line) : finding.file;
}

}  // namespace

JunitCase junit_finding_case(const Finding& finding) {
  JunitCase test{finding.rule, fmt::format("{} {}", finding.rule, finding.subject), std::nullopt, "", ""};
  const std::string body = fmt::format("{}: {}\nFix: {}", finding_place(finding), finding.message, finding.fix);
  if (finding.severity == Severity::Error) {
    test.failure = JunitCase::Failure{finding.rule, finding.message, body};
  } else {
    test.system_out = fmt::format("{}: {}", severity_name(finding.severity), body);
  }
  return test;
}

std::string format_junit_report(const std::vector<Finding>& findings, const std::string& suite, const Judgement& judgement) {
  JunitSuite tests{suite, {}};
  for (const Finding& finding : findings) tests.cases.push_back(junit_finding_case(finding));
  if (findings.empty()) tests.cases.push_back(JunitCase{"fbcompat", suite, std::nullopt, "", ""});
  std::vector<JunitSuite> suites{std::move(tests)};
  if (auto configuration = judgement_junit_suite(judgement)) suites.push_back(std::move(*configuration));
  return junit_document("fbcompat", suites);
}

// One failing case: a dashboard that reads only JUnit shows the run failed, and why.
std::string format_junit_error(const Error& error, const std::string& suite) {
  JunitCase test{"fbcompat", suite, JunitCase::Failure{"error", error.message, error.to_string()}, "", ""};
  return junit_document("fbcompat", {JunitSuite{suite, {std::move(test)}}});
}

}  // namespace fbcompat
