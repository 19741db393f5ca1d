// ENUM_VALUE_SAME_NAME: a value renamed at the same number. Binary data is unaffected; JSON and
// generated code use the name.
#include <fmt/format.h>

#include "evolution/evolution_context.h"

namespace fbcompat {

const RuleInfo kEnumValueSameName{"ENUM_VALUE_SAME_NAME", Category::Json, Severity::Warning, RuleScope::Evolution,
                                  "An enum value should keep its name: JSON and generated code use it."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const EnumPair& pair : context.enums) {
    for (const Alignment::Pair& renamed : pair.values.renamed) {
      const EnumValue& old_value = pair.old_value(renamed.old_index);
      const EnumValue& new_value = pair.new_value(renamed.new_index);
      sink.report(kEnumValueSameName, pair.new_enum.name + "." + new_value.name, context.new_schema,
                  new_value.location,
                  fmt::format("{} ({}) was renamed {}. Binary data is unaffected, but JSON that says \"{}\" no longer "
                              "parses and generated code that uses {} no longer compiles.",
                              old_value.name, pair.old_enum.number_to_string(old_value.value), new_value.name,
                              old_value.name, old_value.name),
                  fmt::format("keep the name {}, or accept the JSON and source change", old_value.name));
    }
  }
}

}  // namespace

extern const EvolutionRule kEnumValueSameNameRule{kEnumValueSameName, check};

}  // namespace fbcompat
