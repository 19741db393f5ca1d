// Findings as JSON, for every report that embeds them in a JSON document of its own (diff, pair,
// audit, load-check), so that a finding reads the same in all of them.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fbcompat/core/finding.h"

namespace fbcompat {

nlohmann::json findings_to_json(const std::vector<Finding>& findings);

// A JSON document as every report prints it: two-space indent, invalid UTF-8 replaced, a final newline.
std::string json_text(const nlohmann::json& document);

}  // namespace fbcompat
