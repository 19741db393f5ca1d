#include "fbcompat/core/rule.h"

#include <utility>

namespace fbcompat {

Finding finding_of(const RuleInfo& rule, std::string subject, std::string message, std::string fix) {
  Finding finding;
  finding.rule = std::string(rule.id);
  finding.category = rule.category;
  finding.severity = rule.default_severity;
  finding.subject = std::move(subject);
  finding.message = std::move(message);
  finding.fix = std::move(fix);
  return finding;
}

}  // namespace fbcompat
