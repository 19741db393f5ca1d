// The fields of a table that kept their slot, under the same name or a new one: the pairs whose type,
// default, presence and name the field rules compare.
#pragma once

#include <string>
#include <vector>

#include "evolution/evolution_context.h"

namespace fbcompat {

struct SlotPair {
  const Field& old_field;
  const Field& new_field;
  bool renamed = false;

  // A deprecated field's slot taken by a different, live field: FIELD_NO_REUSE_DEPRECATED's case,
  // which no other field rule reports.
  bool reuses_deprecated_slot() const { return renamed && old_field.deprecated && !new_field.deprecated; }
  // The new version neither reads nor writes the field, so its type, default and name no longer
  // matter to data; FIELD_NEWLY_DEPRECATED reports the accessors it loses.
  bool retired() const { return new_field.deprecated; }
};

std::vector<SlotPair> slot_pairs(const CompositePair& table);

// Same type, naming the same declarations: no finding at all.
bool same_type(const EvolutionContext& context, const Type& old_type, const Type& new_type);

// The field's type still names the same declaration, and only that declaration changed (an enum's
// width, a table that became a struct): the declaration's own finding reports it, once for all fields.
bool change_reported_by_declaration(const EvolutionContext& context, const Type& old_type, const Type& new_type);

// The field occupying `slot` (a union field occupies its value's slot and the type's slot before it).
const Field* field_at_slot(const Composite& table, std::int64_t slot);

// "slot 3", or "slots 2 and 3" for a union field.
std::string slots_of(const Field& field);
bool is_union_field(const Field& field);

// The table a field's `(nested_flatbuffer: "T")` names, qualified as `schema` declares it (T is written in
// the field's namespace, or fully qualified); empty when the field has none.
std::string nested_flatbuffer_of(const Schema& schema, const Composite& table, const Field& field);

// "T.f" and "fb.T.f"
std::string field_subject(const Composite& table, const Field& field);

// `name: type = default (attributes)` as the field would be declared.
std::string field_declaration(const Field& field);

}  // namespace fbcompat
