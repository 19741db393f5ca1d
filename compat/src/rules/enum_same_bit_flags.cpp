// ENUM_SAME_BIT_FLAGS: `bit_flags` turns value n into the mask 1 << n, and lets JSON combine names.
#include <fmt/format.h>

#include "rules/evolution_context.h"

namespace fbcompat {

const RuleInfo kEnumSameBitFlags{"ENUM_SAME_BIT_FLAGS", Category::Wire, Severity::Error, RuleScope::Evolution,
                                 "An enum must not gain or lose `bit_flags`: it changes what every value means."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const EnumPair& pair : context.enums) {
    if (pair.old_enum.bit_flags == pair.new_enum.bit_flags) continue;
    const bool added = pair.new_enum.bit_flags;
    sink.report(kEnumSameBitFlags, pair.new_enum.name, context.new_schema, pair.new_enum.location,
                fmt::format("{} {} the bit_flags attribute. {}", short_name(pair.new_enum.name),
                            added ? "gained" : "lost",
                            added ? "Its values are now bit masks (1 << n) instead of plain numbers, so old data reads "
                                    "as different values, and JSON now reads space-separated flag names."
                                  : "Its values are no longer bit masks, so combined flags in old data match no "
                                    "value, and JSON with several flag names no longer parses."),
                fmt::format("{} `(bit_flags)` on {}, or declare a new enum for the new meaning",
                            added ? "remove" : "restore", short_name(pair.new_enum.name)));
  }
}

}  // namespace

extern const EvolutionRule kEnumSameBitFlagsRule{kEnumSameBitFlags, check};

}  // namespace fbcompat
