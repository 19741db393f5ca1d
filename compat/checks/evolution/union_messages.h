// Phrases the union rules share, so every finding about type ids reads the same way.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "evolution/evolution_context.h"

namespace fbcompat {

// "Old programs' type id 5 (XNNFoo) now decodes as XNNBar (table _XNNNode2x1)." or the unknown-id case.
std::string old_id_now_reads_as(const EnumPair& pair, std::int64_t id);
// Where a reader fixing the problem should look: the member now at `id`, else the union.
SourceLocation location_of_id(const EnumPair& pair, std::int64_t id);
// "XNNAdd: _XNNNode2x1", or just the name when the member is named after its table.
std::string member_declaration(const EnumValue& member);
// ", between XNNPrev and XNNNext" for an old member, from its neighbours in the old union.
std::string between_text(const EnumPair& pair, std::size_t old_index);
// The first type id after every member of the new union.
std::int64_t next_free_id(const EnumPair& pair);
// How old programs now decode the given old members (indexes into the old union, taken in type id
// order): "B as D, C as B, ..." where each member is read as whatever now holds its type id.
std::string misreadings(const EnumPair& pair, std::vector<std::size_t> old_indexes, std::size_t limit = 4);
// The old members of a change: its own (when it has one) and those it displaced.
std::vector<std::size_t> old_members_of(const std::vector<Alignment::Pair>& displaced);
// "ubyte" for the hidden type of a union's type id, else the type's name.
const char* type_id_name(BaseType underlying);

}  // namespace fbcompat
