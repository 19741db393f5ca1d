// Rules of the commands other than diff (pair, lock, runtime-check, golden
// verify, load-check). Their checks take other inputs
// than an old and a new schema; the registry still lists them all in one place.
#pragma once

#include <vector>

#include "fbcompat/core/rule.h"

namespace fbcompat {

const std::vector<const RuleInfo*>& non_evolution_rules();

}  // namespace fbcompat
