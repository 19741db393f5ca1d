// FIELD_SAME_TYPE: a field keeps a type whose bytes read the same.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/field_pairs.h"
#include "evolution/type_reinterpretation.h"

namespace fbcompat {

const RuleInfo kFieldSameType{"FIELD_SAME_TYPE", Category::Wire, Severity::Error, RuleScope::Evolution,
                              "A table field must keep its type: old data holds the old type's bytes in its slot."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const CompositePair& table : context.tables) {
    for (const SlotPair& pair : slot_pairs(table)) {
      if (pair.reuses_deprecated_slot() || pair.retired()) continue;
      std::string reason;
      if (context.wire_compatible(pair.old_field.type, pair.new_field.type, &reason)) continue;
      if (change_reported_by_declaration(context, pair.old_field.type, pair.new_field.type)) continue;
      // Bytes that still read at the same width: FIELD_TYPE_SAME_WIDTH or FIELD_TYPE_SAME_BYTES.
      if (reinterpretation(pair.old_field.type, pair.new_field.type).kind != Reinterpretation::None) continue;
      const std::string renamed =
          pair.renamed ? fmt::format(" (and renamed from {})", pair.old_field.name) : std::string();
      sink.report(kFieldSameType, field_subject(table.new_composite, pair.new_field), context.new_schema,
                  pair.new_field.location,
                  fmt::format("{} (slot {}) changed type from {} to {}{}: {}. Readers interpret the {} that old data "
                              "stores in slot {} as {}, {}.",
                              pair.new_field.name, pair.new_field.slot, type_to_string(pair.old_field.type),
                              type_to_string(pair.new_field.type), renamed, reason, type_to_string(pair.old_field.type),
                              pair.new_field.slot, type_to_string(pair.new_field.type),
                              wire_break(pair.old_field.type, pair.new_field.type)),
                  fmt::format("keep `{}`, mark it (deprecated) if it is obsolete, and add a new field with the new type "
                              "at the end of {}",
                              field_declaration(pair.old_field), unqualified_name(table.new_composite.name)));
    }
  }
}

}  // namespace

extern const EvolutionRule kFieldSameTypeRule{kFieldSameType, check};

}  // namespace fbcompat
