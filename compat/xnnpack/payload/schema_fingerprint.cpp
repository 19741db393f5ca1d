#include "payload/schema_fingerprint.h"

#include <string>
#include <string_view>

#include <fmt/format.h>

namespace fbcompat {
namespace {

namespace fb = flatbuffers;

std::string attributes_of(const fb::Vector<fb::Offset<reflection::KeyValue>>* attributes) {
  std::string text;
  if (attributes == nullptr) return text;
  for (const reflection::KeyValue* attribute : *attributes) {
    // The value is the schema author's text, quoted and escaped ({:?}), so that it cannot break a line of
    // the fingerprint (reader_extension.cpp reads fingerprints back line by line).
    text += fmt::format(" {}={:?}", attribute->key()->str(),
                        attribute->value() == nullptr ? std::string_view() : attribute->value()->string_view());
  }
  return text;
}

std::string type_text(const reflection::Schema& schema, const reflection::Type& type, bool enum_index) {
  std::string referred;
  if (type.index() >= 0) {
    const reflection::BaseType base = type.base_type() == reflection::Vector ? type.element() : type.base_type();
    const bool is_enum = enum_index || base == reflection::Union || base == reflection::UType;
    if (is_enum) {
      referred = schema.enums()->Get(static_cast<fb::uoffset_t>(type.index()))->name()->str();
    } else {
      referred = schema.objects()->Get(static_cast<fb::uoffset_t>(type.index()))->name()->str();
    }
  }
  return fmt::format("{}/{}/{}/{}", static_cast<int>(type.base_type()), static_cast<int>(type.element()), referred,
                     type.fixed_length());
}

// A scalar's type index names an enum; an Obj's, a table or struct.
bool refers_to_enum(const reflection::Type& type) {
  const reflection::BaseType base = type.base_type() == reflection::Vector ? type.element() : type.base_type();
  return base != reflection::Obj && base != reflection::Union;
}

}  // namespace

std::string object_fingerprint(const reflection::Schema& schema, const reflection::Object& object) {
  std::string text = fmt::format("object {} struct={} size={} align={}{}\n", object.name()->str(), object.is_struct(),
                                 object.bytesize(), object.minalign(), attributes_of(object.attributes()));
  for (const reflection::Field* field : *object.fields()) {
    text += fmt::format("  field {} id={} offset={} type={} default={}/{} deprecated={} required={} key={} optional={}{}\n",
                        field->name()->str(), field->id(), field->offset(),
                        type_text(schema, *field->type(), refers_to_enum(*field->type())), field->default_integer(),
                        field->default_real(), field->deprecated(), field->required(), field->key(), field->optional(),
                        attributes_of(field->attributes()));
  }
  return text;
}

std::string enum_fingerprint(const reflection::Schema& schema, const reflection::Enum& e) {
  std::string text = fmt::format("enum {} union={} type={}{}\n", e.name()->str(), e.is_union(),
                                 type_text(schema, *e.underlying_type(), /*enum_index=*/true), attributes_of(e.attributes()));
  for (const reflection::EnumVal* value : *e.values()) {
    text += fmt::format("  value {} = {} {}\n", value->name()->str(), value->value(),
                        value->union_type() == nullptr ? std::string() : type_text(schema, *value->union_type(), false));
  }
  return text;
}

std::string schema_fingerprint(const reflection::Schema& schema) {
  std::string text = fmt::format("root {}\n", schema.root_table() == nullptr ? "" : schema.root_table()->name()->str());
  for (const reflection::Object* object : *schema.objects()) text += object_fingerprint(schema, *object);
  for (const reflection::Enum* e : *schema.enums()) text += enum_fingerprint(schema, *e);
  return text;
}

}  // namespace fbcompat
