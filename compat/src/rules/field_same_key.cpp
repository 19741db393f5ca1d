// FIELD_SAME_KEY: vectors of tables with a `key` field are stored sorted by it and searched by binary
// search; moving the key makes lookups in old data miss.
#include <fmt/format.h>

#include "rules/evolution_context.h"
#include "rules/field_pairs.h"

namespace fbcompat {

const RuleInfo kFieldSameKey{"FIELD_SAME_KEY", Category::Wire, Severity::Error, RuleScope::Evolution,
                             "A table must keep its key field: old vectors are sorted by it."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const CompositePair& table : context.tables) {
    for (const SlotPair& pair : slot_pairs(table)) {
      if (pair.old_field.key == pair.new_field.key) continue;
      const bool gained = pair.new_field.key;
      sink.report(kFieldSameKey, field_subject(table.new_composite, pair.new_field), context.new_schema,
                  pair.new_field.location,
                  fmt::format("{} {} the key attribute. Vectors of {} in old data are sorted by the old key, so "
                              "LookupByKey binary-searches them in the wrong order and misses entries.",
                              pair.new_field.name, gained ? "gained" : "lost", short_name(table.new_composite.name)),
                  fmt::format("{} `(key)` on {}", gained ? "remove" : "restore", pair.new_field.name));
    }
  }
}

}  // namespace

extern const EvolutionRule kFieldSameKeyRule{kFieldSameKey, check};

}  // namespace fbcompat
