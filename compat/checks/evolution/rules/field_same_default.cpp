// FIELD_SAME_DEFAULT: FlatBuffers does not store a scalar equal to its default, so old data that
// "holds" the old default holds nothing, and readers now see the new default instead.
#include <cstdlib>

#include <fmt/format.h>

#include "evolution/default_values.h"
#include "evolution/evolution_context.h"
#include "evolution/remedies.h"
#include "evolution/field_pairs.h"

namespace fbcompat {

const RuleInfo kFieldSameDefault{"FIELD_SAME_DEFAULT", Category::Wire, Severity::Error, RuleScope::Evolution,
                                 "A scalar field must keep its default: old data omits fields equal to it."};

namespace {

// The enum value an enum field's default names; null for other fields and unnamed numbers.
const EnumValue* default_enum_value(const Schema& schema, const Field& field) {
  if (field.optional || field.type.ref.empty()) return nullptr;
  const Enum* enumeration = schema.find_enum(field.type.ref);
  if (enumeration == nullptr || enumeration->is_union) return nullptr;
  return enumeration->find_number(std::strtoll(field.default_value.c_str(), nullptr, 0));
}

// "1.5", "null", or for an enum "Blue (2)".
std::string shown(const Schema& schema, const Field& field) {
  if (field.optional) return "null";
  if (const EnumValue* value = default_enum_value(schema, field)) {
    return fmt::format("{} ({})", value->name, field.default_value);
  }
  return field.default_value;
}

// The default as the schema author writes it: `= Blue`, `= 1.5`.
std::string written(const Schema& schema, const Field& field) {
  if (field.optional) return "null";
  if (const EnumValue* value = default_enum_value(schema, field)) return value->name;
  return field.default_value;
}

// An enum default that names the same value in both versions: when the enum renumbered that value,
// omitted fields still read as it, and the enum's own finding reports the renumbering.
bool names_same_enum_value(const EvolutionContext& context, const Field& old_field, const Field& new_field) {
  if (!context.matching.same(old_field.type.ref, new_field.type.ref)) return false;
  const EnumValue* old_value = default_enum_value(context.old_schema, old_field);
  const EnumValue* new_value = default_enum_value(context.new_schema, new_field);
  return old_value != nullptr && new_value != nullptr && old_value->name == new_value->name;
}

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const CompositePair& table : context.tables) {
    for (const SlotPair& pair : slot_pairs(table)) {
      if (pair.reuses_deprecated_slot() || pair.retired()) continue;
      if (!is_scalar(pair.old_field.type.base) || !context.wire_compatible(pair.old_field.type, pair.new_field.type)) {
        continue;
      }
      if (same_default(pair.old_field, pair.new_field) ||
          names_same_enum_value(context, pair.old_field, pair.new_field)) {
        continue;
      }
      const std::string before = shown(context.old_schema, pair.old_field);
      const std::string after = shown(context.new_schema, pair.new_field);
      Finding& finding = sink.report(kFieldSameDefault, field_subject(table.new_composite, pair.new_field), context.new_schema,
                  pair.new_field.location,
                  fmt::format("the default of {} changed from {} to {}. Writers leave out a field equal to its "
                              "default, so every old buffer where {} was {} now reads as {}.",
                              pair.new_field.name, before, after, pair.new_field.name, before, after),
                  fmt::format("restore `= {}`; for a new default, add a new field and deprecate this one",
                              written(context.old_schema, pair.old_field)));
      finding.remedy = set_default(table.new_composite.name, pair.new_field.name, written(context.old_schema, pair.old_field));
    }
  }
}

}  // namespace

extern const EvolutionRule kFieldSameDefaultRule{kFieldSameDefault, check};

}  // namespace fbcompat
