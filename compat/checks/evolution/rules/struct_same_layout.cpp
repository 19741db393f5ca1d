// STRUCT_SAME_LAYOUT: a struct is stored inline, byte for byte, with no slots and no versioning: any
// change to its size, alignment or fields misreads every old value. Reported on the struct whose
// declaration changed; a struct that only contains it (or an enum that changed width) changes layout
// as a consequence, which that declaration's finding names.
#include <fmt/format.h>

#include "evolution/declaration_uses.h"
#include "evolution/evolution_context.h"
#include "evolution/field_pairs.h"

namespace fbcompat {

const RuleInfo kStructSameLayout{"STRUCT_SAME_LAYOUT", Category::Wire, Severity::Error, RuleScope::Evolution,
                                 "A struct must keep its exact layout: size, alignment, and every field's type and offset."};

namespace {

const Field* field_at(const Composite& structure, std::uint32_t offset) {
  for (const Field& field : structure.fields) {
    if (field.offset == offset) return &field;
  }
  return nullptr;
}

// Struct bytes are positional, so fields are compared by offset; a name only explains a move.
std::vector<std::string> layout_changes(const EvolutionContext& context, const Composite& old_struct,
                                        const Composite& new_struct) {
  std::vector<std::string> changes;
  if (old_struct.byte_size != new_struct.byte_size) {
    changes.push_back(fmt::format("size {} -> {} bytes", old_struct.byte_size, new_struct.byte_size));
  }
  if (old_struct.alignment != new_struct.alignment) {
    changes.push_back(fmt::format("alignment {} -> {}", old_struct.alignment, new_struct.alignment));
  }
  for (const Field& old_field : old_struct.fields) {
    const Field* same_place = field_at(new_struct, old_field.offset);
    const Field* same_name = new_struct.find_field(old_field.name);
    if (same_name != nullptr && same_name->offset != old_field.offset) {
      changes.push_back(fmt::format("{} moved from byte {} to byte {}", old_field.name, old_field.offset,
                                    same_name->offset));
    } else if (same_place != nullptr) {
      if (!context.wire_compatible(old_field.type, same_place->type)) {
        changes.push_back(fmt::format("byte {}: {} {} -> {} {}", old_field.offset, old_field.name,
                                      type_to_string(old_field.type), same_place->name,
                                      type_to_string(same_place->type)));
      }
    } else {
      changes.push_back(fmt::format("{} ({} at byte {}) removed", old_field.name, type_to_string(old_field.type),
                                    old_field.offset));
    }
  }
  for (const Field& new_field : new_struct.fields) {
    if (field_at(old_struct, new_field.offset) != nullptr || old_struct.find_field(new_field.name) != nullptr) continue;
    changes.push_back(fmt::format("{} ({} at byte {}) added", new_field.name, type_to_string(new_field.type),
                                  new_field.offset));
  }
  return changes;
}

const std::string& attribute(const Composite& structure, const std::string& name) {
  static const std::string none;
  const auto found = structure.attributes.find(name);
  return found == structure.attributes.end() ? none : found->second;
}

bool same_declared_type(const EvolutionContext& context, const Type& old_type, const Type& new_type) {
  if (!old_type.ref.empty() || !new_type.ref.empty()) {
    return change_reported_by_declaration(context, old_type, new_type);
  }
  return old_type.base == new_type.base && old_type.element == new_type.element &&
         old_type.fixed_length == new_type.fixed_length;
}

// Whether the struct itself was edited: its fields (names, order, declared types) or its alignment.
bool declaration_changed(const EvolutionContext& context, const Composite& old_struct, const Composite& new_struct) {
  if (attribute(old_struct, "force_align") != attribute(new_struct, "force_align")) return true;
  if (old_struct.fields.size() != new_struct.fields.size()) return true;
  for (std::size_t i = 0; i < old_struct.fields.size(); ++i) {
    const Field& old_field = old_struct.fields[i];
    const Field& new_field = new_struct.fields[i];
    if (old_field.name != new_field.name || !same_declared_type(context, old_field.type, new_field.type)) return true;
  }
  return false;
}

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const CompositePair& pair : context.structs) {
    const std::vector<std::string> changes = layout_changes(context, pair.old_composite, pair.new_composite);
    if (changes.empty() || !declaration_changed(context, pair.old_composite, pair.new_composite)) continue;
    const std::vector<std::string> uses = context.old_uses_of(pair.old_composite.name);
    std::string listed;
    for (const std::string& change : changes) listed += (listed.empty() ? "" : "; ") + change;
    const std::string name = unqualified_name(pair.new_composite.name);
    sink.report(kStructSameLayout, pair.new_composite.name, context.new_schema, pair.new_composite.location,
                fmt::format("the layout of struct {} changed: {}. Structs are stored inline with no slots, so every {} "
                            "in old data{}, and everything stored after it in the same table, struct or vector, is "
                            "misread.",
                            name, listed, name, uses.empty() ? std::string() : " (" + list_uses(uses) + ")"),
                fmt::format("restore struct {} as it was; for a new layout declare a new struct, add a field of that "
                            "type, and deprecate the old field",
                            name));
  }
}

}  // namespace

extern const EvolutionRule kStructSameLayoutRule{kStructSameLayout, check};

}  // namespace fbcompat
