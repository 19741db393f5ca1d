#pragma once

#include "fbcompat/core/rule.h"

namespace fbcompat {

extern const RuleInfo kFileNoDelete;

}  // namespace fbcompat
