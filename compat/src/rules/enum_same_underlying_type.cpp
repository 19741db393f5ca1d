// ENUM_SAME_UNDERLYING_TYPE: an enum field is stored as its underlying integer.
#include <fmt/format.h>

#include "rules/evolution_context.h"

namespace fbcompat {

const RuleInfo kEnumSameUnderlyingType{"ENUM_SAME_UNDERLYING_TYPE", Category::Wire, Severity::Error,
                                       RuleScope::Evolution,
                                       "An enum must keep its underlying type: fields store it at that width."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const EnumPair& pair : context.enums) {
    if (pair.old_enum.underlying == pair.new_enum.underlying) continue;
    sink.report(kEnumSameUnderlyingType, pair.new_enum.name, context.new_schema, pair.new_enum.location,
                fmt::format("{} changed from {} to {}. Every field of type {} in old data holds a {}-byte {}, which "
                            "readers now read as a {}-byte {}; structs containing it change layout.",
                            short_name(pair.new_enum.name), base_type_name(pair.old_enum.underlying),
                            base_type_name(pair.new_enum.underlying), short_name(pair.new_enum.name),
                            scalar_size(pair.old_enum.underlying), base_type_name(pair.old_enum.underlying),
                            scalar_size(pair.new_enum.underlying), base_type_name(pair.new_enum.underlying)),
                fmt::format("keep `enum {} : {}`", short_name(pair.new_enum.name),
                            base_type_name(pair.old_enum.underlying)));
  }
}

}  // namespace

extern const EvolutionRule kEnumSameUnderlyingTypeRule{kEnumSameUnderlyingType, check};

}  // namespace fbcompat
