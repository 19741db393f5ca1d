// Findings rendered for people (text, like a compiler's diagnostics) and for machines (JSON).
#pragma once

#include <string>
#include <vector>

#include "fbcompat/finding.h"

namespace fbcompat {

struct TextStyle {
  bool color = false;  // ANSI colours, for a terminal
};

// One finding: "file:line:col: error: [RULE] message", then its subject and fix.
std::string format_finding_text(const Finding& finding, const TextStyle& style = {});

// Every finding, then a summary line: "2 errors, 1 warning: NEW is not backward compatible with OLD".
std::string format_text_report(const std::vector<Finding>& findings, const std::string& what, const TextStyle& style = {});

// A Markdown summary for a pull request comment: a verdict line, then a table of findings.
std::string format_markdown_report(const std::vector<Finding>& findings, const std::string& what);

// {"compatible": bool, "findings": [{"rule", "category", "severity", "subject", "message", "fix", "file", "line", "column"}]}
std::string format_json_report(const std::vector<Finding>& findings);

}  // namespace fbcompat
