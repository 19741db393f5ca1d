#include "rules/rule_families.h"

namespace fbcompat {

const std::vector<const RuleInfo*>& non_evolution_rules() {
  static const std::vector<const RuleInfo*> rules{};
  return rules;
}

}  // namespace fbcompat
