#include "fbcompat/core/schema_numbers.h"

namespace fbcompat {

const char* entry_kind_name(EntryKind kind) {
  switch (kind) {
    case EntryKind::UnionMember: return "union member";
    case EntryKind::Field: return "field";
    case EntryKind::EnumValue: return "enum value";
  }
  return "?";
}

std::map<NumberKey, Numbered> numbered_things(const Schema& schema) {
  std::map<NumberKey, Numbered> things;
  for (const Composite& composite : schema.composites) {
    if (composite.is_struct) continue;  // struct fields have offsets, not numbers: STRUCT_SAME_LAYOUT guards them
    for (const Field& field : composite.fields) {
      things[{EntryKind::Field, composite.name, field.slot}] = {field.name, type_to_string(field.type), field.deprecated,
                                                                field.location};
    }
  }
  for (const Enum& enumeration : schema.enums) {
    const EntryKind kind = enumeration.is_union ? EntryKind::UnionMember : EntryKind::EnumValue;
    for (const EnumValue& value : enumeration.values) {
      things[{kind, enumeration.name, value.value}] = {value.name, value.table, false, value.location};
    }
  }
  return things;
}

}  // namespace fbcompat
