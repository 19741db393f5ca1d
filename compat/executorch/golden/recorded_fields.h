// Compares the fields a golden program's JSON description records with the same buffer decoded by a
// reader schema (flatbuffers' GenerateText), walking both JSON trees alongside the reader's reflection
// objects so that each key is judged as the reader sees its field. Golden verify first tries the
// comparison on the buffer itself (recorded_fields_in_buffer.cpp), which needs no text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fbcompat/core/reflected_schema.h"
#include "fbcompat/executorch/delegate_family.h"
#include "golden/parsed_description.h"

namespace fbcompat {

// Floats compare within 1e-6 (absolute) or 1e-6 relative: GenerateText prints six decimals. The fields
// no longer read are sorted.
RecordedFields compare_recorded_trees(const nlohmann::json& recorded, const nlohmann::json& decoded,
                                      const ReflectedSchema& reader);

// The same comparison read from the buffer (verified against `reader`) rather than from its JSON text,
// with the description as RapidJSON's document (parsed_description.h), when it finds every recorded
// value the same: what compare_recorded_fields would return. Nullopt when a value differs or the text
// would not hold it plainly: compare_recorded_fields then words it.
std::optional<RecordedFields> recorded_fields_unchanged(const rapidjson::Value& recorded, const std::uint8_t* verified_buffer,
                                                        const ReflectedSchema& reader);

}  // namespace fbcompat
