// FIELD_SAME_TYPE_NAME: a field's type was replaced by a different one with the same bytes: an enum by
// its integer, a table by an identical table. Old data reads fine; generated code changes.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/field_pairs.h"

namespace fbcompat {

const RuleInfo kFieldSameTypeName{"FIELD_SAME_TYPE_NAME", Category::Source, Severity::Warning, RuleScope::Evolution,
                                  "A table field should keep its type's name even when the bytes stay the same."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const CompositePair& table : context.tables) {
    for (const SlotPair& pair : slot_pairs(table)) {
      if (pair.reuses_deprecated_slot() || pair.retired()) continue;
      if (same_type(context, pair.old_field.type, pair.new_field.type) ||
          !context.wire_compatible(pair.old_field.type, pair.new_field.type)) {
        continue;
      }
      sink.report(kFieldSameTypeName, field_subject(table.new_composite, pair.new_field), context.new_schema,
                  pair.new_field.location,
                  fmt::format("{} changed type from {} to {}. Both are stored the same way, so old data still reads "
                              "correctly, but generated accessors change type and JSON may spell values differently.",
                              pair.new_field.name, type_to_string(pair.old_field.type),
                              type_to_string(pair.new_field.type)),
                  fmt::format("keep the type {}, or accept the source change", type_to_string(pair.old_field.type)));
    }
  }
}

}  // namespace

extern const EvolutionRule kFieldSameTypeNameRule{kFieldSameTypeName, check};

}  // namespace fbcompat
