// The fields of a table that kept their slot, under the same name or a new one: the pairs whose type,
// default, presence and name the field rules compare.
#pragma once

#include <string>
#include <vector>

#include "rules/evolution_context.h"

namespace fbcompat {

struct SlotPair {
  const Field& old_field;
  const Field& new_field;
  bool renamed = false;

  // A deprecated field's slot taken by a different, live field: FIELD_NO_REUSE_DEPRECATED's case,
  // which no other field rule reports.
  bool reuses_deprecated_slot() const { return renamed && old_field.deprecated && !new_field.deprecated; }
  // Neither version reads or writes the field: nothing to compare.
  bool both_deprecated() const { return old_field.deprecated && new_field.deprecated; }
};

std::vector<SlotPair> slot_pairs(const CompositePair& table);

// Same type, naming the same declarations: no finding at all.
bool same_type(const EvolutionContext& context, const Type& old_type, const Type& new_type);

// "T.f" and "fb.T.f"
std::string field_subject(const Composite& table, const Field& field);

// `name: type = default (attributes)` as the field would be declared.
std::string field_declaration(const Field& field);

}  // namespace fbcompat
