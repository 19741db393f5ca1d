// UNION_MEMBER_NO_DELETE: a union member that old data may carry must stay in the union.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/remedies.h"
#include "evolution/union_messages.h"

namespace fbcompat {

const RuleInfo kUnionMemberNoDelete{"UNION_MEMBER_NO_DELETE", Category::Wire, Severity::Error, RuleScope::Evolution,
                                    "A union member must not be deleted or replaced: old data still names it by type id."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const EnumPair& pair : context.unions) {
    const std::string& union_name = pair.new_enum.name;
    for (std::size_t index : pair.values.deleted) {
      const EnumValue& member = pair.old_value(index);
      const auto displaced = pair.values.displaced_by_deletion(index);
      std::string message = fmt::format("union member {} (type id {}, table {}) was deleted from {}. ", member.name,
                                        member.value, unqualified_name(member.table), unqualified_name(union_name));
      if (displaced.empty()) {
        message += old_id_now_reads_as(pair, member.value);
      } else {
        std::vector<std::size_t> misread = old_members_of(displaced);
        misread.push_back(index);
        message += fmt::format("The type id of every member after it moved down: {}. Buffers written with the old "
                               "schema now silently decode {}.",
                               list_shifts(displaced, pair.values), misreadings(pair, misread));
      }
      Finding& finding = sink.report(kUnionMemberNoDelete, union_name + "." + member.name, context.new_schema,
                  location_of_id(pair, member.value),
                  message,
                  fmt::format("restore `{}` as type id {}{}; to retire a member, keep it in the union and stop writing "
                              "it (union members cannot be deprecated)",
                              member_declaration(member), member.value, between_text(pair, index)));
      const std::string missing = context.new_schema.find_composite(member.table) == nullptr ? member.table : "";
      finding.remedy = missing.empty()
                           ? restore_value(pair, index, member_declaration(member))
                           : no_remedy(fmt::format("its table {} is no longer declared: restore the table first",
                                                   unqualified_name(missing)));
    }
    for (const Alignment::Pair& renamed : pair.values.renamed) {
      const EnumValue& old_member = pair.old_value(renamed.old_index);
      const EnumValue& new_member = pair.new_value(renamed.new_index);
      if (context.matching.same(old_member.table, new_member.table) ||
          context.wire_compatible(old_member.table, new_member.table)) {
        continue;  // a rename: UNION_MEMBER_SAME_NAME
      }
      Finding& replaced = sink.report(kUnionMemberNoDelete, union_name + "." + old_member.name, context.new_schema, new_member.location,
                  fmt::format("union member {} (type id {}, table {}) was replaced by {} (table {}) at the same type "
                              "id. Buffers written with the old schema that contain {} now decode it as {}, reading "
                              "its {} table as a {} table.",
                              old_member.name, old_member.value, unqualified_name(old_member.table), new_member.name,
                              unqualified_name(new_member.table), old_member.name, new_member.name,
                              unqualified_name(old_member.table), unqualified_name(new_member.table)),
                  fmt::format("restore `{}` at type id {} and add {} at the end of {}, as type id {}",
                              member_declaration(old_member), old_member.value, new_member.name,
                              unqualified_name(union_name), next_free_id(pair)));
      replaced.remedy = no_remedy(fmt::format("{} took {}'s type id: whether it is {} renamed or another member "
                                              "is not guessed",
                                              new_member.name, old_member.name, old_member.name));
    }
  }
}

}  // namespace

extern const EvolutionRule kUnionMemberNoDeleteRule{kUnionMemberNoDelete, check};

}  // namespace fbcompat
