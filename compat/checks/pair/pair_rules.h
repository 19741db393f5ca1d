// The rules of `fbcompat pair`. A pair check walks one writer schema against one reader schema, so its
// rules share one walker (pair_walker.h) instead of a file each; each still has its own id and page.
#pragma once

#include <vector>

#include "fbcompat/core/rule.h"

namespace fbcompat::pair_rules {

extern const RuleInfo kIdentifierNotAccepted;
extern const RuleInfo kRootTypeMismatch;
extern const RuleInfo kUnionMemberMissing;
extern const RuleInfo kUnionMemberMoved;
extern const RuleInfo kUnionMemberTableMismatch;
extern const RuleInfo kUnionMemberNameMismatch;
extern const RuleInfo kEnumValueMissing;
extern const RuleInfo kEnumValueNameMismatch;
extern const RuleInfo kFieldMissing;
extern const RuleInfo kFieldSlotMismatch;
extern const RuleInfo kFieldTypeMismatch;
extern const RuleInfo kFieldDefaultMismatch;
extern const RuleInfo kFieldNameMismatch;
extern const RuleInfo kFieldDeprecatedInReader;
extern const RuleInfo kRequiredNotWritten;
extern const RuleInfo kStructLayoutMismatch;

const std::vector<const RuleInfo*>& all();

}  // namespace fbcompat::pair_rules
