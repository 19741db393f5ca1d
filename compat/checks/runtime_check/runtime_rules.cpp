#include "runtime_check/runtime_rules.h"

#include "fbcompat/checks/runtime_check.h"

namespace fbcompat {

const RuleInfo kRuntimeNodeWithoutDefiner{
    "RUNTIME_NODE_WITHOUT_DEFINER", Category::Wire, Severity::Error, RuleScope::Runtime,
    "Every member of the node union needs a definition in the runtime, or programs that use it fail to load."};

const RuleInfo kRuntimeDefinerWithoutNode{
    "RUNTIME_DEFINER_WITHOUT_NODE", Category::Source, Severity::Warning, RuleScope::Runtime,
    "A runtime's node definition must name a member the node union has."};

const RuleInfo kRuntimeNodeIdMismatch{
    "RUNTIME_NODE_ID_MISMATCH", Category::Wire, Severity::Error, RuleScope::Runtime,
    "The runtime must dispatch each node union member on the type id the schema gives it."};

const std::vector<const RuleInfo*>& runtime_check_rules() {
  static const std::vector<const RuleInfo*> rules{&kRuntimeNodeWithoutDefiner, &kRuntimeDefinerWithoutNode,
                                                  &kRuntimeNodeIdMismatch};
  return rules;
}

}  // namespace fbcompat
