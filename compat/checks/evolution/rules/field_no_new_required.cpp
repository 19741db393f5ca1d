// FIELD_NO_NEW_REQUIRED: the verifier rejects a buffer that lacks a required field, and old data may
// lack it: a field that becomes required, or a new required field, rejects old data outright.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/remedies.h"
#include "evolution/field_pairs.h"

namespace fbcompat {

const RuleInfo kFieldNoNewRequired{"FIELD_NO_NEW_REQUIRED", Category::Wire, Severity::Error, RuleScope::Evolution,
                                   "A field must not become required, and a new field must not be required."};

namespace {

// flatc makes a non-scalar key required without a `required` attribute; FIELD_SAME_KEY reports that
// with the key change that caused it.
bool required_only_as_key(const Field& field) { return field.key && field.attributes.count("required") == 0; }

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const CompositePair& table : context.tables) {
    const std::string table_name = unqualified_name(table.new_composite.name);
    for (const SlotPair& pair : slot_pairs(table)) {
      if (pair.old_field.required || !pair.new_field.required) continue;
      if (required_only_as_key(pair.new_field) && !pair.old_field.key) continue;
      Finding& changed = sink.report(kFieldNoNewRequired, field_subject(table.new_composite, pair.new_field), context.new_schema,
                  pair.new_field.location,
                  fmt::format("{} became required. Old data was written when it was optional, so buffers without "
                              "it now fail verification and are rejected as a whole.",
                              pair.new_field.name),
                  fmt::format("remove `required` from {} and check for its absence in code instead",
                              pair.new_field.name));
      changed.remedy = drop_attribute(table.new_composite.name, pair.new_field.name, "required");
    }
    std::vector<std::size_t> new_fields = table.fields.added;
    new_fields.insert(new_fields.end(), table.fields.inserted.begin(), table.fields.inserted.end());
    for (std::size_t index : new_fields) {
      const Field& field = table.new_field(index);
      if (!field.required || required_only_as_key(field)) continue;
      Finding& added = sink.report(kFieldNoNewRequired, field_subject(table.new_composite, field), context.new_schema, field.location,
                  fmt::format("new field {} is required. No old {} has it, so every old buffer now fails verification "
                              "and is rejected as a whole.",
                              field.name, table_name),
                  fmt::format("add {} without `required` and treat its absence as the old behaviour", field.name));
      added.remedy = drop_attribute(table.new_composite.name, field.name, "required");
    }
  }
}

}  // namespace

extern const EvolutionRule kFieldNoNewRequiredRule{kFieldNoNewRequired, check};

}  // namespace fbcompat
