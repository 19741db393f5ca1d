// UNION_MEMBER_SAME_ID: every union member keeps its type id. An insertion in the middle shifts every
// member after it, so each old program decodes its nodes as their neighbours. One finding per edit:
// the inserted or moved member, naming every member it displaced.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/remedies.h"
#include "evolution/union_messages.h"

namespace fbcompat {

const RuleInfo kUnionMemberSameId{"UNION_MEMBER_SAME_ID", Category::Wire, Severity::Error, RuleScope::Evolution,
                                  "A union member must keep its type id: add new members only at the end."};

namespace {

void report_insertion(const EvolutionContext& context, FindingSink& sink, const EnumPair& pair, std::size_t index) {
  const EnumValue& member = pair.new_value(index);
  const auto displaced = pair.values.displaced_by_insertion(index);
  const std::string union_name = unqualified_name(pair.new_enum.name);
  const Alignment::EndPlace end = pair.values.end_place(index);
  Finding& finding = sink.report(kUnionMemberSameId, pair.new_enum.name + "." + member.name, context.new_schema, member.location,
              fmt::format("{} was inserted into {} at type id {}, before {}, and the type id of every member after it "
                          "shifted: {}. Buffers written with the old schema now silently "
                          "decode {}.",
                          member.name, union_name, member.value, pair.values.next_in_new(index),
                          list_shifts(displaced, pair.values), misreadings(pair, old_members_of(displaced))),
              fmt::format("move {} to the end of {}{}, as type id {}", member.name, union_name,
                          end.after.empty() ? std::string() : fmt::format(", after {}", end.after), end.number));
  finding.remedy = move_to_end(pair.new_enum.name, member.name, end.number, old_numbers(pair, displaced));
}

void report_move(const EvolutionContext& context, FindingSink& sink, const EnumPair& pair, const Alignment::Pair& move) {
  const EnumValue& old_member = pair.old_value(move.old_index);
  const EnumValue& new_member = pair.new_value(move.new_index);
  const std::string union_name = unqualified_name(pair.new_enum.name);
  const auto displaced = pair.values.displaced_by_move(move);
  std::vector<std::size_t> misread = old_members_of(displaced);
  misread.push_back(move.old_index);
  std::string message = fmt::format("{} moved from type id {} to type id {} (the members of {} were reordered or "
                                    "renumbered)",
                                    new_member.name, old_member.value, new_member.value, union_name);
  if (!displaced.empty()) {
    message += fmt::format(", and the members it passed shifted: {}", list_shifts(displaced, pair.values));
  }
  message += fmt::format(". Buffers written with the old schema now silently decode {}.",
                         misreadings(pair, misread));
  Finding& finding =
      sink.report(kUnionMemberSameId, pair.new_enum.name + "." + new_member.name, context.new_schema,
                  new_member.location, message,
                  fmt::format("put {} back at type id {}: keep the old order of {} and add members only at the end",
                              new_member.name, old_member.value, union_name));
  // Explicit type ids are set back; members numbered by position were reordered, which is not undone.
  finding.remedy = renumber(pair.new_enum.name, new_member.name, old_member.value, old_numbers(pair, displaced));
}

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const EnumPair& pair : context.unions) {
    for (std::size_t index : pair.values.inserted) report_insertion(context, sink, pair, index);
    for (const Alignment::Pair& move : pair.values.moved) report_move(context, sink, pair, move);
  }
}

}  // namespace

extern const EvolutionRule kUnionMemberSameIdRule{kUnionMemberSameId, check};

}  // namespace fbcompat
