// FIELD_NO_DELETE_NESTED_FLATBUFFER: a field that held a nested buffer keeps saying so. The bytes are
// unaffected; what decodes them as a buffer (JSON, the generated accessor and verifier) is not.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/field_pairs.h"

namespace fbcompat {

const RuleInfo kFieldNoDeleteNestedFlatbuffer{
    "FIELD_NO_DELETE_NESTED_FLATBUFFER", Category::Json, Severity::Warning, RuleScope::Evolution,
    "A nested_flatbuffer field should keep its attribute: JSON and generated code stop decoding the bytes as a "
    "buffer."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const CompositePair& table : context.tables) {
    for (const SlotPair& pair : slot_pairs(table)) {
      if (pair.reuses_deprecated_slot() || pair.retired()) continue;
      const std::string before = nested_flatbuffer_of(context.old_schema, table.old_composite, pair.old_field);
      if (before.empty() || pair.new_field.attributes.count("nested_flatbuffer") != 0) continue;
      // The nested table deleted with it: TYPE_NO_DELETE names this field among its uses.
      if (context.old_schema.find_composite(before) != nullptr && context.matching.new_name_of(before).empty()) continue;
      const std::string& name = pair.new_field.name;
      sink.report(kFieldNoDeleteNestedFlatbuffer, field_subject(table.new_composite, pair.new_field),
                  context.new_schema, pair.new_field.location,
                  fmt::format("{} is no longer a nested_flatbuffer of {}. The bytes are still there, but nothing decodes "
                              "them as a buffer of {} any more: JSON shows them as numbers instead of an object (JSON written "
                              "with the old schema no longer parses into {}), the generated {}_nested_root() is gone, "
                              "and the Verifier no longer checks the nested buffer.",
                              name, unqualified_name(before), unqualified_name(before), name, name),
                  fmt::format("restore (nested_flatbuffer: \"{}\") on {}", unqualified_name(before), name));
    }
  }
}

}  // namespace

extern const EvolutionRule kFieldNoDeleteNestedFlatbufferRule{kFieldNoDeleteNestedFlatbuffer, check};

}  // namespace fbcompat
