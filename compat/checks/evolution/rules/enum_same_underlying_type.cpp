// ENUM_SAME_UNDERLYING_TYPE: an enum field is stored as its underlying integer. One finding for the
// enum, naming the fields that store it, rather than one type change per field.
#include <fmt/format.h>

#include "evolution/declaration_uses.h"
#include "evolution/evolution_context.h"

namespace fbcompat {

const RuleInfo kEnumSameUnderlyingType{"ENUM_SAME_UNDERLYING_TYPE", Category::Wire, Severity::Error,
                                       RuleScope::Evolution,
                                       "An enum must keep its underlying type: fields store it at that width."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const EnumPair& pair : context.enums) {
    if (pair.old_enum.underlying == pair.new_enum.underlying) continue;
    const std::string name = unqualified_name(pair.new_enum.name);
    const std::vector<std::string> uses = context.old_uses_of(pair.old_enum.name);
    const std::string where = uses.empty() ? std::string("Every field of type " + name)
                                           : fmt::format("Every field of type {} ({})", name, list_uses(uses));
    sink.report(kEnumSameUnderlyingType, pair.new_enum.name, context.new_schema, pair.new_enum.location,
                fmt::format("{} changed from {} to {}. {} in old data holds a {}-byte {}, which readers now read as a "
                            "{}-byte {}{}.",
                            name, base_type_name(pair.old_enum.underlying), base_type_name(pair.new_enum.underlying),
                            where, scalar_size(pair.old_enum.underlying), base_type_name(pair.old_enum.underlying),
                            scalar_size(pair.new_enum.underlying), base_type_name(pair.new_enum.underlying),
                            scalar_size(pair.old_enum.underlying) != scalar_size(pair.new_enum.underlying)
                                ? "; structs that contain it change layout"
                                : ""),
                fmt::format("keep `enum {} : {}`", name, base_type_name(pair.old_enum.underlying)));
  }
}

}  // namespace

extern const EvolutionRule kEnumSameUnderlyingTypeRule{kEnumSameUnderlyingType, check};

}  // namespace fbcompat
