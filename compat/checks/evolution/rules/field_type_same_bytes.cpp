// FIELD_TYPE_SAME_BYTES: a field's type changed to one that reads every old value's bytes as the same
// value: bool -> (u)byte, string -> [ubyte]. Data is unaffected; JSON and generated code change.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/field_pairs.h"
#include "evolution/type_reinterpretation.h"

namespace fbcompat {

const RuleInfo kFieldTypeSameBytes{"FIELD_TYPE_SAME_BYTES", Category::Json, Severity::Warning, RuleScope::Evolution,
                                   "A field's type changed to one that reads old data the same (bool to ubyte, "
                                   "string to [ubyte]): JSON and generated code change."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const CompositePair& table : context.tables) {
    for (const SlotPair& pair : slot_pairs(table)) {
      if (pair.reuses_deprecated_slot() || pair.retired()) continue;
      if (reinterpretation(pair.old_field.type, pair.new_field.type).kind != Reinterpretation::SameBytes) continue;
      const std::string& old_type = type_to_string(pair.old_field.type);
      const std::string& new_type = type_to_string(pair.new_field.type);
      sink.report(kFieldTypeSameBytes, field_subject(table.new_composite, pair.new_field), context.new_schema,
                  pair.new_field.location,
                  fmt::format("{} changed type from {} to {}. Every value old data holds reads the same from its "
                              "bytes, so buffers are unaffected; but JSON writes {} values differently (JSON written "
                              "with the old schema no longer parses into {}), and generated accessors return {} "
                              "instead of {}.",
                              pair.new_field.name, old_type, new_type, new_type, pair.new_field.name, new_type,
                              old_type),
                  fmt::format("keep `{}` if JSON or code uses it; the bytes allow the change",
                              field_declaration(pair.old_field)));
    }
  }
}

}  // namespace

extern const EvolutionRule kFieldTypeSameBytesRule{kFieldTypeSameBytes, check};

}  // namespace fbcompat
