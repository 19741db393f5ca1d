// The rules of the lock file, applied by `diff` and `audit` when a family has a lock, and by `lock --check`.
#pragma once

#include <vector>

#include "fbcompat/core/rule.h"

namespace fbcompat::lock_rules {

extern const RuleInfo kIdReused;
extern const RuleInfo kReleasedDeleted;
extern const RuleInfo kOutOfDate;

const std::vector<const RuleInfo*>& all();

}  // namespace fbcompat::lock_rules
