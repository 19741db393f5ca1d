// The recorded description compared with the buffer itself, through flatbuffers' reflection accessors,
// instead of with the buffer turned into JSON text and parsed again. It walks exactly the keys
// compare_recorded_trees (recorded_fields.cpp) walks, in RapidJSON's document of the description
// rather than nlohmann's tree, and judges each value as that comparison would judge GenerateText's
// rendering of it, but it only proves sameness: at the first difference, or at anything whose rendering
// it does not model, it gives up, and the caller runs the comparison on JSON, which words every
// difference. So both ways give the same findings.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <string_view>

#include "fbcompat/core/schema.h"
#include "golden/recorded_fields.h"

namespace fbcompat {
namespace {

namespace fb = flatbuffers;
using Json = rapidjson::Value;

// GenerateText prints a float with six decimals and a double with twelve: within this much of the
// recorded value, the rendered value is within compare_recorded_trees' 1e-6 too.
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

// What the comparison reads of a field, taken from reflection once: each read through reflection is a
// table look-up of its own, and a description holds the same tables many times over.
struct FieldInfo {
  std::string_view name;
  const reflection::Field* field = nullptr;
  reflection::BaseType base = reflection::None;
  reflection::BaseType element = reflection::None;  // of a vector
  std::int32_t index = -1;                           // the object, enum or union of the type, or -1
  fb::voffset_t offset = 0;
  bool deprecated = false;
  bool optional = false;
};

struct ObjectInfo {
  std::string_view name;
  bool is_struct = false;
  std::size_t bytesize = 0;
  std::vector<FieldInfo> fields;  // in reflection's order: by name
};

class BufferComparer {
 public:
  explicit BufferComparer(const ReflectedSchema& reader)
      : reader_(reader),
        schema_(reader.schema()),
        objects_read_(schema_.objects()->size(), false),
        enums_read_(schema_.enums()->size(), false),
        objects_(schema_.objects()->size()) {
    for (fb::uoffset_t i = 0; i < schema_.objects()->size(); ++i) {
      if (schema_.objects()->Get(i) == &reader.root()) root_index_ = static_cast<std::int32_t>(i);
    }
  }

