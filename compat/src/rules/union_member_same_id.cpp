// UNION_MEMBER_SAME_ID: every union member keeps its type id. An insertion in the middle shifts every
// member after it, so each old program decodes its nodes as their neighbours.
#include <algorithm>

#include <fmt/format.h>

#include "rules/evolution_context.h"
#include "rules/union_messages.h"

namespace fbcompat {

const RuleInfo kUnionMemberSameId{"UNION_MEMBER_SAME_ID", Category::Wire, Severity::Error, RuleScope::Evolution,
                                  "A union member must keep its type id: add new members only at the end."};

namespace {

// How old programs now decode the displaced members: "XNNBar as XNNFoo, XNNBaz as XNNBar".
std::string misreadings(const EnumPair& pair, const std::vector<Alignment::Pair>& displaced, std::size_t limit = 3) {
  std::string text;
  for (std::size_t i = 0; i < displaced.size() && i < limit; ++i) {
    const EnumValue& old_member = pair.old_value(displaced[i].old_index);
    const EnumValue* now = pair.new_enum.find_number(old_member.value);
    if (!text.empty()) text += ", ";
    text += fmt::format("{} as {}", old_member.name, now != nullptr ? now->name : "an unknown member");
  }
  if (displaced.size() > limit) text += ", ...";
  return text;
}

void report_insertion(const EvolutionContext& context, FindingSink& sink, const EnumPair& pair, std::size_t index) {
  const EnumValue& member = pair.new_value(index);
  const auto displaced = pair.values.displaced_by_insertion(index);
  const std::string union_name = short_name(pair.new_enum.name);

  // Where the member belongs: after every old member, in the order the new members were written.
  std::int64_t old_highest = 0;
  for (const EnumValue& old_member : pair.old_enum.values) old_highest = std::max(old_highest, old_member.value);
  std::vector<std::size_t> new_only = pair.values.inserted;
  new_only.insert(new_only.end(), pair.values.added.begin(), pair.values.added.end());
  std::sort(new_only.begin(), new_only.end(),
            [&](std::size_t a, std::size_t b) { return pair.new_value(a).value < pair.new_value(b).value; });
  const auto rank = std::find(new_only.begin(), new_only.end(), index) - new_only.begin();
  std::string after;
  if (rank > 0) {
    after = pair.new_value(new_only[rank - 1]).name;
  } else if (const EnumValue* last = pair.old_enum.find_number(old_highest)) {
    after = last->name;
  }
  const std::int64_t fixed_id = old_highest + 1 + rank;

  const EnumValue& first_displaced = pair.old_value(displaced.front().old_index);
  sink.report(kUnionMemberSameId, pair.new_enum.name + "." + member.name, context.new_schema, member.location,
              fmt::format("{} was inserted into {} at type id {}, before {}, and the type id of every member after it "
                          "shifted: {}. Programs written with the old schema now decode {}: each such node silently "
                          "becomes a different one.",
                          member.name, union_name, member.value, first_displaced.name,
                          list_shifts(displaced, pair.values), misreadings(pair, displaced)),
              fmt::format("move {} to the end of {}{}, as type id {}", member.name, union_name,
                          after.empty() ? "" : ", after " + after, fixed_id));
}

void report_move(const EvolutionContext& context, FindingSink& sink, const EnumPair& pair, const Alignment::Pair& move) {
  const EnumValue& old_member = pair.old_value(move.old_index);
  const EnumValue& new_member = pair.new_value(move.new_index);
  sink.report(kUnionMemberSameId, pair.new_enum.name + "." + new_member.name, context.new_schema, new_member.location,
              fmt::format("{} moved from type id {} to type id {} (the members of {} were reordered). {}",
                          new_member.name, old_member.value, new_member.value, short_name(pair.new_enum.name),
                          old_id_now_reads_as(pair, old_member.value)),
              fmt::format("put {} back at type id {}: keep the old order of {} and add members only at the end",
                          new_member.name, old_member.value, short_name(pair.new_enum.name)));
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
