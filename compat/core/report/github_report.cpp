#include <fmt/format.h>

#include <map>

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

// GitHub shows at most this many annotations of one level (error, warning, notice) per step.
constexpr std::size_t kAnnotationsPerLevel = 10;

std::string annotation(const Finding& finding) {
  std::string properties;
  if (!finding.file.empty()) properties += "file=" + escape_property(finding.file);
  if (finding.line != 0) properties += fmt::format(",line={}", finding.line);
  if (finding.line != 0 && finding.column != 0) properties += fmt::format(",col={}", finding.column);
  properties += (properties.empty() ? "" : ",") + std::string("title=") +
                escape_property(fmt::format("fbcompat {}: {}", finding.rule, finding.subject));
  return fmt::format("::{} {}::{}\n", command_for(finding.severity), properties,
                     escape_data(finding.message + (finding.fix.empty() ? "" : "\nFix: " + finding.fix)));
}

const char* level_plural(Severity severity) {
  switch (severity) {
    case Severity::Error: return "errors";
    case Severity::Warning: return "warnings";
    case Severity::Info: return "notes";
  }
  return "findings";
}

}  // namespace

std::string format_github_report(const std::vector<Finding>& reported, const std::string& what,
                                 const Judgement& judgement) {
  std::vector<Finding> findings = reported;
  findings.insert(findings.end(), judgement.findings.begin(), judgement.findings.end());
  // The summary and the judgement are notices that are always shown: they take their places first.
  const std::string configuration = format_judgement_github(judgement);
  std::map<Severity, std::size_t> room{{Severity::Error, kAnnotationsPerLevel},
                                       {Severity::Warning, kAnnotationsPerLevel},
                                       {Severity::Info, kAnnotationsPerLevel - 1 - (configuration.empty() ? 0 : 1)}};
  std::map<Severity, std::size_t> total;
  for (const Finding& finding : findings) ++total[finding.severity];
  std::string text;
  std::map<Severity, std::size_t> shown;
  for (const Finding& finding : findings) {
    const Severity level = finding.severity;
    // A level with more than fits keeps its last place for the count of the rest.
    const std::size_t fits = total[level] <= room[level] ? room[level] : room[level] - 1;
    if (shown[level] < fits) {
      text += annotation(finding);
      ++shown[level];
    }
  }
  for (const auto& [level, count] : total) {
    if (count <= room[level]) continue;
    text += fmt::format("::{} title=fbcompat::{}\n", command_for(level),
                        escape_data(fmt::format("{} more {} than GitHub shows per step (the first {} are annotated "
                                                "above): the job summary (--format markdown) lists every finding",
                                                count - shown[level], level_plural(level), shown[level])));
  }
  const FindingCounts counts = count_findings(findings);
  text += fmt::format("::notice title=fbcompat::{}\n",
                      escape_data(fmt::format("{}: {} error(s), {} warning(s): {}",
                                              compatible(findings) ? "compatible" : "NOT compatible", counts.errors,
                                              counts.warnings + counts.infos, what)));
  return text + configuration;
}

std::string format_github_error(const Error& error) {
  std::string properties;
  if (!error.file.empty()) properties += "file=" + escape_property(error.file) + ",";
  if (!error.file.empty() && error.line != 0) properties += fmt::format("line={},", error.line);
  return fmt::format("::error {}title=fbcompat could not check::{}\n", properties, escape_data(error.to_string()));
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
