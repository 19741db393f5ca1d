// FIELD_SAME_DEFAULT: FlatBuffers does not store a scalar equal to its default, so old data that
// "holds" the old default holds nothing, and readers now see the new default instead.
#include <fmt/format.h>

#include "diff/default_values.h"
#include "rules/evolution_context.h"
#include "rules/field_pairs.h"

namespace fbcompat {

const RuleInfo kFieldSameDefault{"FIELD_SAME_DEFAULT", Category::Wire, Severity::Error, RuleScope::Evolution,
                                 "A scalar field must keep its default: old data omits fields equal to it."};

namespace {

std::string shown(const Field& field) { return field.optional ? "null" : field.default_value; }

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const CompositePair& table : context.tables) {
    for (const SlotPair& pair : slot_pairs(table)) {
      if (pair.reuses_deprecated_slot() || pair.both_deprecated()) continue;
      if (!is_scalar(pair.old_field.type.base) || !context.wire_compatible(pair.old_field.type, pair.new_field.type)) {
        continue;
      }
      if (same_default(pair.old_field, pair.new_field)) continue;
      sink.report(kFieldSameDefault, field_subject(table.new_composite, pair.new_field), context.new_schema,
                  pair.new_field.location,
                  fmt::format("the default of {} changed from {} to {}. Writers leave out a field equal to its "
                              "default, so every old buffer where {} was {} now reads as {}.",
                              pair.new_field.name, shown(pair.old_field), shown(pair.new_field), pair.new_field.name,
                              shown(pair.old_field), shown(pair.new_field)),
                  fmt::format("restore `= {}`; for a new default, add a new field and deprecate this one",
                              shown(pair.old_field)));
    }
  }
}

}  // namespace

extern const EvolutionRule kFieldSameDefaultRule{kFieldSameDefault, check};

}  // namespace fbcompat
