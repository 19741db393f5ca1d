// FIELD_NEWLY_DEPRECATED: deprecating is the right way to retire a field, and it still removes the
// field's accessors from generated code, so the code that used them must change in the same release.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/field_pairs.h"

namespace fbcompat {

const RuleInfo kFieldNewlyDeprecated{"FIELD_NEWLY_DEPRECATED", Category::Source, Severity::Warning,
                                     RuleScope::Evolution,
                                     "Deprecating a field removes its generated accessors: code using them breaks."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const CompositePair& table : context.tables) {
    for (const SlotPair& pair : slot_pairs(table)) {
      if (pair.old_field.deprecated || !pair.new_field.deprecated) continue;
      sink.report(kFieldNewlyDeprecated, field_subject(table.new_composite, pair.new_field), context.new_schema,
                  pair.new_field.location,
                  fmt::format("{} was deprecated. Old data still reads, but generated code no longer has accessors "
                              "for it, so code that reads or writes it no longer compiles.",
                              pair.new_field.name),
                  fmt::format("remove every use of {} from code and JSON in the same change", pair.new_field.name));
    }
  }
}

}  // namespace

extern const EvolutionRule kFieldNewlyDeprecatedRule{kFieldNewlyDeprecated, check};

}  // namespace fbcompat
