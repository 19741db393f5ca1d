// FIELD_NO_REUSE_DEPRECATED: a deprecated field's slot belongs to it forever. Data written before the
// deprecation still holds the old field there, and a new field in that slot would read it.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/field_pairs.h"

namespace fbcompat {

const RuleInfo kFieldNoReuseDeprecated{"FIELD_NO_REUSE_DEPRECATED", Category::Wire, Severity::Error,
                                       RuleScope::Evolution,
                                       "A deprecated field's slot must never be given to another field."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const CompositePair& table : context.tables) {
    for (const SlotPair& pair : slot_pairs(table)) {
      if (!pair.reuses_deprecated_slot()) continue;
      sink.report(kFieldNoReuseDeprecated, field_subject(table.new_composite, pair.new_field), context.new_schema,
                  pair.new_field.location,
                  fmt::format("{} ({}) takes slot {}, which belongs to the deprecated field {} ({}). Data written "
                              "before {} was deprecated still holds it in that slot, and readers now take it for {}.",
                              pair.new_field.name, type_to_string(pair.new_field.type), pair.new_field.slot,
                              pair.old_field.name, type_to_string(pair.old_field.type), pair.old_field.name,
                              pair.new_field.name),
                  fmt::format("keep `{};` and add {} at the end of {}", field_declaration(pair.old_field),
                              pair.new_field.name, unqualified_name(table.new_composite.name)));
    }
  }
}

}  // namespace

extern const EvolutionRule kFieldNoReuseDeprecatedRule{kFieldNoReuseDeprecated, check};

}  // namespace fbcompat
