// The first field a payload sets that an older reader does not read, found by reading the buffer with
// both reader schemas through flatbuffers' reflection, rather than by turning it into JSON twice and
// comparing the texts (family.cpp's way, which stays for what this does not model). It visits what
// that comparison visits, in its order (keys alphabetically, which is reflection's order of fields),
// so it names the same field.
#include "payload/unread_fields.h"

#include <algorithm>
#include <cstring>

namespace fbcompat {
namespace {

namespace fb = flatbuffers;

// A table or a struct of the buffer, as one schema reads it.
struct Place {
  const reflection::Object* object = nullptr;
  const fb::Table* table = nullptr;
  const std::uint8_t* struct_ = nullptr;
};

// What sparse JSON (unset fields left out) holds under one key.
struct Value {
  enum Kind { Absent, Leaf, Object, Array, Unmodelled } kind = Absent;
  Place place;                              // Object
  const fb::VectorOfAny* vector = nullptr;  // Array
  const reflection::Object* element = nullptr;  // Array of tables or structs; nullptr: of leaves

  static Value of(Kind kind) {
    Value value;
    value.kind = kind;
    return value;
  }
  static Value at(Place place) {
    Value value = of(Object);
    value.place = place;
    return value;
  }
};

class UnreadFieldFinder {
 public:
  UnreadFieldFinder(const ReflectedSchema& newest, const ReflectedSchema& older, const ReaderPlan& plan)
      : newest_(newest), older_(older), plan_(plan) {}

  // True when done: found_ is the field, or unmodelled_ is set. `path` names the object, and is
  // restored before returning.
  bool object(const Place& newest, const Place& older, std::string& path) {
    // The same table or union all the way down in both readers: nothing below is unread.
    if (plan_.same_as_newest.count(older.object) != 0 &&
        std::strcmp(older.object->name()->c_str(), newest.object->name()->c_str()) == 0) {
      return false;
    }
    const std::size_t length = path.size();
    for (const reflection::Field* field : *newest.object->fields()) {
      const Value mine = value(newest_, newest, field);
      if (mine.kind == Value::Absent) continue;
      if (mine.kind == Value::Unmodelled) return unmodelled();
      const reflection::Field* theirs_field = older.object->fields()->LookupByKey(field->name()->c_str());
      const Value theirs = theirs_field == nullptr ? Value{} : value(older_, older, theirs_field);
      if (theirs.kind == Value::Unmodelled) return unmodelled();
      path.append(".").append(field->name()->c_str());
      if (theirs.kind == Value::Absent) return found(path);
      if (this->value_pair(mine, theirs, path)) return true;
      path.resize(length);
    }
    return false;
  }

  std::optional<std::string> found_;
  bool unmodelled_ = false;

 private:
  bool value_pair(const Value& mine, const Value& theirs, std::string& path) {
    if (mine.kind == Value::Object) {
      if (theirs.kind != Value::Object) return found(path);
      return object(mine.place, theirs.place, path);
    }
    if (mine.kind == Value::Array && theirs.kind == Value::Array && mine.element != nullptr) {
      const fb::uoffset_t count = std::min(mine.vector->size(), theirs.vector->size());
      const std::size_t length = path.size();
      for (fb::uoffset_t i = 0; i < count; ++i) {
        path.append("[").append(std::to_string(i)).append("]");
        if (theirs.element == nullptr) return found(path);
        if (object(element(mine, i), element(theirs, i), path)) return true;
        path.resize(length);
      }
    }
    return false;
  }

  static Place element(const Value& array, fb::uoffset_t i) {
    if (array.element->is_struct()) return Place{array.element, nullptr, array.vector->Data() + i * array.element->bytesize()};
    const auto* tables = reinterpret_cast<const fb::Vector<fb::Offset<fb::Table>>*>(array.vector);
    return Place{array.element, tables->Get(i), nullptr};
  }

  // The key `field` has in sparse JSON of `place`, as `schema` reads it.
  static Value value(const ReflectedSchema& schema, const Place& place, const reflection::Field* field) {
    if (field->deprecated()) return Value{};
    if (field->key()) return Value::of(Value::Unmodelled);  // written even when unset
    const reflection::Type& type = *field->type();
    const reflection::BaseType base = type.base_type();
    const auto* objects = schema.schema().objects();
    if (place.struct_ != nullptr) {
      if (base == reflection::Obj) {
        return Value::at(Place{objects->Get(static_cast<fb::uoffset_t>(type.index())), nullptr, place.struct_ + field->offset()});
      }
      return fb::IsScalar(base) ? Value::of(Value::Leaf) : Value::of(Value::Unmodelled);
    }
    const fb::Table& table = *place.table;
    if (!table.CheckField(field->offset())) return Value{};
    switch (base) {
      case reflection::Obj: {
        const reflection::Object* nested = objects->Get(static_cast<fb::uoffset_t>(type.index()));
        if (nested->is_struct()) return Value::at(Place{nested, nullptr, table.GetStruct<const std::uint8_t*>(field->offset())});
        return Value::at(Place{nested, fb::GetFieldT(table, *field), nullptr});
      }
      case reflection::Union: {
        const auto type_id = table.GetField<std::uint8_t>(static_cast<fb::voffset_t>(field->offset() - sizeof(fb::voffset_t)), 0);
        const reflection::Enum& members = *schema.schema().enums()->Get(static_cast<fb::uoffset_t>(type.index()));
        const reflection::EnumVal* member = members.values()->LookupByKey(type_id);
        const reflection::Object* nested = member == nullptr ? nullptr : schema.union_member_object(*member);
        if (type_id == 0 || nested == nullptr || nested->is_struct()) return Value::of(Value::Unmodelled);
        return Value::at(Place{nested, fb::GetFieldT(table, *field), nullptr});
      }
      case reflection::Vector: {
        Value array = Value::of(Value::Array);
        array.vector = fb::GetFieldAnyV(table, *field);
        if (type.element() == reflection::Union || type.element() == reflection::Vector) return Value::of(Value::Unmodelled);
        if (type.element() == reflection::Obj) array.element = objects->Get(static_cast<fb::uoffset_t>(type.index()));
        return array;
      }
      case reflection::String:
        return Value::of(Value::Leaf);
      default:
        return fb::IsScalar(base) ? Value::of(Value::Leaf) : Value::of(Value::Unmodelled);
    }
  }

  bool found(const std::string& path) {
    found_ = path;
    return true;
  }
  bool unmodelled() {
    unmodelled_ = true;
    return true;
  }

  const ReflectedSchema& newest_;
  const ReflectedSchema& older_;
  const ReaderPlan& plan_;
};

}  // namespace

std::optional<std::optional<std::string>> first_unread_field_in_buffer(const ReflectedSchema& newest, const ReflectedSchema& older,
                                                                       const ReaderPlan& older_plan,
                                                                       const std::uint8_t* verified_buffer,
                                                                       const std::string& root_path) {
  UnreadFieldFinder finder(newest, older, older_plan);
  const fb::Table* root = fb::GetAnyRoot(verified_buffer);
  std::string path = root_path;
  finder.object(Place{&newest.root(), root, nullptr}, Place{&older.root(), root, nullptr}, path);
  if (finder.unmodelled_) return std::nullopt;
  return finder.found_;
}

}  // namespace fbcompat
