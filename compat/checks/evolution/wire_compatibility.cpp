#include "evolution/wire_compatibility.h"

#include <fmt/format.h>

#include "evolution/default_values.h"

namespace fbcompat {
namespace {

void set(std::string* reason, std::string text) {
  if (reason != nullptr && reason->empty()) *reason = std::move(text);
}

}  // namespace

bool WireCompatibility::types(const Type& old_type, const Type& new_type, std::string* reason) {
  // A 64-bit offset is read as eight bytes where a 32-bit one is four: old buffers decode as garbage.
  if (old_type.base != new_type.base || old_type.offset != new_type.offset) {
    set(reason, fmt::format("{} became {}", type_to_string(old_type), type_to_string(new_type)));
    return false;
  }
  if (old_type.base == BaseType::Vector || old_type.base == BaseType::Array) {
    if (old_type.fixed_length != new_type.fixed_length) {
      set(reason, fmt::format("{} became {}", type_to_string(old_type), type_to_string(new_type)));
      return false;
    }
    return element(old_type.element, new_type.element, old_type, new_type, reason);
  }
  return element(old_type.base, new_type.base, old_type, new_type, reason);
}

bool WireCompatibility::element(BaseType old_base, BaseType new_base, const Type& old_type, const Type& new_type,
                                std::string* reason) {
  if (old_base != new_base) {
    set(reason, fmt::format("{} became {}", type_to_string(old_type), type_to_string(new_type)));
    return false;
  }
  // Scalars (enums included) read the same bytes whatever the enum: the enum's own values are
  // compared where the enum is. Strings have no reference.
  if (is_scalar(old_base) || old_base == BaseType::String) return true;
  if (old_type.ref_is_table != new_type.ref_is_table) {
    set(reason, fmt::format("{} became {}", type_to_string(old_type), type_to_string(new_type)));
    return false;
  }
  if (matching_.same(old_type.ref, new_type.ref)) return true;
  return named(old_type.ref, new_type.ref, reason);
}

bool WireCompatibility::declarations(const std::string& old_name, const std::string& new_name, std::string* reason) {
  return named(old_name, new_name, reason);
}

bool WireCompatibility::named(const std::string& old_name, const std::string& new_name, std::string* reason) {
  auto key = std::make_pair(old_name, new_name);
  if (const auto found = memo_.find(key); found != memo_.end()) {
    if (!found->second.compatible) set(reason, found->second.reason);
    return found->second.compatible;
  }
  // Assume the pair compatible while comparing it, so that recursive types terminate. A result that
  // leaned on such an assumption holds only if the outermost comparison succeeds: see below.
  memo_[key] = {true, {}};
  const bool outermost = depth_ == 0;
  if (!outermost) provisional_.push_back(key);
  ++depth_;

  std::string why;
  bool result = false;
  const Composite* old_composite = old_.find_composite(old_name);
  const Composite* new_composite = new_.find_composite(new_name);
  const Enum* old_enum = old_.find_enum(old_name);
  const Enum* new_enum = new_.find_enum(new_name);
  if (old_composite != nullptr && new_composite != nullptr && old_composite->is_struct == new_composite->is_struct) {
    result = old_composite->is_struct ? structs(*old_composite, *new_composite, &why)
                                      : tables(*old_composite, *new_composite, &why);
  } else if (old_enum != nullptr && new_enum != nullptr && old_enum->is_union && new_enum->is_union) {
    result = unions(*old_enum, *new_enum, &why);
  } else if (old_enum != nullptr && new_enum != nullptr) {
    result = old_enum->underlying == new_enum->underlying;
    if (!result) why = fmt::format("{} is {} and {} is {}", old_name, base_type_name(old_enum->underlying), new_name,
                                   base_type_name(new_enum->underlying));
  } else if (old_composite == nullptr && old_enum == nullptr && new_composite == nullptr && new_enum == nullptr) {
    result = old_name == new_name;  // not declarations: a union's string member
    if (!result) why = fmt::format("{} became {}", old_name, new_name);
  } else {
    why = fmt::format("{} and {} are different kinds of type", old_name, new_name);
  }

  --depth_;
  set(reason, why);
  memo_[key] = {result, std::move(why)};
  if (outermost) {
    // Pairs found compatible while an enclosing pair was only assumed compatible are proven only when
    // the outermost comparison holds; otherwise forget them (incompatible results are always final).
    if (!result) {
      for (const auto& pair : provisional_) {
        if (const auto found = memo_.find(pair); found != memo_.end() && found->second.compatible) memo_.erase(found);
      }
    }
    provisional_.clear();
  }
  return result;
}

bool WireCompatibility::tables(const Composite& old_table, const Composite& new_table, std::string* reason) {
  for (const Field& old_field : old_table.fields) {
    const Field* new_field = nullptr;
    for (const Field& candidate : new_table.fields) {
      if (candidate.slot == old_field.slot) new_field = &candidate;
    }
    if (new_field == nullptr) {
      if (old_field.deprecated) continue;
      set(reason, fmt::format("{} has no slot {} ({})", new_table.name, old_field.slot, old_field.name));
      return false;
    }
    if (old_field.deprecated || new_field->deprecated) continue;
    std::string why;
    if (!types(old_field.type, new_field->type, &why)) {
      set(reason, fmt::format("slot {} of {}: {}", old_field.slot, new_table.name, why));
      return false;
    }
    // Two different tables with the same bytes in a slot still disagree on what the bytes mean when
    // the field is named differently: an old softmax's output id would be read as an input id.
    if (old_field.name != new_field->name) {
      set(reason, fmt::format("slot {} is {} in {} but {} in {}", old_field.slot, old_field.name, old_table.name,
                              new_field->name, new_table.name));
      return false;
    }
    if (is_scalar(old_field.type.base) && !same_default(old_field, *new_field)) {
      set(reason, fmt::format("slot {} of {}: default {} became {}", old_field.slot, new_table.name,
                              old_field.default_value, new_field->default_value));
      return false;
    }
  }
  for (const Field& new_field : new_table.fields) {
    if (new_field.required && old_table.find_field(new_field.name) == nullptr) {
      bool was_required = false;
      for (const Field& old_field : old_table.fields) was_required |= old_field.slot == new_field.slot && old_field.required;
      if (!was_required) {
        set(reason, fmt::format("{}.{} is required and old data may lack it", new_table.name, new_field.name));
        return false;
      }
    }
  }
  return true;
}

bool WireCompatibility::structs(const Composite& old_struct, const Composite& new_struct, std::string* reason) {
  if (old_struct.byte_size != new_struct.byte_size || old_struct.alignment != new_struct.alignment) {
    set(reason, fmt::format("{} is {} bytes aligned to {} and {} is {} bytes aligned to {}", old_struct.name,
                            old_struct.byte_size, old_struct.alignment, new_struct.name, new_struct.byte_size,
                            new_struct.alignment));
    return false;
  }
  if (old_struct.fields.size() != new_struct.fields.size()) {
    set(reason, fmt::format("{} has {} fields and {} has {}", old_struct.name, old_struct.fields.size(), new_struct.name,
                            new_struct.fields.size()));
    return false;
  }
  for (std::size_t i = 0; i < old_struct.fields.size(); ++i) {
    const Field& old_field = old_struct.fields[i];
    const Field& new_field = new_struct.fields[i];
    if (old_field.offset != new_field.offset) {
      set(reason, fmt::format("field {} moved from byte {} to byte {}", old_field.name, old_field.offset, new_field.offset));
      return false;
    }
    if (!types(old_field.type, new_field.type, reason)) return false;
    // As for tables: the same bytes under other names mean something else.
    if (old_field.name != new_field.name) {
      set(reason, fmt::format("byte {} is {} in {} but {} in {}", old_field.offset, old_field.name, old_struct.name,
                              new_field.name, new_struct.name));
      return false;
    }
  }
  return true;
}

bool WireCompatibility::unions(const Enum& old_union, const Enum& new_union, std::string* reason) {
  for (const EnumValue& old_member : old_union.values) {
    const EnumValue* new_member = new_union.find_number(old_member.value);
    if (new_member == nullptr) {
      set(reason, fmt::format("{} has no type id {} ({})", new_union.name, old_member.value, old_member.name));
      return false;
    }
    if (!matching_.same(old_member.table, new_member->table) && !named(old_member.table, new_member->table, reason)) {
      return false;
    }
  }
  return true;
}

}  // namespace fbcompat
