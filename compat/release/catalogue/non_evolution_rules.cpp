#include "catalogue/rule_families.h"

#include "lock/lock_rules.h"
#include "pair/pair_rules.h"
#include "golden/golden_rules.h"
#include "load/load_check_rules.h"
#include "runtime_check/runtime_rules.h"

namespace fbcompat {

const std::vector<const RuleInfo*>& non_evolution_rules() {
  static const std::vector<const RuleInfo*> rules = [] {
    std::vector<const RuleInfo*> collected;
    for (const RuleInfo* rule : pair_rules::all()) collected.push_back(rule);
    for (const RuleInfo* rule : lock_rules::all()) collected.push_back(rule);
    for (const RuleInfo* rule : golden_rules()) collected.push_back(rule);
    for (const RuleInfo* rule : {&kRuntimeNodeWithoutDefiner, &kRuntimeDefinerWithoutNode,
                                 &kRuntimeNodeUnsupportedByXnnpack, &kRuntimeNodeIdMismatch}) {
      collected.push_back(rule);
    }
    for (const RuleInfo* rule : {&kLoadTypesUnknown, &kLoadIdentifierNotAccepted, &kLoadFieldsIgnored}) {
      collected.push_back(rule);
    }
    return collected;
  }();
  return rules;
}

}  // namespace fbcompat
