#include "schema/buffer_walk_plan.h"

#include <cmath>

namespace fbcompat {
namespace {

namespace fb = flatbuffers;

bool plain_float(double value) { return std::isfinite(value); }

bool plain_string(const fb::String* text) {
  if (text == nullptr) return true;
  for (const char c : text->string_view()) {
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

// Whether a struct holds a float or an array anywhere, nested structs included: the only things a
// struct can hold that would not render as themselves.
bool struct_needs_check(const reflection::Schema& schema, const reflection::Object& object) {
  for (const reflection::Field* field : *object.fields()) {
    const reflection::BaseType base = field->type()->base_type();
    if (base == reflection::Float || base == reflection::Double || base == reflection::Array) return true;
    if (base == reflection::Obj &&
        struct_needs_check(schema, *schema.objects()->Get(static_cast<fb::uoffset_t>(field->type()->index())))) {
      return true;
    }
  }
  return false;
}

}  // namespace

BufferWalkPlan::BufferWalkPlan(const reflection::Schema& schema, const UnionMembers& members)
    : schema_(schema), members_(members), steps_(schema.objects()->size()),
      struct_has_floats_(schema.objects()->size()), reaches_misread_(schema.objects()->size()) {
  const auto* objects = schema.objects();
  for (fb::uoffset_t i = 0; i < objects->size(); ++i) {
    if (objects->Get(i) == schema.root_table()) root_ = i;
    if (objects->Get(i)->is_struct()) struct_has_floats_[i] = struct_needs_check(schema, *objects->Get(i));
  }
  for (fb::uoffset_t i = 0; i < objects->size(); ++i) {
    if (objects->Get(i)->is_struct()) continue;
    for (const reflection::Field* field : *objects->Get(i)->fields()) {
      const reflection::Type& type = *field->type();
      Step step;
      step.offset = field->offset();
      step.index = type.index();
      const bool to_struct = (type.base_type() == reflection::Obj ||
                              (type.base_type() == reflection::Vector && type.element() == reflection::Obj)) &&
                             objects->Get(static_cast<fb::uoffset_t>(type.index()))->is_struct();
      switch (type.base_type()) {
        case reflection::Float: step.kind = Kind::Float; break;
        case reflection::Double: step.kind = Kind::Double; break;
        case reflection::String: step.kind = Kind::String; break;
        case reflection::Union: step.kind = Kind::Union; break;
        case reflection::Obj:
          if (to_struct && !struct_has_floats_[static_cast<std::size_t>(type.index())]) continue;
          step.kind = to_struct ? Kind::Struct : Kind::Table;
          break;
        case reflection::Vector:
          if (type.element() == reflection::String) {
            step.kind = Kind::Strings;
          } else if (type.element() == reflection::Float) {
            step.kind = Kind::Floats;
          } else if (type.element() == reflection::Double) {
            step.kind = Kind::Doubles;
          } else if (type.element() == reflection::Obj) {
            if (to_struct && !struct_has_floats_[static_cast<std::size_t>(type.index())]) continue;
            step.kind = to_struct ? Kind::Structs : Kind::Tables;
            step.struct_size = static_cast<std::uint32_t>(objects->Get(static_cast<fb::uoffset_t>(type.index()))->bytesize());
          } else if (type.element() == reflection::Union) {
            step.kind = Kind::Unions;
          } else {
            continue;  // vectors of integers and booleans
          }
          break;
        default:
          continue;  // integers and booleans always render as themselves
      }
      steps_[i].push_back(step);
    }
  }
  mark_tables_reflection_misreads();
}

// To a fixed point, as cycles of tables need (a table reaches what any table it leads to reaches).
void BufferWalkPlan::mark_tables_reflection_misreads() {
  const auto leads_to_one = [&](const Step& step) {
    switch (step.kind) {
      case Kind::Unions: return true;
      case Kind::Table:
      case Kind::Tables: return static_cast<bool>(reaches_misread_[static_cast<std::size_t>(step.index)]);
      case Kind::Union:
        if (members_.has_gaps(step.index)) return true;
        for (unsigned type_id = 1; type_id < 256; ++type_id) {
          const UnionMembers::Member member = members_.member(step.index, static_cast<std::uint8_t>(type_id));
          if (member.kind == UnionMembers::Kind::Table && reaches_misread_[static_cast<std::size_t>(member.object)]) {
            return true;
          }
        }
        return false;
      default: return false;
    }
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < steps_.size(); ++i) {
      if (reaches_misread_[i]) continue;
      for (const Step& step : steps_[i]) {
        if (!leads_to_one(step)) continue;
        reaches_misread_[i] = true;
        changed = true;
        break;
      }
    }
  }
}

bool BufferWalkPlan::fit_for_reflection_verify(const std::uint8_t* buffer, std::size_t size, std::uint32_t max_depth,
                                               std::uint32_t max_tables) const {
  if (!reaches_misread_[root_]) return true;
  fb::Verifier::Options options;
  options.max_depth = max_depth;
  options.max_tables = max_tables;
  fb::Verifier verifier(buffer, size, options);
  if (verifier.VerifyOffset(std::size_t{0}) == 0) return false;
  return table_fit(root_, *fb::GetAnyRoot(buffer), verifier);
}

// Only the fields on the way to a vector of unions or a union with gaps, each checked by the Verifier
// before it is read; a table an element or a union value points to is checked by VerifyTableStart, as
// reflection does.
bool BufferWalkPlan::table_fit(std::size_t index, const fb::Table& table, fb::Verifier& verifier) const {
  if (!table.VerifyTableStart(verifier)) return false;
  for (const Step& step : steps_[index]) {
    switch (step.kind) {
      case Kind::Table: {
        if (!reaches_misread_[static_cast<std::size_t>(step.index)]) break;
        if (!table.VerifyOffset(verifier, step.offset)) return false;
        const auto* child = table.GetPointer<const fb::Table*>(step.offset);
        if (child != nullptr && !table_fit(static_cast<std::size_t>(step.index), *child, verifier)) return false;
        break;
      }
      case Kind::Tables: {
        if (!reaches_misread_[static_cast<std::size_t>(step.index)]) break;
        if (!table.VerifyOffset(verifier, step.offset)) return false;
        const auto* children = table.GetPointer<const fb::Vector<fb::Offset<fb::Table>>*>(step.offset);
        if (!verifier.VerifyVector(children)) return false;
        if (children == nullptr) break;
        for (fb::uoffset_t i = 0; i < children->size(); ++i) {
          if (!table_fit(static_cast<std::size_t>(step.index), *children->Get(i), verifier)) return false;
        }
        break;
      }
      case Kind::Union: {
        const auto type_offset = static_cast<fb::voffset_t>(step.offset - sizeof(fb::voffset_t));
        if (!table.VerifyField<std::uint8_t>(verifier, type_offset, 1) || !table.VerifyOffset(verifier, step.offset)) {
          return false;
        }
        // The type id is judged even without a value: Verify would take a gap's id as another member.
        const auto* value = table.GetPointer<const std::uint8_t*>(step.offset);
        if (!member_fit(step.index, table.GetField<std::uint8_t>(type_offset, 0), value, verifier)) return false;
        break;
      }
      case Kind::Unions: {
        const auto types_offset = static_cast<fb::voffset_t>(step.offset - sizeof(fb::voffset_t));
        if (!table.VerifyOffset(verifier, step.offset) || !table.VerifyOffset(verifier, types_offset)) return false;
        const auto* values = table.GetPointer<const fb::Vector<fb::Offset<std::uint8_t>>*>(step.offset);
        const auto* types = table.GetPointer<const fb::Vector<std::uint8_t>*>(types_offset);
        if (!verifier.VerifyVector(values) || !verifier.VerifyVector(types)) return false;
        if (values == nullptr) break;
        if (types == nullptr || types->size() != values->size()) return false;
        for (fb::uoffset_t i = 0; i < values->size(); ++i) {
          if (!member_fit(step.index, types->Get(i), values->Get(i), verifier)) return false;
        }
        break;
      }
      default:
        break;
    }
  }
  return verifier.EndTable();
}

// A union value: NONE, which Verify accepts without looking at the value; or a member whose position
// and value agree, walked on if it is a table below which reflection could misread something. Any
// other type id is refused: Verify would refuse it (past the last member) or check the value as a
// member other than the one the type id names.
bool BufferWalkPlan::member_fit(std::int32_t union_index, std::uint8_t type_id, const std::uint8_t* value,
                                fb::Verifier& verifier) const {
  if (type_id == 0) return true;
  const UnionMembers::Member member = members_.member(union_index, type_id);
  if (member.kind == UnionMembers::Kind::Unknown) return false;
  if (value == nullptr || member.kind != UnionMembers::Kind::Table ||
      !reaches_misread_[static_cast<std::size_t>(member.object)]) {
    return true;  // a missing value is Verify's to judge
  }
  return table_fit(static_cast<std::size_t>(member.object), *reinterpret_cast<const fb::Table*>(value), verifier);
}

bool BufferWalkPlan::unions_have_types(const std::uint8_t* verified_buffer, bool plain) const {
  return table(root_, *fb::GetAnyRoot(verified_buffer), plain);
}

// flatbuffers' Verify accepts a union value whose type is NONE, but GenerateText (GenText) asserts on it;
// such a buffer is corrupt, so it is found first.
bool BufferWalkPlan::table(std::size_t index, const fb::Table& table, bool plain) const {
  for (const Step& step : steps_[index]) {
    switch (step.kind) {
      case Kind::Float:
        if (plain && table.CheckField(step.offset) && !plain_float(table.GetField<float>(step.offset, 0))) return false;
        break;
      case Kind::Double:
        if (plain && table.CheckField(step.offset) && !plain_float(table.GetField<double>(step.offset, 0))) return false;
        break;
      case Kind::String:
        if (plain && !plain_string(table.GetPointer<const fb::String*>(step.offset))) return false;
        break;
      case Kind::Strings: {
        if (!plain) break;
        const auto* strings = table.GetPointer<const fb::Vector<fb::Offset<fb::String>>*>(step.offset);
        if (strings == nullptr) break;
        for (const fb::String* text : *strings) {
          if (!plain_string(text)) return false;
        }
        break;
      }
      case Kind::Floats:
      case Kind::Doubles: {
        if (!plain) break;
        if (step.kind == Kind::Floats) {
          const auto* values = table.GetPointer<const fb::Vector<float>*>(step.offset);
          if (values == nullptr) break;
          for (const float value : *values) {
            if (!plain_float(value)) return false;
          }
        } else {
          const auto* values = table.GetPointer<const fb::Vector<double>*>(step.offset);
          if (values == nullptr) break;
          for (const double value : *values) {
            if (!plain_float(value)) return false;
          }
        }
        break;
      }
      case Kind::Struct:
        if (plain && table.CheckField(step.offset) && !plain_struct(step.index, table.GetStruct<const std::uint8_t*>(step.offset))) {
          return false;
        }
        break;
      case Kind::Structs: {
        if (!plain) break;
        const auto* bytes = table.GetPointer<const fb::Vector<std::uint8_t>*>(step.offset);
        if (bytes == nullptr) break;
        for (fb::uoffset_t i = 0; i < bytes->size(); ++i) {
          if (!plain_struct(step.index, bytes->Data() + static_cast<std::size_t>(i) * step.struct_size)) return false;
        }
        break;
      }
      case Kind::Table: {
        const auto* child = table.GetPointer<const fb::Table*>(step.offset);
        if (child != nullptr && !this->table(static_cast<std::size_t>(step.index), *child, plain)) return false;
        break;
      }
      case Kind::Tables: {
        const auto* children = table.GetPointer<const fb::Vector<fb::Offset<fb::Table>>*>(step.offset);
        if (children == nullptr) break;
        for (const fb::Table* child : *children) {
          if (!this->table(static_cast<std::size_t>(step.index), *child, plain)) return false;
        }
        break;
      }
      case Kind::Union: {
        const auto* value = table.GetPointer<const std::uint8_t*>(step.offset);
        if (value == nullptr) break;
        const auto type_id = table.GetField<std::uint8_t>(static_cast<fb::voffset_t>(step.offset - sizeof(fb::voffset_t)), 0);
        if (!union_value(step.index, type_id, value, plain)) return false;
        break;
      }
      case Kind::Unions: {
        // GenText finds each element's type in the vector of types just before the values; without it,
        // it would read some other field as one.
        const auto* values = table.GetPointer<const fb::Vector<fb::Offset<std::uint8_t>>*>(step.offset);
        if (values == nullptr) break;
        const auto* types =
            table.GetPointer<const fb::Vector<std::uint8_t>*>(static_cast<fb::voffset_t>(step.offset - sizeof(fb::voffset_t)));
        if (types == nullptr || types->size() != values->size()) return false;
        for (fb::uoffset_t i = 0; i < values->size(); ++i) {
          if (!union_value(step.index, types->Get(i), values->Get(i), plain)) return false;
        }
        break;
      }
    }
  }
  return true;
}

// One union value: its type must be a member (NONE is not), and what it holds is walked as that member.
bool BufferWalkPlan::union_value(std::int32_t union_index, std::uint8_t type_id, const std::uint8_t* value,
                                 bool plain) const {
  const UnionMembers::Member member = members_.member(union_index, type_id);
  switch (member.kind) {
    case UnionMembers::Kind::Unknown: return false;
    case UnionMembers::Kind::String: return !plain || plain_string(reinterpret_cast<const fb::String*>(value));
    case UnionMembers::Kind::Struct: return !plain;  // not expected in a schema fbcompat reads this way
    case UnionMembers::Kind::Table: break;
  }
  return table(static_cast<std::size_t>(member.object), *reinterpret_cast<const fb::Table*>(value), plain);
}

// A struct's floats, through nested structs; an array is not expected in a schema fbcompat reads this way.
bool BufferWalkPlan::plain_struct(std::int32_t index, const std::uint8_t* data) const {
  const reflection::Object& object = *schema_.objects()->Get(static_cast<fb::uoffset_t>(index));
  for (const reflection::Field* field : *object.fields()) {
    const reflection::BaseType base = field->type()->base_type();
    const std::uint8_t* at = data + field->offset();
    if (base == reflection::Float || base == reflection::Double) {
      if (!plain_float(fb::GetAnyValueF(base, at))) return false;
    } else if (base == reflection::Obj) {
      if (!plain_struct(field->type()->index(), at)) return false;
    } else if (base == reflection::Array) {
      return false;
    }
  }
  return true;
}

}  // namespace fbcompat
