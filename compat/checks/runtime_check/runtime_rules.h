// The rules of `fbcompat runtime-check` (RuleScope::Runtime): a runtime's node definitions against
// the node union of a schema.
#pragma once

#include "fbcompat/core/rule.h"

namespace fbcompat {

extern const RuleInfo kRuntimeNodeWithoutDefiner;
extern const RuleInfo kRuntimeDefinerWithoutNode;
extern const RuleInfo kRuntimeNodeIdMismatch;

}  // namespace fbcompat
