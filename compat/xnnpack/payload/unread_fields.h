// Whether an older reader reads every field a payload sets, asked of the buffer through reflection
// (unread_fields.cpp) instead of through its JSON text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "fbcompat/core/reflected_schema.h"
#include "payload/reader_plan.h"

namespace fbcompat {

// The first field the payload (verified against both schemas) sets that `older` does not read, named
// from `root_path` ("XNNGraph.xnodes[2].xnode_union.flags"), or an empty optional when it reads them
// all: what comparing the two sparse JSON texts finds. The buffer must render plainly with both
// (ReflectedSchema::renders_plainly), so that the texts would hold it as stored. The outer optional is
// empty when the buffer holds something else this does not model; the caller compares the texts then.
// `older_plan` is older's (reader_plan.h).
std::optional<std::optional<std::string>> first_unread_field_in_buffer(const ReflectedSchema& newest, const ReflectedSchema& older,
                                                                       const ReaderPlan& older_plan,
                                                                       const std::uint8_t* verified_buffer,
                                                                       const std::string& root_path);

}  // namespace fbcompat
