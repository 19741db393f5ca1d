#include <fmt/format.h>

#include "fbcompat/core/printable.h"
#include "fbcompat/core/report.h"

namespace fbcompat {
namespace {

// A table cell: one line, its control characters shown escaped, its bars not ending it.
std::string cell(const std::string& text) {
  std::string escaped;
  for (const char c : printable(text)) escaped += c == '|' ? std::string("\\|") : std::string(1, c);
  return escaped;
}

// Whether --fix can make (or made) the fix.
std::string fix_state(const Finding& finding) {
  switch (finding.fix_status) {
    case FixStatus::Fixable: return " (`--fix` does it)";
    case FixStatus::Fixed: return " (fixed by `--fix`)";
    case FixStatus::NotFixed: return " (not fixed: " + finding.fix_note + ")";
    case FixStatus::None: break;
  }
  return "";
}

}  // namespace

std::string format_markdown_report(const std::vector<Finding>& findings, const std::string& what,
                                   const std::vector<Finding>& also_counted) {
  std::vector<Finding> counted = findings;
  counted.insert(counted.end(), also_counted.begin(), also_counted.end());
  const FindingCounts counts = count_findings(counted);
  std::string text = fmt::format("### fbcompat: {} {}\n\n", compatible(counted) ? "compatible" : "**NOT compatible**",
                                 cell(what));
  if (findings.empty()) return text + "No findings.\n";
  text += fmt::format("{} error(s), {} warning(s)\n\n| Severity | Rule | Where | Subject | What breaks | Fix |\n|---|---|---|---|---|---|\n",
                      counts.errors, counts.warnings + counts.infos);
  for (const Finding& finding : findings) {
    text += fmt::format("| {} | `{}` ({}) | `{}:{}` | `{}` | {} | {} |\n", severity_name(finding.severity), finding.rule,
                        category_name(finding.category), cell(finding.file), finding.line, cell(finding.subject),
                        cell(finding.message), cell(finding.fix + fix_state(finding)));
  }
  return text;
}

std::string format_markdown_error(const Error& error, const std::string& what) {
  return fmt::format("### fbcompat: **could not check** {}\n\n```text\n{}\n```\n", cell(what), error.to_string());
}

}  // namespace fbcompat
