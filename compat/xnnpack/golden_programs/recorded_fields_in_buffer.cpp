// The recorded description compared with the buffer itself, through flatbuffers' reflection accessors,
// instead of with the buffer turned into JSON text and parsed again. It walks exactly the keys
// compare_recorded_fields (recorded_fields.cpp) walks, in RapidJSON's document of the description
// rather than nlohmann's tree, and judges each value as that comparison would judge GenerateText's
// rendering of it, but it only proves sameness: at the first difference, or at anything whose rendering
// it does not model, it gives up, and the caller runs the comparison on JSON, which words every
// difference. So both ways give the same findings.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string_view>

#include "fbcompat/core/schema.h"
#include "golden_programs/recorded_fields.h"

namespace fbcompat {
namespace {

namespace fb = flatbuffers;
using Json = rapidjson::Value;

// GenerateText prints a float with six decimals and a double with twelve: within this much of the
// recorded value, the rendered value is within compare_recorded_fields' 1e-6 too.
constexpr double kSureFloat = 4e-7;

bool surely_same_number(const Json& recorded, double value) {
  if (!recorded.IsNumber() || !std::isfinite(value)) return false;
  const double x = recorded.GetDouble();
  return std::fabs(x - value) <= kSureFloat;
}

// A table or a struct of the buffer, as reflection reads it.
struct Place {
  const fb::Table* table = nullptr;     // a table
  const std::uint8_t* struct_ = nullptr;  // or a struct
};

class BufferComparer {
 public:
  explicit BufferComparer(const ReflectedSchema& reader)
      : reader_(reader),
        schema_(reader.schema()),
        objects_read_(schema_.objects()->size(), false),
        enums_read_(schema_.enums()->size(), false) {
    for (fb::uoffset_t i = 0; i < schema_.objects()->size(); ++i) {
      if (schema_.objects()->Get(i) == &reader.root()) objects_read_[i] = true;
    }
  }

  // False: not proven the same (different, or not modelled).
  bool table(const Json& recorded, Place place, const reflection::Object& object) {
    if (!recorded.IsObject()) return true;
    const auto& fields = *object.fields();
    fb::uoffset_t next = 0;  // the fields before it sort before the keys met so far
    for (const auto& member : recorded.GetObject()) {
      const std::string_view key(member.name.GetString(), member.name.GetStringLength());
      // Descriptions are written with their keys sorted, and reflection sorts a table's fields by name:
      // stepping on finds most keys with a comparison or two, where a search takes several.
      while (next < fields.size() && fields.Get(next)->name()->string_view() < key) ++next;
      const reflection::Field* field = nullptr;
      if (next < fields.size() && fields.Get(next)->name()->string_view() == key) {
        field = fields.Get(next++);
      } else if (key.find('\0') == std::string_view::npos) {  // with a NUL, the search would stop at it
        field = fields.LookupByKey(member.name.GetString());  // a key out of order
      }
      if (field == nullptr) return false;
      if (field->deprecated()) {
        note_no_longer_read(object.name()->str() + "." + std::string(key));
        continue;
      }
      if (!this->field(member.value, place, object, *field)) return false;
    }
    return true;
  }

  std::vector<std::string> take_no_longer_read() {
    std::sort(no_longer_read_.begin(), no_longer_read_.end());
    return std::move(no_longer_read_);
  }
  // Whether every enum value met had a name in the reader, so that it rendered as that name.
  bool met_only_named_values() const { return only_named_values_; }

  // The tables, structs, enums and unions the comparison read through, by qualified name, sorted.
  std::vector<std::string> types_read() const {
    std::vector<std::string> names;
    for (fb::uoffset_t i = 0; i < objects_read_.size(); ++i) {
      if (objects_read_[i]) names.push_back(schema_.objects()->Get(i)->name()->str());
    }
    for (fb::uoffset_t i = 0; i < enums_read_.size(); ++i) {
      if (enums_read_[i]) names.push_back(schema_.enums()->Get(i)->name()->str());
    }
    std::sort(names.begin(), names.end());
    return names;
  }

