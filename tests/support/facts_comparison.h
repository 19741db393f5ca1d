// Compares a loaded schema with its facts file (/work/shared/facts/executorch/xnnpack/<v>/<file>.json),
// field by field, and names every difference.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fbcompat/core/schema.h"

namespace fbcompat::test {

// Empty when the schema matches the facts exactly.
std::vector<std::string> compare_with_facts(const Schema& schema, const nlohmann::json& facts);

}  // namespace fbcompat::test
