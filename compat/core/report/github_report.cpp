#include <fmt/format.h>

#include "fbcompat/core/report.h"

namespace fbcompat {
namespace {

// Workflow command escaping: the message ("data") escapes %, CR and LF; properties also ':' and ','.
// The runner decodes only those: any other control character is shown escaped, not sent to the log.
std::string escape_data(const std::string& text) {
  std::string escaped;
  for (const char c : text) {
    switch (c) {
      case '%': escaped += "%25"; break;
      case '\r': escaped += "%0D"; break;
      case '\n': escaped += "%0A"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
          escaped += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
        } else {
          escaped += c;
        }
    }
  }
  return escaped;
}

std::string escape_property(const std::string& text) {
  std::string escaped;
  for (const char c : escape_data(text)) {
    switch (c) {
      case ':': escaped += "%3A"; break;
      case ',': escaped += "%2C"; break;
      default: escaped += c;
    }
  }
  return escaped;
}

const char* command_for(Severity severity) {
  switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "notice";
  }
  return "notice";
}

}  // namespace

std::string format_github_report(const std::vector<Finding>& findings, const std::string& what) {
  std::string text;
  for (const Finding& finding : findings) {
    std::string properties;
    if (!finding.file.empty()) properties += "file=" + escape_property(finding.file);
    if (finding.line != 0) properties += fmt::format(",line={}", finding.line);
    if (finding.line != 0 && finding.column != 0) properties += fmt::format(",col={}", finding.column);
    properties += (properties.empty() ? "" : ",") + std::string("title=") +
                  escape_property(fmt::format("fbcompat {}: {}", finding.rule, finding.subject));
    text += fmt::format("::{} {}::{}\n", command_for(finding.severity), properties,
                        escape_data(finding.message + (finding.fix.empty() ? "" : "\nFix: " + finding.fix)));
  }
  const FindingCounts counts = count_findings(findings);
  text += fmt::format("::notice title=fbcompat::{}\n",
                      escape_data(fmt::format("{}: {} error(s), {} warning(s): {}",
                                              compatible(findings) ? "compatible" : "NOT compatible", counts.errors,
                                              counts.warnings + counts.infos, what)));
  return text;
}

// One notice: the configuration's text summary. Its findings are annotations of their own.
std::string format_judgement_github(const Judgement& judgement) {
  Judgement summary = judgement;
  summary.findings.clear();
  std::string text = format_judgement_text(summary);
  if (text.empty()) return "";
  text.pop_back();  // the final newline ends the workflow command instead
  return "::notice title=fbcompat configuration::" + escape_data(text) + "\n";
}

}  // namespace fbcompat
