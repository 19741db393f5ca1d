// Compares the fields a golden program's JSON description records with the same buffer decoded by a
// reader schema (flatbuffers' GenerateText), walking both JSON trees alongside the reader's reflection
// objects so that each key is judged as the reader sees its field.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fbcompat/core/reflected_schema.h"

namespace fbcompat {

struct FieldComparison {
  std::vector<std::string> changed;         // "XNNGraph.xnodes[3].xnode_union.padding_top: recorded 1, reads 0"
  std::vector<std::string> no_longer_read;  // "PerChannelGroupQuant.scale_bf16" (deprecated in the reader)
};

// Floats compare within 1e-6 (absolute) or 1e-6 relative: GenerateText prints six decimals.
FieldComparison compare_recorded_fields(const nlohmann::json& recorded, const nlohmann::json& decoded,
                                        const ReflectedSchema& reader);

}  // namespace fbcompat
