// FIELD_TYPE_SAME_WIDTH: a field's type changed to one of the same width that reads some old values as
// others: int <-> uint, byte <-> ubyte, (u)byte -> bool. The bytes still read; some values change.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/field_pairs.h"
#include "evolution/type_reinterpretation.h"

namespace fbcompat {

const RuleInfo kFieldTypeSameWidth{"FIELD_TYPE_SAME_WIDTH", Category::Wire, Severity::Warning, RuleScope::Evolution,
                                   "A field's type changed to one of the same width that reads some old values as "
                                   "other values (int to uint, ubyte to bool)."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const CompositePair& table : context.tables) {
    for (const SlotPair& pair : slot_pairs(table)) {
      if (pair.reuses_deprecated_slot() || pair.retired()) continue;
      const TypeReinterpretation change = reinterpretation(pair.old_field.type, pair.new_field.type);
      if (change.kind != Reinterpretation::SameWidth) continue;
      sink.report(kFieldTypeSameWidth, field_subject(table.new_composite, pair.new_field), context.new_schema,
                  pair.new_field.location,
                  fmt::format("{} changed type from {} to {}. Old data's bytes read at the same width, but not every "
                              "value as itself: {}. JSON text and generated accessors change type too.",
                              pair.new_field.name, type_to_string(pair.old_field.type),
                              type_to_string(pair.new_field.type), change.values),
                  fmt::format("keep `{}` if old data may hold such values; otherwise accept the change knowing they "
                              "cannot occur",
                              field_declaration(pair.old_field)));
    }
  }
}

}  // namespace

extern const EvolutionRule kFieldTypeSameWidthRule{kFieldTypeSameWidth, check};

}  // namespace fbcompat
