#include "evolution/declaration_matching.h"

#include <set>
#include <unordered_map>

namespace fbcompat {
namespace {


}  // namespace

const char* declaration_kind_name(DeclarationKind kind) {
  switch (kind) {
    case DeclarationKind::Table: return "table";
    case DeclarationKind::Struct: return "struct";
    case DeclarationKind::Enum: return "enum";
    case DeclarationKind::Union: return "union";
  }
  return "?";
}

std::vector<DeclarationRef> declarations_of(const Schema& schema) {
  std::vector<DeclarationRef> declarations;
  declarations.reserve(schema.composites.size() + schema.enums.size());
  for (const Composite& composite : schema.composites) {
    declarations.push_back({composite.is_struct ? DeclarationKind::Struct : DeclarationKind::Table, &composite, nullptr});
  }
  for (const Enum& enumeration : schema.enums) {
    declarations.push_back({enumeration.is_union ? DeclarationKind::Union : DeclarationKind::Enum, nullptr, &enumeration});
  }
  return declarations;
}

DeclarationMatching::DeclarationMatching(const Schema& old_schema, const Schema& new_schema) {
  const std::vector<DeclarationRef> old_declarations = declarations_of(old_schema);
  const std::vector<DeclarationRef> new_declarations = declarations_of(new_schema);
  // Names are looked up as views into the schemas, which outlive this constructor's maps.
  std::unordered_map<std::string_view, std::size_t> new_by_name;
  new_by_name.reserve(new_declarations.size());
  for (std::size_t i = 0; i < new_declarations.size(); ++i) new_by_name.emplace(new_declarations[i].name(), i);
  std::vector<bool> new_paired(new_declarations.size(), false);
  std::vector<bool> old_paired(old_declarations.size(), false);

  for (std::size_t i = 0; i < old_declarations.size(); ++i) {
    const auto found = new_by_name.find(old_declarations[i].name());
    if (found == new_by_name.end()) continue;
    pair(old_declarations[i], new_declarations[found->second], How::SameName);
    old_paired[i] = new_paired[found->second] = true;
  }

  // Moved to another namespace: the same unqualified name and kind, once among the unpaired.
  std::unordered_map<std::string, std::vector<std::size_t>> new_unpaired_by_short_name;
  for (std::size_t i = 0; i < new_declarations.size(); ++i) {
    if (!new_paired[i]) new_unpaired_by_short_name[unqualified_name(new_declarations[i].name())].push_back(i);
  }
  std::unordered_map<std::string, int> old_unpaired_short_names;
  for (std::size_t i = 0; i < old_declarations.size(); ++i) {
    if (!old_paired[i]) ++old_unpaired_short_names[unqualified_name(old_declarations[i].name())];
  }
  for (std::size_t i = 0; i < old_declarations.size(); ++i) {
    if (old_paired[i]) continue;
    const std::string short_name = unqualified_name(old_declarations[i].name());
    const auto found = new_unpaired_by_short_name.find(short_name);
    if (found == new_unpaired_by_short_name.end() || found->second.size() != 1 || old_unpaired_short_names[short_name] != 1) {
      continue;
    }
    const std::size_t j = found->second.front();
    if (new_declarations[j].kind != old_declarations[i].kind) continue;
    pair(old_declarations[i], new_declarations[j], How::MovedNamespace);
    old_paired[i] = new_paired[j] = true;
  }

  // Renamed: a field or union member that kept its name now refers to an unpaired new declaration
  // where it referred to an unpaired old one. Repeat, since a renamed table can reveal renamed types
  // used by its fields.
  std::unordered_map<std::string_view, std::size_t> old_index;
  std::unordered_map<std::string_view, std::size_t>& new_index = new_by_name;
  old_index.reserve(old_declarations.size());
  for (std::size_t i = 0; i < old_declarations.size(); ++i) old_index.emplace(old_declarations[i].name(), i);
  for (bool progress = true; progress;) {
    progress = false;
    std::map<std::size_t, std::set<std::size_t>> candidates_of_old;
    std::map<std::size_t, std::set<std::size_t>> candidates_of_new;
    auto vote = [&](const std::string& old_ref, const std::string& new_ref) {
      const auto o = old_index.find(old_ref);
      const auto n = new_index.find(new_ref);
      if (o == old_index.end() || n == new_index.end() || old_paired[o->second] || new_paired[n->second]) return;
      if (old_declarations[o->second].kind != new_declarations[n->second].kind) return;
      candidates_of_old[o->second].insert(n->second);
      candidates_of_new[n->second].insert(o->second);
    };
    for (const Match& match : matches_) {
      const Composite* old_composite = match.old_declaration.composite;
      const Composite* new_composite = match.new_declaration.composite;
      if (old_composite != nullptr && new_composite != nullptr) {
        for (const Field& old_field : old_composite->fields) {
          // By name, and (in tables) by slot: a field renamed with its type still points the way.
          const Field* same_name = new_composite->find_field(old_field.name);
          const Field* same_slot = nullptr;
          if (!old_composite->is_struct) {
            for (const Field& candidate : new_composite->fields) {
              if (candidate.slot == old_field.slot) same_slot = &candidate;
            }
          }
          for (const Field* new_field : {same_name, same_slot}) {
            if (new_field != nullptr && !old_field.type.ref.empty() && !new_field->type.ref.empty()) {
              vote(old_field.type.ref, new_field->type.ref);
            }
          }
        }
      }
      const Enum* old_union = match.old_declaration.enumeration;
      const Enum* new_union = match.new_declaration.enumeration;
      if (old_union != nullptr && new_union != nullptr && old_union->is_union && new_union->is_union) {
        for (const EnumValue& old_member : old_union->values) {
          // By name, and by type id: a member renamed with its table still points the way.
          for (const EnumValue* new_member : {new_union->find_value(old_member.name), new_union->find_number(old_member.value)}) {
            if (new_member != nullptr) vote(old_member.table, new_member->table);
          }
        }
      }
    }
    if (!old_schema.root_type.empty() && !new_schema.root_type.empty()) vote(old_schema.root_type, new_schema.root_type);
    for (const auto& [old_i, news] : candidates_of_old) {
      if (news.size() != 1) continue;
      const std::size_t new_i = *news.begin();
      if (candidates_of_new[new_i].size() != 1 || old_paired[old_i] || new_paired[new_i]) continue;
      pair(old_declarations[old_i], new_declarations[new_i], How::Renamed);
      old_paired[old_i] = new_paired[new_i] = true;
      progress = true;
    }
  }

  for (std::size_t i = 0; i < old_declarations.size(); ++i) {
    if (!old_paired[i]) deleted_.push_back(old_declarations[i]);
  }
  for (std::size_t i = 0; i < new_declarations.size(); ++i) {
    if (!new_paired[i]) added_.push_back(new_declarations[i]);
  }
}

void DeclarationMatching::pair(const DeclarationRef& old_declaration, const DeclarationRef& new_declaration, How how) {
  matches_.push_back({old_declaration, new_declaration, how});
  old_to_new_.emplace(old_declaration.name(), &new_declaration.name());
}

const std::string& DeclarationMatching::new_name_of(const std::string& old_name) const {
  static const std::string none;
  const auto found = old_to_new_.find(old_name);
  return found == old_to_new_.end() ? none : *found->second;
}

bool DeclarationMatching::same(const std::string& old_name, const std::string& new_name) const {
  if (old_name.empty() || new_name.empty()) return old_name == new_name;
  const auto found = old_to_new_.find(old_name);
  return found != old_to_new_.end() && *found->second == new_name;
}

}  // namespace fbcompat
