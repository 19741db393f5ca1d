// UNION_MEMBER_SAME_TABLE_NAME: a union member switched to a different table with the same layout.
// Old data still decodes; code that used the old table's generated type does not compile, and fields
// in the same slots under other names (as between _XNNNode1x1 and _XNNNode2x1) now mean what the new
// names say.
#include <fmt/format.h>

#include "evolution/evolution_context.h"

namespace fbcompat {

const RuleInfo kUnionMemberSameTableName{
    "UNION_MEMBER_SAME_TABLE_NAME", Category::Source, Severity::Warning, RuleScope::Evolution,
    "A union member should keep its table's name even when the new table is laid out the same."};

namespace {

// "output_id is now input2_id, flags is now output_id": live fields whose slot has another name.
std::string renamed_slots(const Schema& old_schema, const Schema& new_schema, const std::string& old_table,
                          const std::string& new_table) {
  const Composite* before = old_schema.find_composite(old_table);
  const Composite* after = new_schema.find_composite(new_table);
  if (before == nullptr || after == nullptr) return "";
  std::string text;
  for (const Field& old_field : before->fields) {
    for (const Field& new_field : after->fields) {
      if (new_field.slot != old_field.slot || new_field.name == old_field.name) continue;
      if (old_field.deprecated || new_field.deprecated) continue;
      text += fmt::format("{}{} is now {}", text.empty() ? "" : ", ", old_field.name, new_field.name);
    }
  }
  return text;
}

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const EnumPair& pair : context.unions) {
    for (const Alignment::Pair& kept : pair.values.kept) {
      const EnumValue& old_member = pair.old_value(kept.old_index);
      const EnumValue& new_member = pair.new_value(kept.new_index);
      if (context.matching.same(old_member.table, new_member.table) ||
          !context.wire_compatible(old_member.table, new_member.table)) {
        continue;
      }
      const std::string renamed = renamed_slots(context.old_schema, context.new_schema, old_member.table, new_member.table);
      sink.report(kUnionMemberSameTableName, pair.new_enum.name + "." + new_member.name, context.new_schema,
                  new_member.location,
                  fmt::format("{} (type id {}) now carries table {} instead of {}. The two are laid out the same, so "
                              "old data still decodes{}, but generated code that reads {} as a {} no longer compiles.",
                              new_member.name, new_member.value, unqualified_name(new_member.table),
                              unqualified_name(old_member.table),
                              renamed.empty() ? std::string()
                                              : fmt::format(" (though under other field names: {}; check that old "
                                                            "values mean what the new names say)",
                                                            renamed),
                              new_member.name, unqualified_name(old_member.table)),
                  fmt::format("keep `{}: {}`, or accept the source change and update the code that uses {}",
                              new_member.name, unqualified_name(old_member.table), new_member.name));
    }
  }
}

}  // namespace

extern const EvolutionRule kUnionMemberSameTableNameRule{kUnionMemberSameTableName, check};

}  // namespace fbcompat
