// ENUM_VALUE_NO_DELETE: a value old data may hold must keep a name.
#include <fmt/format.h>

#include "evolution/enum_messages.h"
#include "evolution/evolution_context.h"
#include "evolution/remedies.h"

namespace fbcompat {

const RuleInfo kEnumValueNoDelete{"ENUM_VALUE_NO_DELETE", Category::Wire, Severity::Error, RuleScope::Evolution,
                                  "An enum value must not be deleted: old data may hold it."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const EnumPair& pair : context.enums) {
    for (std::size_t index : pair.values.deleted) {
      const EnumValue& value = pair.old_value(index);
      const auto displaced = pair.values.displaced_by_deletion(index);
      std::string message = fmt::format("{} ({}) was deleted from {}. {}", value.name,
                                        pair.old_enum.number_to_string(value.value), unqualified_name(pair.new_enum.name),
                                        old_value_now_reads_as(pair, value.value));
      if (!displaced.empty()) {
        message += fmt::format(" The values after it were numbered by position and moved down: {}.",
                               list_shifts(displaced, pair.values));
      }
      // Point at the value that now holds the number, where the reader would restore the old one.
      const EnumValue* now = pair.new_enum.find_number(value.value);
      Finding& finding = sink.report(kEnumValueNoDelete, pair.new_enum.name + "." + value.name, context.new_schema,
                  now != nullptr && now->location.known() ? now->location : pair.new_enum.location, message,
                  fmt::format("restore `{} = {}`{}; a retired value stays declared so old data keeps its meaning",
                              value.name, declared_value(pair.old_enum, value.value), bit_note(pair.old_enum, value.value)));
      finding.remedy = pair.new_enum.find_number(value.value) == nullptr || !displaced.empty()
                           ? restore_value(pair, index, fmt::format("{} = {}", value.name,
                                                                    declared_value(pair.old_enum, value.value)))
                           : no_remedy(fmt::format("{} is now held by {}: restoring {} would take it back, which "
                                                   "is not guessed",
                                                   pair.old_enum.number_to_string(value.value),
                                                   pair.new_enum.find_number(value.value)->name, value.name));
    }
  }
}

}  // namespace

extern const EvolutionRule kEnumValueNoDeleteRule{kEnumValueNoDelete, check};

}  // namespace fbcompat
