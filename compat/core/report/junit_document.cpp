#include <fmt/format.h>

#include "fbcompat/core/junit.h"

namespace fbcompat {
namespace {

// The length of the well-formed UTF-8 sequence at `at`, or 0 when the bytes there are not one.
std::size_t utf8_sequence_length(const std::string& text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  std::size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
  if (length == 0 || at + length > text.size()) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(at + i) & 0xC0) != 0x80) return 0;
  }
  if (length == 2 && lead < 0xC2) return 0;                          // overlong
  if (length == 3 && lead == 0xE0 && byte(at + 1) < 0xA0) return 0;  // overlong
  if (length == 3 && lead == 0xED && byte(at + 1) >= 0xA0) return 0; // a surrogate
  if (length == 4 && (lead > 0xF4 || (lead == 0xF0 && byte(at + 1) < 0x90) || (lead == 0xF4 && byte(at + 1) >= 0x90))) {
    return 0;
  }
  return length;
}

// Escapes text for an attribute or element. A file name or plan name need not be UTF-8, but an XML
// document must be: a byte that is not part of a UTF-8 sequence becomes U+FFFD.
std::string xml(const std::string& text) {
  std::string escaped;
  for (std::size_t at = 0; at < text.size();) {
    const char c = text[at];
    const std::size_t length = utf8_sequence_length(text, at);
    if (length == 0) {
      escaped += "\xEF\xBF\xBD";
      ++at;
      continue;
    }
    if (length > 1) {
      escaped.append(text, at, length);
      at += length;
      continue;
    }
    ++at;
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
  if (!test.failure && test.system_out.empty() && test.skipped.empty()) return opening + "/>\n";
  std::string body;
  if (!test.skipped.empty()) body += fmt::format("      <skipped message=\"{}\"/>\n", xml(test.skipped));
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
    std::size_t skipped = 0;
    std::string cases;
    for (const JunitCase& test : suite.cases) {
      failures += test.failure ? 1 : 0;
      skipped += test.skipped.empty() ? 0 : 1;
      cases += render_case(test);
    }
    all_tests += suite.cases.size();
    all_failures += failures;
    text += fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\">\n{}  </testsuite>\n",
                        xml(suite.name), suite.cases.size(), failures, skipped, cases);
  }
  return fmt::format("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"{}\" tests=\"{}\" failures=\"{}\">\n{}"
                     "</testsuites>\n",
                     xml(name), all_tests, all_failures, text);
}

}  // namespace fbcompat
