#include <fmt/format.h>

#include "fbcompat/core/junit.h"

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

std::string render_case(const JunitCase& test) {
  const std::string opening = fmt::format("    <testcase classname=\"{}\" name=\"{}\"", xml(test.classname), xml(test.name));
  if (!test.failure && test.system_out.empty()) return opening + "/>\n";
  std::string body;
  if (test.failure) {
    const std::string type = test.failure->type.empty() ? "" : fmt::format(" type=\"{}\"", xml(test.failure->type));
    body += fmt::format("      <failure{} message=\"{}\">{}</failure>\n", type, xml(test.failure->message),
                        xml(test.failure->body));
  }
  if (!test.system_out.empty()) body += fmt::format("      <system-out>{}</system-out>\n", xml(test.system_out));
  return opening + ">\n" + body + "    </testcase>\n";
}

}  // namespace

std::string junit_document(const std::string& name, const std::vector<JunitSuite>& suites) {
  std::string text;
  std::size_t all_tests = 0;
  std::size_t all_failures = 0;
  for (const JunitSuite& suite : suites) {
    std::size_t failures = 0;
    std::string cases;
    for (const JunitCase& test : suite.cases) {
      failures += test.failure ? 1 : 0;
      cases += render_case(test);
    }
    all_tests += suite.cases.size();
    all_failures += failures;
    text += fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"0\">\n{}  </testsuite>\n",
                        xml(suite.name), suite.cases.size(), failures, cases);
  }
  return fmt::format("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"{}\" tests=\"{}\" failures=\"{}\">\n{}"
                     "</testsuites>\n",
                     xml(name), all_tests, all_failures, text);
}

}  // namespace fbcompat
