// UNION_MEMBER_SAME_TABLE: a union member keeps the table it carries, or one laid out the same.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/union_messages.h"

namespace fbcompat {

const RuleInfo kUnionMemberSameTable{"UNION_MEMBER_SAME_TABLE", Category::Wire, Severity::Error, RuleScope::Evolution,
                                     "A union member must keep its table: old data holds that table's layout."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const EnumPair& pair : context.unions) {
    for (const Alignment::Pair& kept : pair.values.kept) {
      const EnumValue& old_member = pair.old_value(kept.old_index);
      const EnumValue& new_member = pair.new_value(kept.new_index);
      std::string reason;
      if (context.matching.same(old_member.table, new_member.table) ||
          context.wire_compatible(old_member.table, new_member.table, &reason)) {
        continue;
      }
      sink.report(kUnionMemberSameTable, pair.new_enum.name + "." + new_member.name, context.new_schema,
                  new_member.location,
                  fmt::format("{} (type id {}) now carries table {} instead of {}, and they are laid out differently "
                              "({}). Buffers written with the old schema hold a {} there, which readers now decode "
                              "as a {}.",
                              new_member.name, new_member.value, unqualified_name(new_member.table),
                              unqualified_name(old_member.table), reason, unqualified_name(old_member.table),
                              unqualified_name(new_member.table)),
                  fmt::format("keep `{}` (table {}) at type id {} and add a new member for table {} at the end of {}, "
                              "as type id {}",
                              member_declaration(old_member), unqualified_name(old_member.table), old_member.value,
                              unqualified_name(new_member.table), unqualified_name(pair.new_enum.name), next_free_id(pair)));
    }
  }
}

}  // namespace

extern const EvolutionRule kUnionMemberSameTableRule{kUnionMemberSameTable, check};

}  // namespace fbcompat
