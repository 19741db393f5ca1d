// What reflection's Verify refuses in a union and flatc's generated Verifier accepts: a type id past the
// union's members (generated code lets unknown members through, for forward compatibility), and a
// type without a value. A compiled reader (compiled_reader.h) is its generated Verifier and this, so
// that it accepts exactly what reflection accepts.
#pragma once

#include <cstdint>

#include "fbcompat/core/reflected_schema.h"
#include "payload/reader_plan.h"

namespace fbcompat {

// The buffer has passed the generated Verifier of the schema `plan` was made from (reader_plan.h), so
// every access is in range; tables from which no union is reachable are not walked.
bool union_members_known(const ReaderPlan& plan, const std::uint8_t* verified_buffer);

}  // namespace fbcompat
