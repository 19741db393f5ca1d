// Whether a later reader schema reads everything an earlier one reads, the same way, and may read
// more: the question golden verify asks before it compares a program's recorded fields again with
// each later runtime. Answered from the two schemas' fingerprints (schema_fingerprint.h), so it judges
// every property of a field or an enum value that the fingerprint holds, and no other.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fbcompat {

// True when both schemas have the same root table and every table, struct, enum and union of `earlier`
// is in `later` under the same name and with the same header (kind, size, alignment, underlying type,
// attributes), holding each of `earlier`'s fields (name, id, slot, type, default, flags, attributes)
// unchanged, and `earlier`'s values (name, number, member type) as its first, in the same order.
// `later` may add fields at new slots, values and union members after the others, and types of its
// own. A value `earlier` has no name for may have one in `later`, so a caller that renders enum values
// by name must know it met only named ones. Attributes are those reflection holds: the schema's own,
// declared with `attribute`; flatbuffers leaves its built-in ones (nested_flatbuffer, bit_flags, ...)
// out of binary schemas, so a change to those is not seen here, nor by the comparisons on the buffer.
bool extends_reading(std::string_view earlier_fingerprint, std::string_view later_fingerprint);

// The declarations of `earlier` that `later` does not keep as extends_reading requires, by qualified
// name, sorted; "" first when the root table is not the same, which no comparison survives. A reading
// that went through none of them reads alike with both schemas.
std::vector<std::string> changed_declarations(std::string_view earlier_fingerprint, std::string_view later_fingerprint);

}  // namespace fbcompat
