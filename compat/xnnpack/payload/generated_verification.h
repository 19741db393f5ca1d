// XNNPACK flatbuffers are verified by flatc's generated code for the newest runtime schema before
// reflection sees them. flatbuffers 2.0.8's reflection Verify reads some of a table's fields before it
// has verified them, so a malformed buffer can make it read far outside the buffer (found by fuzzing:
// tests/fuzz/regressions/program_fuzzer/reflection-reads-unverified-field.pte). The generated verifier
// reads nothing it has not verified. Every older reader and writer schema is a subset of the newest
// runtime schema (the audit checks it), so a buffer any of them can read passes.
#pragma once

#include <cstddef>
#include <cstdint>

#include "fbcompat/core/reflected_schema.h"

namespace fbcompat {

// The identifier is not checked: readers accept more than one.
bool passes_generated_xnnpack_verifier(const std::uint8_t* buffer, std::size_t size, const BufferLimits& limits);

}  // namespace fbcompat
