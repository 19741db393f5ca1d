// The rules only the XNNPACK family applies: its load check's (the header-only check on a runtime's
// profile, docs/load-check.md) and the one its reference runtime reports for a node the linked XNNPACK
// cannot define. The catalogue lists them under XNNPACK (DelegateFamily::rules).
#pragma once

#include <vector>

#include "fbcompat/core/rule.h"

namespace fbcompat::xnnpack {

extern const RuleInfo kLoadTypesUnknown;
extern const RuleInfo kLoadIdentifierNotAccepted;
extern const RuleInfo kLoadFieldsIgnored;
extern const RuleInfo kRuntimeNodeUnsupportedByXnnpack;

const std::vector<const RuleInfo*>& family_rules();

}  // namespace fbcompat::xnnpack
