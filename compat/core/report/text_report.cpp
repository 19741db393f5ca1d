#include <fmt/format.h>

#include <algorithm>

#include "fbcompat/core/printable.h"
#include "fbcompat/core/report.h"

namespace fbcompat {
namespace {

struct Colors {
  const char* bold = "";
  const char* error = "";
  const char* warning = "";
  const char* info = "";
  const char* dim = "";
  const char* fix = "";
  const char* reset = "";
};

Colors colors_for(const TextStyle& style) {
  if (!style.color) return {};
  return {"\033[1m", "\033[1;31m", "\033[1;35m", "\033[1;36m", "\033[2m", "\033[32m", "\033[0m"};
}

const char* severity_color(const Colors& colors, Severity severity) {
  switch (severity) {
    case Severity::Error: return colors.error;
    case Severity::Warning: return colors.warning;
    case Severity::Info: return colors.info;
  }
  return "";
}

std::string place(const Finding& finding) {
  std::string text = finding.file.empty() ? std::string("<schema>") : printable(finding.file);
  if (finding.line != 0) text += fmt::format(":{}", finding.line);
  if (finding.line != 0 && finding.column != 0) text += fmt::format(":{}", finding.column);
  return text;
}

std::string plural(std::size_t count, const char* word) {
  return fmt::format("{} {}{}", count, word, count == 1 ? "" : "s");
}

}  // namespace

std::string format_finding_text(const Finding& finding, const TextStyle& style) {
  const Colors colors = colors_for(style);
  std::string text = fmt::format("{}{}:{} {}{}:{} {}[{}]{} {}\n", colors.bold, place(finding), colors.reset,
                                 severity_color(colors, finding.severity), severity_name(finding.severity),
                                 colors.reset, colors.bold, finding.rule, colors.reset, printable(finding.message));
  text += fmt::format("  {}= subject:{} {} ({})\n", colors.dim, colors.reset, printable(finding.subject),
                      category_name(finding.category));
  if (!finding.fix.empty()) text += fmt::format("  {}= fix:{} {}\n", colors.fix, colors.reset, printable(finding.fix));
  if (finding.fix_status == FixStatus::Fixed) {
    text += fmt::format("  {}= fixed:{} {}\n", colors.fix, colors.reset, printable(finding.fix_note));
  } else if (finding.fix_status == FixStatus::NotFixed) {
    text += fmt::format("  {}= not fixed:{} {}\n", colors.dim, colors.reset, printable(finding.fix_note));
  }
  return text;
}

std::string format_text_report(const std::vector<Finding>& shown, const std::string& what, const TextStyle& style,
                               const std::vector<Finding>& also_counted) {
  std::string text;
  for (const Finding& finding : shown) text += format_finding_text(finding, style);
  std::vector<Finding> findings = shown;
  findings.insert(findings.end(), also_counted.begin(), also_counted.end());
  const FindingCounts counts = count_findings(findings);
  std::string tally;
  if (counts.errors == 0 && counts.warnings == 0 && counts.infos == 0) {
    tally = "no findings";
  } else {
    tally = fmt::format("{}, {}", plural(counts.errors, "error"), plural(counts.warnings, "warning"));
    if (counts.infos != 0) tally += ", " + plural(counts.infos, "note");
  }
  const Colors colors = colors_for(style);
  const auto with_status = [&](FixStatus status) {
    return std::count_if(findings.begin(), findings.end(), [&](const Finding& f) { return f.fix_status == status; });
  };
  if (const auto fixable = static_cast<std::size_t>(with_status(FixStatus::Fixable)); fixable != 0) {
    text += fmt::format("{} can be fixed mechanically: --fix makes the {}, --format patch shows {}\n",
                        fixable == 1 ? "1 finding" : plural(fixable, "finding") + " of these",
                        fixable == 1 ? "change" : "changes", fixable == 1 ? "it" : "them");
  }
  // After --fix the verdict is the fixed files': what remains.
  if (const auto fixed = static_cast<std::size_t>(with_status(FixStatus::Fixed)); fixed != 0) {
    tally = fmt::format("{} fixed; {}, {} remain", plural(fixed, "finding"), plural(counts.errors, "error"),
                        plural(counts.warnings, "warning"));
  }
  const bool ok = compatible(findings);
  text += fmt::format("{}{}{}: {}{}\n", ok ? colors.bold : colors.error, tally, colors.reset,
                      ok ? "compatible: " : "NOT compatible: ", printable(what));
  return text;
}

std::string format_text_error(const Error& error) { return "fbcompat: " + error.to_string() + "\n"; }

}  // namespace fbcompat
