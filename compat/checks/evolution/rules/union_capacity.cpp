// UNION_CAPACITY: a ubyte union has 255 type ids, ever. Deleted members cannot give theirs back, so
// the limit is worth seeing long before it is hit: whenever a change makes a union past the threshold
// grow (not on every later change that leaves it alone).
#include <algorithm>

#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/union_messages.h"

namespace fbcompat {

const RuleInfo kUnionCapacity{"UNION_CAPACITY", Category::Wire, Severity::Warning, RuleScope::Evolution,
                              "A union should leave room to grow: its type id allows 255 members, ever."};

namespace {

std::int64_t capacity_of(BaseType underlying) {
  switch (scalar_size(underlying)) {
    case 1: return 255;
    case 2: return 65535;
    default: return 0;  // wider type ids: no practical limit
  }
}

std::int64_t highest_id(const Enum& enumeration) {
  std::int64_t used = 0;
  for (const EnumValue& member : enumeration.values) used = std::max(used, member.value);
  return used;
}

// The highest type id the old version of a union used; 0 for a new union.
std::int64_t old_highest_id(const EvolutionContext& context, const Enum& new_union) {
  for (const EnumPair& pair : context.unions) {
    if (&pair.new_enum == &new_union) return highest_id(pair.old_enum);
  }
  // Unchanged unions have no pair: the old one has the same name.
  const Enum* same = context.old_schema.find_enum(new_union.name);
  return same != nullptr && same->is_union ? highest_id(*same) : 0;
}

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const Enum& enumeration : context.new_schema.enums) {
    if (!enumeration.is_union) continue;
    const std::int64_t capacity = capacity_of(enumeration.underlying);
    const std::int64_t used = highest_id(enumeration);
    if (capacity == 0 || used <= static_cast<std::int64_t>(context.options.union_capacity_warning)) continue;
    if (used <= old_highest_id(context, enumeration)) continue;
    sink.report(kUnionCapacity, enumeration.name, context.new_schema, enumeration.location,
                fmt::format("{} uses {} of the {} type ids its {} type id allows; {} are left. When they run out, "
                            "widening the type id breaks every existing buffer.",
                            unqualified_name(enumeration.name), used, capacity, type_id_name(enumeration.underlying),
                            capacity - used),
                "plan for the limit now: group related members behind one member with a sub-type field, or start a "
                "second union for new members");
  }
}

}  // namespace

extern const EvolutionRule kUnionCapacityRule{kUnionCapacity, check};

}  // namespace fbcompat