  // The root table's comparison. False: not proven the same (different, or not modelled).
  bool root(const Json& recorded, const std::uint8_t* verified_buffer) {
    return table(recorded, Place{fb::GetAnyRoot(verified_buffer), nullptr}, read_object(root_index_));
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
  bool table(const Json& recorded, Place place, const ObjectInfo& object) {
    if (!recorded.IsObject()) return true;
    const std::vector<FieldInfo>& fields = object.fields;
    std::size_t next = 0;  // the fields before it sort before the keys met so far
    for (const auto& member : recorded.GetObject()) {
      const std::string_view key(member.name.GetString(), member.name.GetStringLength());
      // Descriptions are written with their keys sorted, and reflection sorts a table's fields by name:
      // stepping on finds most keys with a comparison or two, where a search takes several.
      // Asked first whether the next field is the key (mostly it is, and names of other lengths are
      // told apart without comparing their bytes), then whether it sorts before it.
      const FieldInfo* field = nullptr;
      for (; next < fields.size(); ++next) {
        if (fields[next].name == key) {
          field = &fields[next++];
          break;
        }
        if (!(fields[next].name < key)) break;
      }
      if (field == nullptr) {  // a key out of order
        const auto found = std::lower_bound(fields.begin(), fields.end(), key,
                                            [](const FieldInfo& f, std::string_view k) { return f.name < k; });
        if (found != fields.end() && found->name == key) field = &*found;
      }
      if (field == nullptr) return false;
      if (field->deprecated) {
        note_no_longer_read(std::string(object.name) + "." + std::string(key));
        continue;
      }
      if (!this->field(member.value, place, object, *field)) return false;
    }
    return true;
  }

  bool field(const Json& recorded, Place place, const ObjectInfo& object, const FieldInfo& field) {
    const reflection::BaseType base = field.base;
    if (object.is_struct) {
      const std::uint8_t* at = place.struct_ + field.offset;
      if (base == reflection::Obj) return table(recorded, Place{nullptr, at}, read_object(field.index));
      if (!fb::IsScalar(base)) return false;  // arrays: not modelled
      return leaf(recorded, field, at);
    }
    const fb::Table& table_ = *place.table;
    const bool present = table_.CheckField(field.offset);
    switch (base) {
      case reflection::Obj: {
        if (!present) return false;  // the rendering has no such key
        const ObjectInfo& nested = read_object(field.index);
        if (nested.is_struct) return table(recorded, Place{nullptr, table_.GetStruct<const std::uint8_t*>(field.offset)}, nested);
        return table(recorded, Place{table_.GetPointer<const fb::Table*>(field.offset), nullptr}, nested);
      }
      case reflection::Union: {
        if (!present) return false;
        const auto type_id = table_.GetField<std::uint8_t>(static_cast<fb::voffset_t>(field.offset - sizeof(fb::voffset_t)), 0);
        const reflection::Enum& members = read_enum(field.index);
        const reflection::EnumVal* member = members.values()->LookupByKey(type_id);
        const reflection::Object* member_object = member == nullptr ? nullptr : reader_.union_member_object(*member);
        if (type_id == 0 || member_object == nullptr || member_object->is_struct()) return false;
        return table(recorded, Place{table_.GetPointer<const fb::Table*>(field.offset), nullptr},
                     read_object(member->union_type()->index()));
      }
      case reflection::Vector:
        return present && vector(recorded, table_, field);
      case reflection::String:
        return present && same_string(recorded, table_.GetPointer<const fb::String*>(field.offset));
      default:
        if (!fb::IsScalar(base)) return false;
        if (!present && field.optional) return false;  // an unset optional scalar is not rendered
        return leaf(recorded, field, present ? table_.GetAddressOf(field.offset) : nullptr);
    }
  }

  bool vector(const Json& recorded, const fb::Table& table_, const FieldInfo& field) {
    const auto* any = table_.GetPointer<const fb::VectorOfAny*>(field.offset);
    if (!recorded.IsArray() || recorded.Size() != any->size()) return false;
    const reflection::BaseType element = field.element;
    if (element == reflection::Obj) {
      const ObjectInfo& nested = read_object(field.index);
      if (nested.is_struct) {
        const std::uint8_t* bytes = any->Data();
        for (fb::uoffset_t i = 0; i < any->size(); ++i) {
          if (!table(recorded[i], Place{nullptr, bytes + i * nested.bytesize}, nested)) return false;
        }
        return true;
      }
      const auto* tables = table_.GetPointer<const fb::Vector<fb::Offset<fb::Table>>*>(field.offset);
      for (fb::uoffset_t i = 0; i < tables->size(); ++i) {
        if (!table(recorded[i], Place{tables->Get(i), nullptr}, nested)) return false;
      }
      return true;
    }
    if (element == reflection::String) {
      const auto* strings = table_.GetPointer<const fb::Vector<fb::Offset<fb::String>>*>(field.offset);
      for (fb::uoffset_t i = 0; i < strings->size(); ++i) {
        if (!same_string(recorded[i], strings->Get(i))) return false;
      }
      return true;
    }
    if (!fb::IsScalar(element) || element == reflection::UType || field.index >= 0) {
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
  bool leaf(const Json& recorded, const FieldInfo& field, const std::uint8_t* at) {
    const reflection::BaseType base = field.base;
    if (field.index >= 0 && base != reflection::Bool && base != reflection::Float && base != reflection::Double) {
      const std::int64_t value = at != nullptr ? fb::GetAnyValueI(base, at) : field.field->default_integer();
      const reflection::Enum& e = read_enum(field.index);
      if (e.attributes() != nullptr && e.attributes()->LookupByKey("bit_flags") != nullptr) return false;
      for (const reflection::EnumVal* member : *e.values()) {
        if (member->value() == value) return same_text(recorded, member->name()->string_view());
      }
      only_named_values_ = false;
      return integer(recorded, base, value);
    }
    if (at != nullptr) return scalar(recorded, base, at);
    if (base == reflection::Bool) return recorded.IsBool() && recorded.GetBool() == (field.field->default_integer() != 0);
    if (base == reflection::Float || base == reflection::Double) return surely_same_number(recorded, field.field->default_real());
    return integer(recorded, base, field.field->default_integer());
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

  // The object at `index`, noted as read through; what the comparison reads of it is taken from
  // reflection the first time.
  const ObjectInfo& read_object(std::int32_t index) {
    const auto at = static_cast<std::size_t>(index);
    objects_read_[at] = true;
    std::optional<ObjectInfo>& info = objects_[at];
    if (!info) {
      const reflection::Object& object = *schema_.objects()->Get(static_cast<fb::uoffset_t>(index));
      info.emplace();
      info->name = object.name()->string_view();
      info->is_struct = object.is_struct();
      info->bytesize = static_cast<std::size_t>(object.bytesize());
      info->fields.reserve(object.fields()->size());
      for (const reflection::Field* field : *object.fields()) {
        const reflection::Type& type = *field->type();
        info->fields.push_back({field->name()->string_view(), field, type.base_type(), type.element(), type.index(),
                                field->offset(), field->deprecated(), field->optional()});
      }
    }
    return *info;
  }

  // The enum at `index`, noted as read through.
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
  std::vector<std::optional<ObjectInfo>> objects_;  // by index, as read_object took them
  std::int32_t root_index_ = 0;
};

}  // namespace

std::optional<RecordedFields> recorded_fields_unchanged(const rapidjson::Value& recorded, const std::uint8_t* verified_buffer,
                                                        const ReflectedSchema& reader) {
  if (!reader.renders_plainly(verified_buffer)) return std::nullopt;
  BufferComparer comparer(reader);
  if (!comparer.root(recorded, verified_buffer)) return std::nullopt;
  RecordedFields same;
  same.no_longer_read = comparer.take_no_longer_read();
  same.holds_for_extending_readers = comparer.met_only_named_values();
  same.types_read = comparer.types_read();
  return same;
}

}  // namespace fbcompat
