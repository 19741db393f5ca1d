// Findings as a JSON array, for every report that embeds them (diff, pair, audit).
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "fbcompat/core/finding.h"

namespace fbcompat {

nlohmann::json findings_to_json(const std::vector<Finding>& findings);

}  // namespace fbcompat
