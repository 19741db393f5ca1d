// ENUM_VALUE_SAME_NUMBER: an enum value keeps its number. An unnumbered value inserted in the middle
// renumbers every value after it.
#include <fmt/format.h>

#include "rules/enum_messages.h"
#include "rules/evolution_context.h"

namespace fbcompat {

const RuleInfo kEnumValueSameNumber{"ENUM_VALUE_SAME_NUMBER", Category::Wire, Severity::Error, RuleScope::Evolution,
                                    "An enum value must keep its number: old data stores the number."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const EnumPair& pair : context.enums) {
    if (pair.old_enum.bit_flags != pair.new_enum.bit_flags) continue;  // ENUM_SAME_BIT_FLAGS says it all
    const std::string enum_name = short_name(pair.new_enum.name);
    for (std::size_t index : pair.values.inserted) {
      const EnumValue& value = pair.new_value(index);
      const auto displaced = pair.values.displaced_by_insertion(index);
      const EnumValue& first = pair.old_value(displaced.front().old_index);
      sink.report(kEnumValueSameNumber, pair.new_enum.name + "." + value.name, context.new_schema, value.location,
                  fmt::format("{} was inserted into {} before {} and took its number, and the values after it were "
                              "renumbered: {}. {}",
                              value.name, enum_name, first.name, list_shifts(displaced, pair.values),
                              old_value_now_reads_as(pair, first.value)),
                  fmt::format("move {} to the end of {}, or give it an unused number: `{} = {}`", value.name,
                              enum_name, value.name, pair.new_enum.number_to_string(next_free_value(pair))));
    }
    for (const Alignment::Pair& move : pair.values.moved) {
      const EnumValue& old_value = pair.old_value(move.old_index);
      const EnumValue& new_value = pair.new_value(move.new_index);
      sink.report(kEnumValueSameNumber, pair.new_enum.name + "." + new_value.name, context.new_schema,
                  new_value.location,
                  fmt::format("{} changed from {} to {}. {}", new_value.name,
                              pair.old_enum.number_to_string(old_value.value),
                              pair.new_enum.number_to_string(new_value.value),
                              old_value_now_reads_as(pair, old_value.value)),
                  fmt::format("restore `{} = {}`", new_value.name, pair.old_enum.number_to_string(old_value.value)));
    }
  }
}

}  // namespace

extern const EvolutionRule kEnumValueSameNumberRule{kEnumValueSameNumber, check};

}  // namespace fbcompat
