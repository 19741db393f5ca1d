// The rules of `fbcompat load-check` (RuleScope::LoadCheck): what the load-time check (load_check.h)
// decides about one XNNPACK delegate of a program, as a finding. The check itself is header-only and
// knows nothing of findings; the command turns its result into one.
#pragma once

#include "fbcompat/core/rule.h"

namespace fbcompat {

extern const RuleInfo kLoadTypesUnknown;
extern const RuleInfo kLoadIdentifierNotAccepted;
extern const RuleInfo kLoadFieldsIgnored;

}  // namespace fbcompat