 private:
  bool field(const Json& recorded, Place place, const reflection::Object& object, const reflection::Field& field) {
    const reflection::Type& type = *field.type();
    const reflection::BaseType base = type.base_type();
    if (object.is_struct()) {
      const std::uint8_t* at = place.struct_ + field.offset();
      if (base == reflection::Obj) return table(recorded, Place{nullptr, at}, *object_at(type.index()));
      if (!fb::IsScalar(base)) return false;  // arrays: not modelled
      return leaf(recorded, field, at);
    }
    const fb::Table& table_ = *place.table;
    const bool present = table_.CheckField(field.offset());
    switch (base) {
      case reflection::Obj: {
        if (!present) return false;  // the rendering has no such key
        const reflection::Object& nested = *object_at(type.index());
        if (nested.is_struct()) return table(recorded, Place{nullptr, table_.GetStruct<const std::uint8_t*>(field.offset())}, nested);
        return table(recorded, Place{fb::GetFieldT(table_, field), nullptr}, nested);
      }
      case reflection::Union: {
        if (!present) return false;
        const auto type_id = table_.GetField<std::uint8_t>(static_cast<fb::voffset_t>(field.offset() - sizeof(fb::voffset_t)), 0);
        const reflection::Enum& members = read_enum(type.index());
        const reflection::EnumVal* member = members.values()->LookupByKey(type_id);
        const reflection::Object* member_object = member == nullptr ? nullptr : reader_.union_member_object(*member);
        if (type_id == 0 || member_object == nullptr || member_object->is_struct()) return false;
        objects_read_[static_cast<std::size_t>(member->union_type()->index())] = true;
        return table(recorded, Place{fb::GetFieldT(table_, field), nullptr}, *member_object);
      }
      case reflection::Vector:
        return present && vector(recorded, table_, field);
      case reflection::String:
        return present && same_string(recorded, fb::GetFieldS(table_, field));
      default:
        if (!fb::IsScalar(base)) return false;
        if (!present && field.optional()) return false;  // an unset optional scalar is not rendered
        return leaf(recorded, field, present ? table_.GetAddressOf(field.offset()) : nullptr);
    }
  }

  bool vector(const Json& recorded, const fb::Table& table_, const reflection::Field& field) {
    const reflection::Type& type = *field.type();
    const auto* any = fb::GetFieldAnyV(table_, field);
    if (!recorded.IsArray() || recorded.Size() != any->size()) return false;
    const reflection::BaseType element = type.element();
    if (element == reflection::Obj) {
      const reflection::Object& nested = *object_at(type.index());
      if (nested.is_struct()) {
        const auto* bytes = fb::GetFieldV<std::uint8_t>(table_, field);
        for (fb::uoffset_t i = 0; i < any->size(); ++i) {
          if (!table(recorded[i], Place{nullptr, bytes->Data() + i * nested.bytesize()}, nested)) return false;
        }
        return true;
      }
      const auto* tables = fb::GetFieldV<fb::Offset<fb::Table>>(table_, field);
      for (fb::uoffset_t i = 0; i < tables->size(); ++i) {
        if (!table(recorded[i], Place{tables->Get(i), nullptr}, nested)) return false;
      }
      return true;
    }
    if (element == reflection::String) {
      const auto* strings = fb::GetFieldV<fb::Offset<fb::String>>(table_, field);
      for (fb::uoffset_t i = 0; i < strings->size(); ++i) {
        if (!same_string(recorded[i], strings->Get(i))) return false;
      }
      return true;
    }
    if (!fb::IsScalar(element) || element == reflection::UType || type.index() >= 0) {
      return false;  // unions and enums in vectors: not modelled
    }
    const std::size_t size = fb::GetTypeSize(element);
    for (fb::uoffset_t i = 0; i < any->size(); ++i) {
      if (!scalar(recorded[i], element, any->Data() + i * size)) return false;
    }
    return true;
  }

