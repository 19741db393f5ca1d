#include "evolution/field_pairs.h"

#include <cstdlib>

#include <fmt/format.h>

namespace fbcompat {

std::vector<SlotPair> slot_pairs(const CompositePair& table) {
  std::vector<SlotPair> pairs;
  for (const Alignment::Pair& kept : table.fields.kept) {
    pairs.push_back({table.old_field(kept.old_index), table.new_field(kept.new_index), false});
  }
  for (const Alignment::Pair& renamed : table.fields.renamed) {
    pairs.push_back({table.old_field(renamed.old_index), table.new_field(renamed.new_index), true});
  }
  return pairs;
}

bool same_type(const EvolutionContext& context, const Type& old_type, const Type& new_type) {
  return WireCompatibility::same_shape(old_type, new_type) && context.matching.same(old_type.ref, new_type.ref);
}

bool change_reported_by_declaration(const EvolutionContext& context, const Type& old_type, const Type& new_type) {
  if (old_type.ref.empty() || !context.matching.same(old_type.ref, new_type.ref)) return false;
  const bool old_vector = old_type.base == BaseType::Vector;
  const bool new_vector = new_type.base == BaseType::Vector;
  const bool old_array = old_type.base == BaseType::Array;
  const bool new_array = new_type.base == BaseType::Array;
  return old_vector == new_vector && old_array == new_array && old_type.fixed_length == new_type.fixed_length &&
         old_type.offset == new_type.offset;
}

bool is_union_field(const Field& field) {
  return field.type.base == BaseType::Union || field.type.element == BaseType::Union;
}

const Field* field_at_slot(const Composite& table, std::int64_t slot) {
  for (const Field& field : table.fields) {
    if (field.slot == slot || (is_union_field(field) && field.slot - 1 == slot)) return &field;
  }
  return nullptr;
}

std::string slots_of(const Field& field) {
  if (is_union_field(field)) return fmt::format("slots {} and {}", field.slot - 1, field.slot);
  return fmt::format("slot {}", field.slot);
}

std::string nested_flatbuffer_of(const Schema& schema, const Composite& table, const Field& field) {
  const auto found = field.attributes.find("nested_flatbuffer");
  if (found == field.attributes.end()) return "";
  const auto dot = table.name.rfind('.');
  const std::string scoped = dot == std::string::npos ? found->second : table.name.substr(0, dot + 1) + found->second;
  return schema.find_composite(scoped) != nullptr ? scoped : found->second;
}

std::string field_subject(const Composite& table, const Field& field) { return table.name + "." + field.name; }

std::string field_declaration(const Field& field) {
  // A 64-bit offset is written among the field's attributes, `(vector64, id: 3)`, not after its type as
  // type_to_string shows it: the attributes below carry it.
  Type written = field.type;
  written.offset = OffsetWidth::Standard;
  std::string text = fmt::format("{}: {}", field.name, type_to_string(written));
  // A zero default ("0", "0.0") is what a field without one has: not written.
  char* end = nullptr;
  const bool zero = std::strtod(field.default_value.c_str(), &end) == 0.0 && end != field.default_value.c_str() && *end == '\0';
  if (is_scalar(field.type.base) && !field.default_value.empty() && !zero) {
    text += " = " + field.default_value;
  }
  std::string attributes;
  for (const auto& [key, value] : field.attributes) {
    if (!attributes.empty()) attributes += ", ";
    attributes += key;
    // Flag attributes (deprecated, required, key) carry the constant "0".
    if (key == "id" || value != "0") attributes += ": " + value;
  }
  if (!attributes.empty()) text += " (" + attributes + ")";
  return text;
}

}  // namespace fbcompat
