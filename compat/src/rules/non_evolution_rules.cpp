#include "rules/rule_families.h"
#include "runtime_check/runtime_rules.h"

namespace fbcompat {

const std::vector<const RuleInfo*>& non_evolution_rules() {
  static const std::vector<const RuleInfo*> rules{
      &kRuntimeNodeWithoutDefiner,
      &kRuntimeDefinerWithoutNode,
      &kRuntimeNodeUnsupportedByXnnpack,
      &kRuntimeNodeIdMismatch,
  };
  return rules;
}

}  // namespace fbcompat
