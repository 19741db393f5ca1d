// A golden program's JSON description (its payload's flatbuffer as flatbuffers JSON, which `golden
// freeze` keeps beside the program) against the payload as a reader schema reads it. Every family whose
// payload holds one flatbuffer describes its programs this way, and compares them with these.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "fbcompat/core/error.h"
#include "fbcompat/core/reflected_schema.h"
#include "fbcompat/executorch/delegate_family.h"

namespace fbcompat {

// The description parsed once: an Error when the text is not JSON (saying where and why), or when its
// root is not an object.
Expected<std::unique_ptr<RecordedDescription>> parse_recorded_description(std::string text);

// How the comparison is made. BufferFirst reads the recorded values from the buffer itself and falls
// back to the buffer's JSON text only to word a difference; TextOnly always compares the texts (tests
// compare the two).
enum class RecordedComparison { BufferFirst, TextOnly };

// `description` is parse_recorded_description's; `flatbuffer` has passed `reader`'s verify.
Expected<RecordedFields> compare_recorded_fields(const RecordedDescription& description, const std::uint8_t* flatbuffer,
                                                 const ReflectedSchema& reader,
                                                 RecordedComparison how = RecordedComparison::BufferFirst);

}  // namespace fbcompat
