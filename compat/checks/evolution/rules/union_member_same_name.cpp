// UNION_MEMBER_SAME_NAME: a member renamed at the same type id with the same table. Binary data is
// unaffected; JSON names the member (`node_type: "XNNAdd"`) and generated code names it too.
#include <fmt/format.h>

#include "evolution/evolution_context.h"

namespace fbcompat {

const RuleInfo kUnionMemberSameName{"UNION_MEMBER_SAME_NAME", Category::Json, Severity::Warning, RuleScope::Evolution,
                                    "A union member should keep its name: JSON and generated code use it."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const EnumPair& pair : context.unions) {
    for (const Alignment::Pair& renamed : pair.values.renamed) {
      const EnumValue& old_member = pair.old_value(renamed.old_index);
      const EnumValue& new_member = pair.new_value(renamed.new_index);
      if (!context.matching.same(old_member.table, new_member.table) &&
          !context.wire_compatible(old_member.table, new_member.table)) {
        continue;  // a different table: UNION_MEMBER_NO_DELETE
      }
      const bool same_table = context.matching.same(old_member.table, new_member.table);
      const std::string table_change =
          same_table ? std::string()
                     : fmt::format(" and now carries table {}, laid out the same as {}", unqualified_name(new_member.table),
                                   unqualified_name(old_member.table));
      sink.report(kUnionMemberSameName, pair.new_enum.name + "." + new_member.name, context.new_schema,
                  new_member.location,
                  fmt::format("{} (type id {}) was renamed {}{}. Binary data is unaffected, but JSON that names {} no "
                              "longer parses and generated code that uses {} no longer compiles.",
                              old_member.name, old_member.value, new_member.name, table_change, old_member.name,
                              old_member.name),
                  fmt::format("keep the name {}, or accept the JSON and source change", old_member.name));
    }
  }
}

}  // namespace

extern const EvolutionRule kUnionMemberSameNameRule{kUnionMemberSameName, check};

}  // namespace fbcompat
