// Findings rendered for people (text, like a compiler's diagnostics) and for machines (JSON).
#pragma once

#include <string>
#include <vector>

#include "fbcompat/core/finding.h"

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

// SARIF 2.1.0 for code scanning: one run of the fbcompat tool, its rules, one result per finding.
std::string format_sarif_report(const std::vector<Finding>& findings);

// GitHub Actions workflow commands (::error file=...,line=...::message) that annotate a pull request's
// lines, then a ::notice with the summary.
std::string format_github_report(const std::vector<Finding>& findings, const std::string& what);

// JUnit XML for CI dashboards: one test suite, one failing test case per error (warnings are
// reported as passing cases with system-out), and one passing case when there are no findings.
std::string format_junit_report(const std::vector<Finding>& findings, const std::string& suite);

// {"compatible": bool, "findings": [{"rule", "category", "severity", "subject", "message", "fix", "file", "line", "column"}]}
std::string format_json_report(const std::vector<Finding>& findings);

}  // namespace fbcompat
