// Findings as JSON, for every report that embeds them in a JSON document of its own (diff, pair,
// audit, load-check), so that a finding reads the same in all of them.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fbcompat/core/finding.h"
#include "fbcompat/core/policy.h"

namespace fbcompat {

nlohmann::json findings_to_json(const std::vector<Finding>& findings);

// {"file", "accepted": [finding + "reason", "accepted_at"], "findings"}; null when fbcompat's defaults
// judged and accepted nothing. render() adds it to every JSON report as "configuration".
nlohmann::json judgement_to_json(const Judgement& judgement);

// A JSON document as every report prints it: two-space indent, invalid UTF-8 replaced, a final newline.
std::string json_text(const nlohmann::json& document);

}  // namespace fbcompat
