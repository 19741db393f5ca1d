#include "rules/golden_rules.h"
#include "rules/rule_families.h"

namespace fbcompat {

const std::vector<const RuleInfo*>& non_evolution_rules() {
  static const std::vector<const RuleInfo*> rules = [] {
    std::vector<const RuleInfo*> collected;
    for (const RuleInfo* rule : golden_rules()) collected.push_back(rule);
    return collected;
  }();
  return rules;
}

}  // namespace fbcompat
