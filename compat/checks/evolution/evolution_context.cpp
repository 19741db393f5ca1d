#include "evolution/evolution_context.h"

#include <fmt/format.h>

namespace fbcompat {
namespace {

std::vector<SequenceItem> field_items(const Composite& table) {
  std::vector<SequenceItem> items;
  items.reserve(table.fields.size());
  for (const Field& field : table.fields) {
    const bool is_union = field.type.base == BaseType::Union || field.type.element == BaseType::Union;
    items.push_back({field.name, field.slot, is_union ? 2 : 1});
  }
  return items;
}

std::vector<SequenceItem> value_items(const Enum& enumeration) {
  std::vector<SequenceItem> items;
  items.reserve(enumeration.values.size());
  for (const EnumValue& value : enumeration.values) items.push_back({value.name, value.value, 1});
  return items;
}

bool same_enum(const Schema& old_schema, const Schema& new_schema, const std::string& name) {
  const Enum* old_enum = old_schema.find_enum(name);
  const Enum* new_enum = new_schema.find_enum(name);
  return old_enum != nullptr && new_enum != nullptr && same_content(*old_enum, *new_enum);
}

}  // namespace

// A declaration written the same in both versions, under the same name, yields no finding from the
// rules that compare a pair's contents. Most declarations of most diffs are unchanged, so skipping them
// is what keeps an audit of many versions fast. A field whose type is an enum also depends on that
// enum (its default names one of its values), so such tables count as unchanged only with their enums.
bool EvolutionContext::unchanged(const DeclarationMatching::Match& match) const {
  if (match.how != DeclarationMatching::How::SameName) return false;
  if (match.old_declaration.enumeration != nullptr) {
    return same_content(*match.old_declaration.enumeration, *match.new_declaration.enumeration);
  }
  const Composite& old_composite = *match.old_declaration.composite;
  if (!same_content(old_composite, *match.new_declaration.composite)) return false;
  for (const Field& field : old_composite.fields) {
    const bool enum_typed = !field.type.ref.empty() && old_schema.find_composite(field.type.ref) == nullptr;
    if (enum_typed && !same_enum(old_schema, new_schema, field.type.ref)) return false;
  }
  return true;
}

EvolutionContext::EvolutionContext(const Schema& old_schema_in, const Schema& new_schema_in, const DiffOptions& options_in)
    : old_schema(old_schema_in),
      new_schema(new_schema_in),
      options(options_in),
      matching(old_schema_in, new_schema_in),
      wire_(old_schema_in, new_schema_in, matching) {
  for (const DeclarationMatching::Match& match : matching.matches()) {
    const DeclarationKind old_kind = match.old_declaration.kind;
    if (old_kind != match.new_declaration.kind) continue;  // TYPE_SAME_KIND reports it; contents don't compare
    if (unchanged(match)) continue;  // nothing for the per-declaration rules to find
    switch (old_kind) {
      case DeclarationKind::Table:
        tables.push_back({*match.old_declaration.composite, *match.new_declaration.composite,
                          align_sequences(field_items(*match.old_declaration.composite),
                                          field_items(*match.new_declaration.composite))});
        break;
      case DeclarationKind::Struct:
        structs.push_back({*match.old_declaration.composite, *match.new_declaration.composite, {}});
        break;
      case DeclarationKind::Enum:
      case DeclarationKind::Union:
        (old_kind == DeclarationKind::Enum ? enums : unions)
            .push_back({*match.old_declaration.enumeration, *match.new_declaration.enumeration,
                        align_sequences(value_items(*match.old_declaration.enumeration),
                                        value_items(*match.new_declaration.enumeration))});
        break;
    }
  }
}

bool EvolutionContext::wire_compatible(const Type& old_type, const Type& new_type, std::string* reason) const {
  return wire_.types(old_type, new_type, reason);
}

bool EvolutionContext::wire_compatible(const std::string& old_declaration, const std::string& new_declaration,
                                       std::string* reason) const {
  return wire_.declarations(old_declaration, new_declaration, reason);
}

std::vector<std::string> EvolutionContext::old_uses_of(const std::string& old_name) const {
  if (!old_uses_built_) {
    for (const Composite& composite : old_schema.composites) {
      for (const Field& field : composite.fields) {
        if (!field.type.ref.empty()) old_uses_[field.type.ref].push_back(composite.name + "." + field.name);
      }
    }
    for (const Enum& enumeration : old_schema.enums) {
      for (const EnumValue& member : enumeration.values) {
        if (!member.table.empty()) old_uses_[member.table].push_back(enumeration.name + "." + member.name);
      }
    }
    if (!old_schema.root_type.empty()) old_uses_[old_schema.root_type].push_back("root_type");
    old_uses_built_ = true;
  }
  const auto found = old_uses_.find(old_name);
  return found == old_uses_.end() ? std::vector<std::string>{} : found->second;
}


std::string list_shifts(const std::vector<Alignment::Pair>& pairs, const Alignment& alignment, std::size_t limit) {
  std::string text;
  for (std::size_t i = 0; i < pairs.size() && i < limit; ++i) {
    if (i > 0) text += i + 1 == pairs.size() ? " and " : ", ";
    const SequenceItem& old_item = alignment.old_items[pairs[i].old_index];
    const SequenceItem& new_item = alignment.new_items[pairs[i].new_index];
    text += fmt::format("{} ({} -> {})", old_item.name, old_item.number, new_item.number);
  }
  if (pairs.size() > limit) text += fmt::format(" and {} more", pairs.size() - limit);
  return text;
}

}  // namespace fbcompat
