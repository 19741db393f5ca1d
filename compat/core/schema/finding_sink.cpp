#include "fbcompat/core/finding_sink.h"

#include <algorithm>
#include <tuple>

namespace fbcompat {

Finding& FindingSink::report(const RuleInfo& rule, std::string subject, const Schema& schema, const SourceLocation& at,
                             std::string message, std::string fix) {
  Finding finding = finding_of(rule, std::move(subject), std::move(message), std::move(fix));
  finding.file = schema.file_of(at);
  finding.line = at.line;
  finding.column = at.column;
  findings_.push_back(std::move(finding));
  return findings_.back();
}

void sort_findings(std::vector<Finding>& findings) {
  std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
    return std::tie(a.file, a.line, a.column, a.rule, a.subject) < std::tie(b.file, b.line, b.column, b.rule, b.subject);
  });
}

}  // namespace fbcompat
