// FIELD_SAME_NAME: a field renamed in the same slot with a compatible type. Binary data is unaffected;
// JSON uses field names, and so does generated code.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/field_pairs.h"

namespace fbcompat {

const RuleInfo kFieldSameName{"FIELD_SAME_NAME", Category::Json, Severity::Warning, RuleScope::Evolution,
                              "A table field should keep its name: JSON and generated code use it."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const CompositePair& table : context.tables) {
    for (const SlotPair& pair : slot_pairs(table)) {
      if (!pair.renamed || pair.reuses_deprecated_slot() || pair.retired()) continue;
      if (!context.wire_compatible(pair.old_field.type, pair.new_field.type) &&
          !change_reported_by_declaration(context, pair.old_field.type, pair.new_field.type)) {
        continue;  // FIELD_SAME_TYPE
      }
      sink.report(kFieldSameName, field_subject(table.new_composite, pair.new_field), context.new_schema,
                  pair.new_field.location,
                  fmt::format("{} (slot {}) was renamed {}. Binary data is unaffected, but JSON that sets {} no longer "
                              "parses (or silently drops it with --unknown-json) and code that uses {} no longer "
                              "compiles.",
                              pair.old_field.name, pair.new_field.slot, pair.new_field.name, pair.old_field.name,
                              pair.old_field.name),
                  fmt::format("keep the name {}, or accept the JSON and source change", pair.old_field.name));
    }
  }
}

}  // namespace

extern const EvolutionRule kFieldSameNameRule{kFieldSameName, check};

}  // namespace fbcompat
