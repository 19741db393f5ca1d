// FIELD_SAME_NESTED_FLATBUFFER: a [ubyte] field that holds a nested buffer keeps the table it holds, and a
// field whose bytes were never promised to be one does not become one.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/field_pairs.h"

namespace fbcompat {

const RuleInfo kFieldSameNestedFlatbuffer{
    "FIELD_SAME_NESTED_FLATBUFFER", Category::Wire, Severity::Error, RuleScope::Evolution,
    "A nested_flatbuffer field must keep its table, and a plain byte field must not become one: readers decode "
    "and verify the bytes as that table."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const CompositePair& table : context.tables) {
    for (const SlotPair& pair : slot_pairs(table)) {
      if (pair.reuses_deprecated_slot() || pair.retired()) continue;
      const std::string before = nested_flatbuffer_of(context.old_schema, table.old_composite, pair.old_field);
      const std::string after = nested_flatbuffer_of(context.new_schema, table.new_composite, pair.new_field);
      if (after.empty()) continue;  // unchanged plain bytes, or FIELD_NO_DELETE_NESTED_FLATBUFFER
      const std::string subject = field_subject(table.new_composite, pair.new_field);
      const std::string& name = pair.new_field.name;
      if (before.empty()) {
        sink.report(kFieldSameNestedFlatbuffer, subject, context.new_schema, pair.new_field.location,
                    fmt::format("{} became a nested_flatbuffer of {}. Old data's bytes in {} were never promised to be "
                                "a buffer of {}: the generated Verifier now verifies them as one and rejects old buffers "
                                "whose bytes are not, and {}_nested_root() decodes whatever they are as {}.",
                                name, unqualified_name(after), name, unqualified_name(after), name,
                                unqualified_name(after)),
                    fmt::format("keep {} a plain byte vector, and add a new field (nested_flatbuffer: \"{}\") at the "
                                "end of {}",
                                name, unqualified_name(after), unqualified_name(table.new_composite.name)));
        continue;
      }
      std::string reason;
      if (context.matching.same(before, after) || context.wire_compatible(before, after, &reason)) continue;
      sink.report(kFieldSameNestedFlatbuffer, subject, context.new_schema, pair.new_field.location,
                  fmt::format("the nested_flatbuffer of {} changed from {} to {} ({}). The bytes old data holds in {} "
                              "are a buffer of {}, which readers now verify and decode as {}: fields come from the "
                              "wrong slots, or the nested buffer fails verification.",
                              name, unqualified_name(before), unqualified_name(after), reason, name,
                              unqualified_name(before), unqualified_name(after)),
                  fmt::format("restore (nested_flatbuffer: \"{}\") on {}; for buffers of {}, add a new field",
                              unqualified_name(before), name, unqualified_name(after)));
    }
  }
}

}  // namespace

extern const EvolutionRule kFieldSameNestedFlatbufferRule{kFieldSameNestedFlatbuffer, check};

}  // namespace fbcompat