  // A scalar field's value (nullptr: absent, so its default), rendered as GenerateText renders it:
  // enums by the name of their value, when it has one.
  bool leaf(const Json& recorded, const reflection::Field& field, const std::uint8_t* at) {
    const reflection::Type& type = *field.type();
    const reflection::BaseType base = type.base_type();
    if (type.index() >= 0 && base != reflection::Bool && base != reflection::Float && base != reflection::Double) {
      const std::int64_t value = at != nullptr ? fb::GetAnyValueI(base, at) : field.default_integer();
      const reflection::Enum& e = read_enum(type.index());
      if (e.attributes() != nullptr && e.attributes()->LookupByKey("bit_flags") != nullptr) return false;
      for (const reflection::EnumVal* member : *e.values()) {
        if (member->value() == value) return same_text(recorded, member->name()->string_view());
      }
      only_named_values_ = false;
      return integer(recorded, base, value);
    }
    if (at != nullptr) return scalar(recorded, base, at);
    if (base == reflection::Bool) return recorded.IsBool() && recorded.GetBool() == (field.default_integer() != 0);
    if (base == reflection::Float || base == reflection::Double) return surely_same_number(recorded, field.default_real());
    return integer(recorded, base, field.default_integer());
  }

  bool scalar(const Json& recorded, reflection::BaseType base, const std::uint8_t* at) {
    switch (base) {
      case reflection::Bool:
        return recorded.IsBool() && recorded.GetBool() == (fb::ReadScalar<std::uint8_t>(at) != 0);
      case reflection::Float:
      case reflection::Double:
        return surely_same_number(recorded, fb::GetAnyValueF(base, at));
      default:
        return integer(recorded, base, fb::GetAnyValueI(base, at));
    }
  }

  // Integers print exactly; the comparison on JSON compares them as doubles, and so does this.
  static bool integer(const Json& recorded, reflection::BaseType base, std::int64_t value) {
    if (!recorded.IsNumber()) return false;
    if (base == reflection::ULong && value < 0) return false;  // beyond int64: not modelled
    const double x = recorded.GetDouble();
    if (!std::isfinite(x)) return false;  // parse_json refuses them; an infinity is within any relative bound
    const double y = static_cast<double>(value);
    return std::fabs(x - y) <= 1e-6 || std::fabs(x - y) <= 1e-6 * std::max(std::fabs(x), std::fabs(y));
  }

  // Printable ASCII renders as itself; anything else is escaped, which is not modelled.
  static bool same_string(const Json& recorded, const fb::String* value) {
    if (value == nullptr) return false;
    for (const char c : value->string_view()) {
      if (c < 0x20 || c > 0x7e) return false;
    }
    return same_text(recorded, value->string_view());
  }

  static bool same_text(const Json& recorded, std::string_view text) {
    return recorded.IsString() && recorded.GetStringLength() == text.size() &&
           std::memcmp(recorded.GetString(), text.data(), text.size()) == 0;
  }

  // The object or enum at `index`, noted as read through.
  const reflection::Object* object_at(std::int32_t index) {
    objects_read_[static_cast<std::size_t>(index)] = true;
    return schema_.objects()->Get(static_cast<fb::uoffset_t>(index));
  }
  const reflection::Enum& read_enum(std::int32_t index) {
    enums_read_[static_cast<std::size_t>(index)] = true;
    return *schema_.enums()->Get(static_cast<fb::uoffset_t>(index));
  }

  void note_no_longer_read(const std::string& field) {
    if (std::find(no_longer_read_.begin(), no_longer_read_.end(), field) == no_longer_read_.end()) {
      no_longer_read_.push_back(field);
    }
  }

  const ReflectedSchema& reader_;
  const reflection::Schema& schema_;
  std::vector<std::string> no_longer_read_;
  bool only_named_values_ = true;
  std::vector<bool> objects_read_;  // by index in the reader's schema
  std::vector<bool> enums_read_;
};

}  // namespace

std::optional<RecordedFields> recorded_fields_unchanged(const rapidjson::Value& recorded, const std::uint8_t* verified_buffer,
                                                        const ReflectedSchema& reader) {
  if (!reader.renders_plainly(verified_buffer)) return std::nullopt;
  BufferComparer comparer(reader);
  if (!comparer.table(recorded, Place{fb::GetAnyRoot(verified_buffer), nullptr}, reader.root())) return std::nullopt;
  RecordedFields same;
  same.no_longer_read = comparer.take_no_longer_read();
  same.holds_for_extending_readers = comparer.met_only_named_values();
  same.types_read = comparer.types_read();
  return same;
}

}  // namespace fbcompat
