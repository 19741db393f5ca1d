// The catalogue of every rule fbcompat applies, on top of the checks that declare them: the evolution
// rules (diff), pair, lock, runtime check, golden programs and the load check, in that order. Each rule
// has a page docs/rules/<ID>.md, embedded in the library.
#pragma once

#include <string_view>
#include <vector>

#include "fbcompat/core/rule.h"

namespace fbcompat {

const std::vector<RuleInfo>& all_rules();
const RuleInfo* find_rule(std::string_view id);

// The rule's documentation page (Markdown); empty when the id is unknown.
std::string_view rule_page(std::string_view id);

}  // namespace fbcompat
