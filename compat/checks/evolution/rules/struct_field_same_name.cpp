// STRUCT_FIELD_SAME_NAME: a struct field renamed in place, same type and offset. Binary data is
// unaffected; JSON and generated code use the name.
#include <fmt/format.h>

#include "evolution/evolution_context.h"

namespace fbcompat {

const RuleInfo kStructFieldSameName{"STRUCT_FIELD_SAME_NAME", Category::Json, Severity::Warning, RuleScope::Evolution,
                                    "A struct field should keep its name: JSON and generated code use it."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const CompositePair& pair : context.structs) {
    for (const Field& old_field : pair.old_composite.fields) {
      if (pair.new_composite.find_field(old_field.name) != nullptr) continue;
      for (const Field& new_field : pair.new_composite.fields) {
        if (new_field.offset != old_field.offset || pair.old_composite.find_field(new_field.name) != nullptr ||
            !context.wire_compatible(old_field.type, new_field.type)) {
          continue;
        }
        sink.report(kStructFieldSameName, pair.new_composite.name + "." + new_field.name, context.new_schema,
                    new_field.location,
                    fmt::format("{} (byte {}) was renamed {}. Binary data is unaffected, but JSON that sets {} no "
                                "longer parses and code that uses {} no longer compiles.",
                                old_field.name, old_field.offset, new_field.name, old_field.name, old_field.name),
                    fmt::format("keep the name {}, or accept the JSON and source change", old_field.name));
      }
    }
  }
}

}  // namespace

extern const EvolutionRule kStructFieldSameNameRule{kStructFieldSameName, check};

}  // namespace fbcompat
