// The rules of the module gate: what happens to whole schema files.
#pragma once

#include "fbcompat/core/rule.h"

namespace fbcompat {

extern const RuleInfo kFileNoDelete;
extern const RuleInfo kFileSameDeclarations;
extern const RuleInfo kFileParses;
extern const RuleInfo kFileNotChecked;

}  // namespace fbcompat
