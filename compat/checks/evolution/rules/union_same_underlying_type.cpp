// UNION_SAME_UNDERLYING_TYPE: the width of a union's type field is part of the wire format.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/union_messages.h"

namespace fbcompat {

const RuleInfo kUnionSameUnderlyingType{"UNION_SAME_UNDERLYING_TYPE", Category::Wire, Severity::Error,
                                        RuleScope::Evolution,
                                        "A union's type id must keep its underlying type: it is stored in old data."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const EnumPair& pair : context.unions) {
    if (pair.old_enum.underlying == pair.new_enum.underlying) continue;
    sink.report(kUnionSameUnderlyingType, pair.new_enum.name, context.new_schema, pair.new_enum.location,
                fmt::format("the type id of {} changed from {} to {}. Old data stores {}-byte type ids, which readers "
                            "now read as {} bytes.",
                            unqualified_name(pair.new_enum.name), type_id_name(pair.old_enum.underlying),
                            type_id_name(pair.new_enum.underlying), scalar_size(pair.old_enum.underlying),
                            scalar_size(pair.new_enum.underlying)),
                fmt::format("keep {} as the underlying type of {}", type_id_name(pair.old_enum.underlying),
                            unqualified_name(pair.new_enum.name)));
  }
}

}  // namespace

extern const EvolutionRule kUnionSameUnderlyingTypeRule{kUnionSameUnderlyingType, check};

}  // namespace fbcompat
