// UNION_MEMBER_SAME_TABLE_NAME: a union member switched to a different table with the same layout.
// Old data still decodes; code that used the old table's generated type does not compile.
#include <fmt/format.h>

#include "rules/evolution_context.h"

namespace fbcompat {

const RuleInfo kUnionMemberSameTableName{
    "UNION_MEMBER_SAME_TABLE_NAME", Category::Source, Severity::Warning, RuleScope::Evolution,
    "A union member should keep its table's name even when the new table is laid out the same."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const EnumPair& pair : context.unions) {
    for (const Alignment::Pair& kept : pair.values.kept) {
      const EnumValue& old_member = pair.old_value(kept.old_index);
      const EnumValue& new_member = pair.new_value(kept.new_index);
      if (context.matching.same(old_member.table, new_member.table) ||
          !context.wire_compatible(old_member.table, new_member.table)) {
        continue;
      }
      sink.report(kUnionMemberSameTableName, pair.new_enum.name + "." + new_member.name, context.new_schema,
                  new_member.location,
                  fmt::format("{} (type id {}) now carries table {} instead of {}. The two are laid out the same, so "
                              "old data still decodes, but generated code that reads {} as a {} no longer compiles.",
                              new_member.name, new_member.value, short_name(new_member.table),
                              short_name(old_member.table), new_member.name, short_name(old_member.table)),
                  fmt::format("keep `{}: {}`, or accept the source change and update the code that uses {}",
                              new_member.name, short_name(old_member.table), new_member.name));
    }
  }
}

}  // namespace

extern const EvolutionRule kUnionMemberSameTableNameRule{kUnionMemberSameTableName, check};

}  // namespace fbcompat
