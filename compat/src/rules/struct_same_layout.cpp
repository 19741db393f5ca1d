// STRUCT_SAME_LAYOUT: a struct is stored inline, byte for byte, with no slots and no versioning: any
// change to its size, alignment or fields misreads every old value.
#include <fmt/format.h>

#include "rules/evolution_context.h"

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

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const CompositePair& pair : context.structs) {
    const std::vector<std::string> changes = layout_changes(context, pair.old_composite, pair.new_composite);
    if (changes.empty()) continue;
    std::string listed;
    for (const std::string& change : changes) listed += (listed.empty() ? "" : "; ") + change;
    const std::string name = short_name(pair.new_composite.name);
    sink.report(kStructSameLayout, pair.new_composite.name, context.new_schema, pair.new_composite.location,
                fmt::format("the layout of struct {} changed: {}. Structs are stored inline with no slots, so every {} "
                            "in old data, and everything stored after it in the same table or vector, is misread.",
                            name, listed, name),
                fmt::format("restore struct {} as it was; for a new layout declare a new struct, add a field of that "
                            "type, and deprecate the old field",
                            name));
  }
}

}  // namespace

extern const EvolutionRule kStructSameLayoutRule{kStructSameLayout, check};

}  // namespace fbcompat
