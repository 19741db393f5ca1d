// ENUM_SAME_BIT_FLAGS: `bit_flags` turns value n into the mask 1 << n, and lets JSON combine names.
// One finding for the enum: the renumbering of its values is this change, not one change per value.
#include <fmt/format.h>

#include "evolution/evolution_context.h"

namespace fbcompat {

const RuleInfo kEnumSameBitFlags{"ENUM_SAME_BIT_FLAGS", Category::Wire, Severity::Error, RuleScope::Evolution,
                                 "An enum must not gain or lose `bit_flags`: it changes what every value means."};

namespace {

// "Red (0 -> 1), Green (1 -> 2) and Blue (2 -> 4)"
std::string renumbered_values(const EnumPair& pair) {
  std::vector<std::string> changes;
  for (const EnumValue& old_value : pair.old_enum.values) {
    const EnumValue* new_value = pair.new_enum.find_value(old_value.name);
    if (new_value == nullptr || new_value->value == old_value.value) continue;
    changes.push_back(fmt::format("{} ({} -> {})", old_value.name, pair.old_enum.number_to_string(old_value.value),
                                  pair.new_enum.number_to_string(new_value->value)));
  }
  std::string text;
  for (std::size_t i = 0; i < changes.size(); ++i) {
    if (i > 0) text += i + 1 == changes.size() ? " and " : ", ";
    text += changes[i];
  }
  return text;
}

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const EnumPair& pair : context.enums) {
    if (pair.old_enum.bit_flags == pair.new_enum.bit_flags) continue;
    const bool added = pair.new_enum.bit_flags;
    const std::string renumbered = renumbered_values(pair);
    const std::string values = renumbered.empty() ? std::string() : ": " + renumbered;
    sink.report(kEnumSameBitFlags, pair.new_enum.name, context.new_schema, pair.new_enum.location,
                fmt::format("{} {} the bit_flags attribute. {}{}, {}", unqualified_name(pair.new_enum.name),
                            added ? "gained" : "lost",
                            added ? "Its values are now bit masks (1 << n) instead of plain numbers"
                                  : "Its values are no longer bit masks (1 << n) but plain numbers",
                            values,
                            added ? "so old data reads as different values, and JSON now reads space-separated flag "
                                    "names."
                                  : "so old data reads as different values (combined flags match no value), and JSON "
                                    "with several flag names no longer parses."),
                fmt::format("{} `(bit_flags)` on {}, or declare a new enum for the new meaning",
                            added ? "remove" : "restore", unqualified_name(pair.new_enum.name)));
  }
}

}  // namespace

extern const EvolutionRule kEnumSameBitFlagsRule{kEnumSameBitFlags, check};

}  // namespace fbcompat
