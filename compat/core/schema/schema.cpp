#include "fbcompat/core/schema.h"

#include <fmt/format.h>

namespace fbcompat {

const char* base_type_name(BaseType type) {
  switch (type) {
    case BaseType::None: return "none";
    case BaseType::UType: return "utype";
    case BaseType::Bool: return "bool";
    case BaseType::Byte: return "byte";
    case BaseType::UByte: return "ubyte";
    case BaseType::Short: return "short";
    case BaseType::UShort: return "ushort";
    case BaseType::Int: return "int";
    case BaseType::UInt: return "uint";
    case BaseType::Long: return "long";
    case BaseType::ULong: return "ulong";
    case BaseType::Float: return "float";
    case BaseType::Double: return "double";
    case BaseType::String: return "string";
    case BaseType::Vector: return "vector";
    case BaseType::Struct: return "struct";
    case BaseType::Union: return "union";
    case BaseType::Array: return "array";
  }
  return "?";
}

bool is_scalar(BaseType type) { return type >= BaseType::UType && type <= BaseType::Double; }

bool is_integer(BaseType type) { return type >= BaseType::UType && type <= BaseType::ULong; }

std::size_t scalar_size(BaseType type) {
  switch (type) {
    case BaseType::UType:
    case BaseType::Bool:
    case BaseType::Byte:
    case BaseType::UByte: return 1;
    case BaseType::Short:
    case BaseType::UShort: return 2;
    case BaseType::Int:
    case BaseType::UInt:
    case BaseType::Float: return 4;
    case BaseType::Long:
    case BaseType::ULong:
    case BaseType::Double: return 8;
    default: return 0;
  }
}

std::string unqualified_name(const std::string& qualified_name) {
  const auto dot = qualified_name.rfind('.');
  return dot == std::string::npos ? qualified_name : qualified_name.substr(dot + 1);
}

namespace {

std::string element_to_string(BaseType element, const Type& type) {
  if (element == BaseType::Struct || element == BaseType::Union || !type.ref.empty()) return type.ref;
  return base_type_name(element);
}

const char* offset_width_attribute(OffsetWidth width) {
  switch (width) {
    case OffsetWidth::Standard: return "";
    case OffsetWidth::Offset64: return " (offset64)";
    case OffsetWidth::Vector64: return " (vector64)";
  }
  return "";
}

}  // namespace

std::string type_to_string(const Type& type) {
  const char* width = offset_width_attribute(type.offset);
  switch (type.base) {
    case BaseType::Vector: return fmt::format("[{}]{}", element_to_string(type.element, type), width);
    case BaseType::Array: return fmt::format("[{}:{}]", element_to_string(type.element, type), type.fixed_length);
    default: return element_to_string(type.base, type) + width;
  }
}

const Field* Composite::find_field(const std::string& field_name) const {
  for (const Field& field : fields) {
    if (field.name == field_name) return &field;
  }
  return nullptr;
}

const EnumValue* Enum::find_value(const std::string& value_name) const {
  for (const EnumValue& value : values) {
    if (value.name == value_name) return &value;
  }
  return nullptr;
}

const EnumValue* Enum::find_number(std::int64_t number) const {
  for (const EnumValue& value : values) {
    if (value.value == number) return &value;
  }
  return nullptr;
}

std::string Enum::number_to_string(std::int64_t number) const {
  if (underlying == BaseType::ULong) return fmt::format("{}", static_cast<std::uint64_t>(number));
  return fmt::format("{}", number);
}

bool same_content(const Field& a, const Field& b) {
  return a.name == b.name && a.slot == b.slot && a.offset == b.offset && a.type == b.type &&
         a.default_value == b.default_value && a.deprecated == b.deprecated && a.required == b.required &&
         a.optional == b.optional && a.key == b.key && a.attributes == b.attributes;
}

bool same_content(const Composite& a, const Composite& b) {
  if (a.name != b.name || a.is_struct != b.is_struct || a.byte_size != b.byte_size || a.alignment != b.alignment ||
      a.fields.size() != b.fields.size() || a.attributes != b.attributes) {
    return false;
  }
  for (std::size_t i = 0; i < a.fields.size(); ++i) {
    if (!same_content(a.fields[i], b.fields[i])) return false;
  }
  return true;
}

bool same_content(const Enum& a, const Enum& b) {
  if (a.name != b.name || a.is_union != b.is_union || a.bit_flags != b.bit_flags || a.underlying != b.underlying ||
      a.values.size() != b.values.size() || a.attributes != b.attributes) {
    return false;
  }
  for (std::size_t i = 0; i < a.values.size(); ++i) {
    const EnumValue& x = a.values[i];
    const EnumValue& y = b.values[i];
    if (x.name != y.name || x.value != y.value || x.table != y.table) return false;
  }
  return true;
}

const Composite* Schema::find_composite(const std::string& qualified_name) const {
  const auto found = composite_index_.find(qualified_name);
  return found == composite_index_.end() ? nullptr : &composites[found->second];
}

const Enum* Schema::find_enum(const std::string& qualified_name) const {
  const auto found = enum_index_.find(qualified_name);
  return found == enum_index_.end() ? nullptr : &enums[found->second];
}

const Service* Schema::find_service(const std::string& qualified_name) const {
  for (const Service& service : services) {
    if (service.name == qualified_name) return &service;
  }
  return nullptr;
}

const RpcMethod* Service::find_method(const std::string& method_name) const {
  for (const RpcMethod& method : methods) {
    if (method.name == method_name) return &method;
  }
  return nullptr;
}

const std::string& Schema::file_of(const SourceLocation& location) const {
  static const std::string unknown;
  return location.file < files.size() ? files[location.file] : unknown;
}

void Schema::build_index() {
  composite_index_.clear();
  enum_index_.clear();
  for (std::size_t i = 0; i < composites.size(); ++i) composite_index_.emplace(composites[i].name, i);
  for (std::size_t i = 0; i < enums.size(); ++i) enum_index_.emplace(enums[i].name, i);
}

}  // namespace fbcompat
