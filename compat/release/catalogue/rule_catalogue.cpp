#include "fbcompat/core/rule.h"

#include <utility>

#include "evolution/evolution_context.h"
#include "catalogue/rule_families.h"
#include "catalogue/rule_pages.h"

namespace fbcompat {

const std::vector<RuleInfo>& all_rules() {
  static const std::vector<RuleInfo> rules = [] {
    std::vector<RuleInfo> collected;
    for (const EvolutionRule& rule : evolution_rules()) collected.push_back(rule.info);
    for (const RuleInfo* info : non_evolution_rules()) collected.push_back(*info);
    return collected;
  }();
  return rules;
}

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

const RuleInfo* find_rule(std::string_view id) {
  for (const RuleInfo& rule : all_rules()) {
    if (rule.id == id) return &rule;
  }
  return nullptr;
}

std::string_view rule_page(std::string_view id) {
  for (const RulePage& page : rule_pages()) {
    if (page.id == id) return page.markdown;
  }
  return {};
}

}  // namespace fbcompat
