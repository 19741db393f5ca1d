// Compares the fields a golden program's JSON description records with the same buffer decoded by a
// reader schema (flatbuffers' GenerateText), walking both JSON trees alongside the reader's reflection
// objects so that each key is judged as the reader sees its field.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fbcompat/core/reflected_schema.h"
#include "fbcompat/executorch/delegate_family.h"

namespace fbcompat {

// Floats compare within 1e-6 (absolute) or 1e-6 relative: GenerateText prints six decimals.
RecordedFields compare_recorded_fields(const nlohmann::json& recorded, const nlohmann::json& decoded,
                                        const ReflectedSchema& reader);

}  // namespace fbcompat
