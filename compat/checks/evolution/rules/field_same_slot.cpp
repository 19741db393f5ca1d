// FIELD_SAME_SLOT: a field keeps its slot. A field inserted in the middle of a table without explicit
// ids shifts every field after it; reordering or changing `id` moves a field. One finding per edit,
// naming every field it shifted.
#include <algorithm>

#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/remedies.h"
#include "evolution/field_pairs.h"

namespace fbcompat {

const RuleInfo kFieldSameSlot{"FIELD_SAME_SLOT", Category::Wire, Severity::Error, RuleScope::Evolution,
                              "A table field must keep its slot (id): add new fields only at the end."};

namespace {

std::string now_read_as(const CompositePair& table, const Field& old_field) {
  const Field* now = field_at_slot(table.new_composite, old_field.slot);
  if (now == nullptr) return fmt::format("old data's {} is read by no field", old_field.name);
  return fmt::format("old data's {} is now read as {} ({})", old_field.name, now->name, type_to_string(now->type));
}

bool uses_explicit_ids(const Composite& table) {
  return std::any_of(table.fields.begin(), table.fields.end(), [](const Field& field) { return field.explicit_id; });
}

void report_insertion(const EvolutionContext& context, FindingSink& sink, const CompositePair& table, std::size_t index) {
  const Field& field = table.new_field(index);
  const auto displaced = table.fields.displaced_by_insertion(index);
  const Field& first = table.old_field(displaced.front().old_index);
  const Alignment::EndPlace end = table.fields.end_place(index);
  std::string fix = fmt::format("move {} to the end of {}{}", field.name, unqualified_name(table.new_composite.name),
                                end.after.empty() ? std::string() : fmt::format(", after {}", end.after));
  if (uses_explicit_ids(table.new_composite)) fix += fmt::format(", with `(id: {})`", end.number);
  Finding& finding = sink.report(kFieldSameSlot, field_subject(table.new_composite, field), context.new_schema, field.location,
              fmt::format("{} was inserted into {} at {}, before {}, and the slot of every field after it "
                          "shifted: {}. Readers now take fields from the wrong slots: {}{}.",
                          field.name, unqualified_name(table.new_composite.name), slots_of(field), table.fields.next_in_new(index),
                          list_shifts(displaced, table.fields), now_read_as(table, first),
                          displaced.size() > 1 ? ", and so on for every shifted field" : ""),
              fix);
  // With ids, the new field takes the id after the others, which go back to theirs; without, it moves.
  if (uses_explicit_ids(table.new_composite)) {
    finding.remedy = renumber(table.new_composite.name, field.name, end.number, old_numbers(table, displaced));
  } else {
    finding.remedy = move_to_end(table.new_composite.name, field.name, -1, old_numbers(table, displaced));
  }
}

// A field that became a union (or stopped being one) kept its place but not its width: a union takes two
// slots, its type id's and its value's. That is a change of type that shifts what follows, not a reordering.
bool changes_width(const CompositePair& table, const Alignment::Pair& move) {
  return is_union_field(table.old_field(move.old_index)) != is_union_field(table.new_field(move.new_index));
}

// The fields after a field that changed width that moved by just that width: shifted by it, not moved.
std::vector<Alignment::Pair> shifted_by_width(const CompositePair& table, const Alignment::Pair& change) {
  const Field& old_field = table.old_field(change.old_index);
  const std::int64_t width = static_cast<std::int64_t>(table.new_field(change.new_index).slot) - old_field.slot;
  std::vector<Alignment::Pair> shifted;
  for (const Alignment::Pair& move : table.fields.moved) {
    const Field& before = table.old_field(move.old_index);
    const Field& after = table.new_field(move.new_index);
    if (before.slot > old_field.slot && static_cast<std::int64_t>(after.slot) - before.slot == width) {
      shifted.push_back(move);
    }
  }
  return shifted;
}

void report_union_change(const EvolutionContext& context, FindingSink& sink, const CompositePair& table,
                         const Alignment::Pair& move) {
  const Field& old_field = table.old_field(move.old_index);
  const Field& new_field = table.new_field(move.new_index);
  auto displaced = table.fields.displaced_by_move(move);
  const auto shifted = shifted_by_width(table, move);
  displaced.insert(displaced.end(), shifted.begin(), shifted.end());
  const bool became_union = is_union_field(new_field);
  const std::int64_t first_old_slot = is_union_field(old_field) ? old_field.slot - 1 : old_field.slot;
  std::string message =
      became_union
          ? fmt::format("{} changed from {} to the union {}, which takes two slots ({}): old data's {} in slot {} is "
                        "read as the union's type id, and its value is looked for in slot {}",
                        new_field.name, type_to_string(old_field.type), type_to_string(new_field.type),
                        slots_of(new_field), type_to_string(old_field.type), first_old_slot, new_field.slot)
          : fmt::format("{} changed from the union {} ({}) to {}, which takes one slot: old data's union type id in "
                        "slot {} is read as a {}",
                        new_field.name, type_to_string(old_field.type), slots_of(old_field),
                        type_to_string(new_field.type), first_old_slot, type_to_string(new_field.type));
  if (!displaced.empty()) {
    message += fmt::format(", and every field after it shifted: {}", list_shifts(displaced, table.fields));
  }
  message += ". Readers take old data's fields from the wrong slots.";
  Finding& finding = sink.report(
      kFieldSameSlot, field_subject(table.new_composite, new_field), context.new_schema, new_field.location, message,
      fmt::format("keep `{}` (mark it deprecated if it is obsolete) and add `{}: {}` as a new field at the end of {}",
                  field_declaration(old_field), new_field.name, type_to_string(new_field.type),
                  unqualified_name(table.new_composite.name)));
  finding.remedy = no_remedy("a field that became a union (or stopped being one) changed type, which is never guessed");
}

void report_move(const EvolutionContext& context, FindingSink& sink, const CompositePair& table,
                 const Alignment::Pair& move) {
  const Field& old_field = table.old_field(move.old_index);
  const Field& new_field = table.new_field(move.new_index);
  if (changes_width(table, move)) {
    report_union_change(context, sink, table, move);
    return;
  }
  const auto displaced = table.fields.displaced_by_move(move);
  std::string message = fmt::format("{} moved from slot {} to slot {} (the fields were reordered or its `id` changed)",
                                    new_field.name, old_field.slot, new_field.slot);
  if (!displaced.empty()) {
    message += fmt::format(", and the fields it passed shifted: {}", list_shifts(displaced, table.fields));
  }
  message += fmt::format(". Readers now take fields from the wrong slots: {}, and {} is read from the slot old data "
                         "used for something else.",
                         now_read_as(table, old_field), new_field.name);
  std::string fix = fmt::format("put {} back at slot {}: ", new_field.name, old_field.slot);
  if (uses_explicit_ids(table.new_composite)) {
    fix += fmt::format("restore `(id: {})` on {}", old_field.slot, new_field.name);
    for (std::size_t i = 0; i < displaced.size(); ++i) {
      const Field& shifted = table.old_field(displaced[i].old_index);
      fix += fmt::format("{}`(id: {})` on {}", i + 1 == displaced.size() ? " and " : ", ", shifted.slot, shifted.name);
    }
  } else {
    fix += "restore the old field order and add fields only at the end";
  }
  Finding& finding = sink.report(kFieldSameSlot, field_subject(table.new_composite, new_field), context.new_schema,
                                 new_field.location, message, fix);
  finding.remedy = uses_explicit_ids(table.new_composite)
                       ? renumber(table.new_composite.name, new_field.name, old_field.slot, old_numbers(table, displaced))
                       : no_remedy("the fields were reordered: restoring the old order moves other fields too, "
                                   "which is not guessed");
}

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const CompositePair& table : context.tables) {
    for (std::size_t index : table.fields.inserted) report_insertion(context, sink, table, index);
    // A field that changed width reports the fields it shifted; they are not moves of their own.
    std::vector<std::size_t> explained;
    for (const Alignment::Pair& move : table.fields.moved) {
      if (!changes_width(table, move)) continue;
      for (const Alignment::Pair& shifted : shifted_by_width(table, move)) explained.push_back(shifted.old_index);
    }
    for (const Alignment::Pair& move : table.fields.moved) {
      if (std::find(explained.begin(), explained.end(), move.old_index) == explained.end()) {
        report_move(context, sink, table, move);
      }
    }
  }
}

}  // namespace

extern const EvolutionRule kFieldSameSlotRule{kFieldSameSlot, check};

}  // namespace fbcompat
