// ENUM_VALUE_SAME_NUMBER: an enum value keeps its number. An unnumbered value inserted in the middle
// renumbers every value after it; one finding per edit, naming every value it renumbered.
#include <fmt/format.h>

#include "evolution/enum_messages.h"
#include "evolution/evolution_context.h"
#include "evolution/remedies.h"

namespace fbcompat {

const RuleInfo kEnumValueSameNumber{"ENUM_VALUE_SAME_NUMBER", Category::Wire, Severity::Error, RuleScope::Evolution,
                                    "An enum value must keep its number: old data stores the number."};

namespace {

void report_insertion(const EvolutionContext& context, FindingSink& sink, const EnumPair& pair, std::size_t index) {
  const std::string enum_name = unqualified_name(pair.new_enum.name);
  const EnumValue& value = pair.new_value(index);
  const auto displaced = pair.values.displaced_by_insertion(index);
  const EnumValue& first = pair.old_value(displaced.front().old_index);  // the first value old data now misreads
  const std::int64_t end = pair.values.end_place(index).number;
  Finding& finding = sink.report(kEnumValueSameNumber, pair.new_enum.name + "." + value.name, context.new_schema, value.location,
              fmt::format("{} was inserted into {} before {}, and the values after it were renumbered: {}. {}",
                          value.name, enum_name, pair.values.next_in_new(index), list_shifts(displaced, pair.values),
                          old_value_now_reads_as(pair, first.value)),
              // Only the move is offered: an explicit number written in place would renumber the
              // implicitly numbered values after it once more.
              fmt::format("move {} to the end of {}, where it becomes {}", value.name, enum_name,
                          pair.new_enum.number_to_string(end)));
  finding.remedy = move_to_end(pair.new_enum.name, value.name, end, old_numbers(pair, displaced));
}

void report_move(const EvolutionContext& context, FindingSink& sink, const EnumPair& pair, const Alignment::Pair& move) {
  const EnumValue& old_value = pair.old_value(move.old_index);
  const EnumValue& new_value = pair.new_value(move.new_index);
  const auto displaced = pair.values.displaced_by_move(move);
  std::string message = fmt::format("{} changed from {} to {}", new_value.name,
                                    pair.old_enum.number_to_string(old_value.value),
                                    pair.new_enum.number_to_string(new_value.value));
  if (!displaced.empty()) {
    message += fmt::format(" (the values were reordered), and the values it passed were renumbered: {}",
                           list_shifts(displaced, pair.values));
  }
  message += ". " + old_value_now_reads_as(pair, old_value.value);
  Finding& finding = sink.report(kEnumValueSameNumber, pair.new_enum.name + "." + new_value.name, context.new_schema,
                                 new_value.location, message,
                                 fmt::format("restore `{} = {}`{}", new_value.name,
                                             declared_value(pair.old_enum, old_value.value),
                                             bit_note(pair.old_enum, old_value.value)));
  finding.remedy = renumber(pair.new_enum.name, new_value.name, declared_number(pair.old_enum, old_value.value),
                            old_numbers(pair, displaced));
}

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const EnumPair& pair : context.enums) {
    if (pair.old_enum.bit_flags != pair.new_enum.bit_flags) continue;  // ENUM_SAME_BIT_FLAGS says it all
    for (std::size_t index : pair.values.inserted) report_insertion(context, sink, pair, index);
    for (const Alignment::Pair& move : pair.values.moved) report_move(context, sink, pair, move);
  }
}

}  // namespace

extern const EvolutionRule kEnumValueSameNumberRule{kEnumValueSameNumber, check};

}  // namespace fbcompat
