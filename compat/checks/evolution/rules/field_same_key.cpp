// FIELD_SAME_KEY: vectors of tables with a `key` field are stored sorted by it and searched by binary
// search; moving the key makes lookups in old data miss. Moving the key from one field to another is
// one change and one finding.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/field_pairs.h"

namespace fbcompat {

const RuleInfo kFieldSameKey{"FIELD_SAME_KEY", Category::Wire, Severity::Error, RuleScope::Evolution,
                             "A table must keep its key field: old vectors are sorted by it."};

namespace {

// A key that is not a scalar is required: flatc makes it so without a `required` attribute.
// `before` is the gained field's old version, or a field that was not required when it is new.
std::string implicitly_required(const Field& before, const Field& gained) {
  if (!gained.required || gained.attributes.count("required") != 0 || before.required) return "";
  return fmt::format(" As a key, {} is also required now, so old buffers without it fail verification.", gained.name);
}

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const CompositePair& table : context.tables) {
    const std::string table_name = unqualified_name(table.new_composite.name);
    const Field* lost = nullptr;
    const Field* gained = nullptr;
    const Field* gained_before = nullptr;  // the gained field's old version, when it had one
    for (const SlotPair& pair : slot_pairs(table)) {
      if (pair.old_field.key == pair.new_field.key) continue;
      if (pair.old_field.key) {
        lost = &pair.new_field;
      } else {
        gained = &pair.new_field;
        gained_before = &pair.old_field;
      }
    }
    for (const auto* new_indexes : {&table.fields.added, &table.fields.inserted}) {
      for (std::size_t index : *new_indexes) {
        if (table.new_field(index).key) gained = &table.new_field(index);
      }
    }
    static const Field kNotRequired;
    const Field& before = gained_before != nullptr ? *gained_before : kNotRequired;
    if (lost != nullptr && gained != nullptr) {
      sink.report(kFieldSameKey, field_subject(table.new_composite, *gained), context.new_schema, gained->location,
                  fmt::format("The key of {} moved from {} to {}. Vectors of {} in old data are sorted by {}, so "
                              "LookupByKey binary-searches them by {} in the wrong order and misses entries.{}",
                              table_name, lost->name, gained->name, table_name, lost->name, gained->name,
                              implicitly_required(before, *gained)),
                  fmt::format("restore `(key)` on {} and remove it from {}", lost->name, gained->name));
      continue;
    }
    if (lost != nullptr) {
      sink.report(kFieldSameKey, field_subject(table.new_composite, *lost), context.new_schema, lost->location,
                  fmt::format("{} lost the key attribute. Writers no longer sort vectors of {} by {}, so readers "
                              "built from the old schema, which look entries up by binary search (LookupByKey), miss "
                              "entries in new data; code that calls LookupByKey no longer compiles.",
                              lost->name, table_name, lost->name),
                  fmt::format("restore `(key)` on {}", lost->name));
    }
    if (gained != nullptr) {
      sink.report(kFieldSameKey, field_subject(table.new_composite, *gained), context.new_schema, gained->location,
                  fmt::format("{} gained the key attribute. Vectors of {} in old data are not sorted by {}, so "
                              "LookupByKey binary-searches them in the wrong order and misses entries.{}",
                              gained->name, table_name, gained->name, implicitly_required(before, *gained)),
                  fmt::format("remove `(key)` from {}", gained->name));
    }
  }
}

}  // namespace

extern const EvolutionRule kFieldSameKeyRule{kFieldSameKey, check};

}  // namespace fbcompat
