// The rule pages of docs/rules/, embedded at build time (cmake/EmbedRulePages.cmake), so that
// `fbcompat explain` works wherever the binary goes.
#pragma once

#include <string_view>
#include <vector>

#include "fbcompat/release/rule_catalogue.h"

namespace fbcompat {

struct RulePage {
  std::string_view id;
  std::string_view markdown;
};

const std::vector<RulePage>& rule_pages();

}  // namespace fbcompat
