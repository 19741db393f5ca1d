#include "fbcompat/core/policy.h"

#include <algorithm>

namespace fbcompat {
namespace {

bool subject_matches(const std::string& pattern, const std::string& subject) {
  if (pattern == subject || pattern == "*") return true;
  if (!pattern.empty() && (pattern.back() == '*' || pattern.back() == '.')) {
    const std::string prefix = pattern.back() == '*' ? pattern.substr(0, pattern.size() - 1) : pattern;
    return subject.compare(0, prefix.size(), prefix) == 0;
  }
  return false;
}

bool ignored(const Policy& policy, const Finding& finding) {
  return std::any_of(policy.ignores.begin(), policy.ignores.end(), [&](const Ignore& ignore) {
    return ignore.rule == finding.rule && subject_matches(ignore.subject, finding.subject);
  });
}

}  // namespace

std::size_t apply_policy(const Policy& policy, std::vector<Finding>& findings) {
  const auto before = findings.size();
  findings.erase(std::remove_if(findings.begin(), findings.end(),
                                [&](const Finding& finding) { return ignored(policy, finding); }),
                 findings.end());
  for (Finding& finding : findings) {
    if (const auto found = policy.severity.find(finding.rule); found != policy.severity.end()) {
      finding.severity = found->second;
    }
    if (policy.strict) finding.severity = Severity::Error;
  }
  return before - findings.size();
}

}  // namespace fbcompat
