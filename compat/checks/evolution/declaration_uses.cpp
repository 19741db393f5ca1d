#include "evolution/declaration_uses.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>

namespace fbcompat {
namespace {

const Composite* new_composite_of(const EvolutionContext& context, const Composite& old_composite) {
  const std::string& new_name = context.matching.new_name_of(old_composite.name);
  return new_name.empty() ? nullptr : context.new_schema.find_composite(new_name);
}

const Enum* new_enum_of(const EvolutionContext& context, const Enum& old_enum) {
  const std::string& new_name = context.matching.new_name_of(old_enum.name);
  return new_name.empty() ? nullptr : context.new_schema.find_enum(new_name);
}

bool field_still_read(const EvolutionContext& context, const Composite& old_composite, const Field& old_field) {
  const Composite* new_composite = new_composite_of(context, old_composite);
  if (new_composite == nullptr) return false;
  for (const Field& new_field : new_composite->fields) {
    const bool same_place = old_composite.is_struct ? new_field.offset == old_field.offset : new_field.slot == old_field.slot;
    if (same_place) return !new_field.deprecated && context.wire_compatible(old_field.type, new_field.type);
  }
  return false;
}

bool member_still_read(const EvolutionContext& context, const Enum& old_union, const EnumValue& old_member) {
  const Enum* new_union = new_enum_of(context, old_union);
  if (new_union == nullptr) return false;
  const EnumValue* new_member = new_union->find_number(old_member.value);
  return new_member != nullptr && context.wire_compatible(old_member.table, new_member->table);
}

// `(nested_flatbuffer: "T")` names T as written in the field's namespace, or fully qualified.
bool nests(const Composite& composite, const Field& field, const std::string& old_name) {
  const auto found = field.attributes.find("nested_flatbuffer");
  if (found == field.attributes.end()) return false;
  const auto dot = composite.name.rfind('.');
  const std::string scope = dot == std::string::npos ? std::string() : composite.name.substr(0, dot + 1);
  return found->second == old_name || scope + found->second == old_name;
}

std::string nested_name(const Composite& composite, const Field& field) {
  const auto found = field.attributes.find("nested_flatbuffer");
  if (found == field.attributes.end()) return "";
  const auto dot = composite.name.rfind('.');
  return dot == std::string::npos ? found->second : composite.name.substr(0, dot + 1) + found->second;
}

// The declarations data can contain: what the roots reach through fields, union members and nested
// buffers. The roots are root_type and the configured root tables; a schema with neither (a file of
// messages, each sent on its own) may start at any table, so every table is a root.
std::set<std::string> reachable_declarations(const Schema& schema, const std::vector<std::string>& root_tables) {
  std::vector<std::string> pending = root_tables;
  if (!schema.root_type.empty()) pending.push_back(schema.root_type);
  if (pending.empty()) {
    for (const Composite& composite : schema.composites) {
      if (!composite.is_struct) pending.push_back(composite.name);
    }
  }
  std::set<std::string> reached;
  while (!pending.empty()) {
    const std::string name = std::move(pending.back());
    pending.pop_back();
    if (!reached.insert(name).second) continue;
    if (const Composite* composite = schema.find_composite(name)) {
      for (const Field& field : composite->fields) {
        if (!field.type.ref.empty()) pending.push_back(field.type.ref);
        const std::string nested = nested_name(*composite, field);
        if (!nested.empty()) pending.push_back(schema.find_composite(nested) != nullptr ? nested : field.attributes.at("nested_flatbuffer"));
      }
    } else if (const Enum* enumeration = schema.find_enum(name)) {
      for (const EnumValue& member : enumeration->values) {
        if (!member.table.empty()) pending.push_back(member.table);
      }
    }
  }
  return reached;
}

}  // namespace

std::vector<DeclarationUse> old_uses(const EvolutionContext& context, const std::string& old_name) {
  std::vector<DeclarationUse> uses;
  const Schema& old_schema = context.old_schema;
  // The configured roots this schema declares: a module's files share one list, and a file that has none
  // of them (and no root_type) still treats every table as a possible root.
  std::vector<std::string> root_tables;
  for (const std::string& table : context.options.root_tables) {
    if (const Composite* composite = context.old_schema.find_composite(table); composite != nullptr && !composite->is_struct) {
      root_tables.push_back(table);
    }
  }
  const std::set<std::string> reachable = reachable_declarations(old_schema, root_tables);
  const bool no_roots = old_schema.root_type.empty() && root_tables.empty();
  const Composite* itself = old_schema.find_composite(old_name);
  if (no_roots && itself != nullptr && !itself->is_struct) {
    uses.push_back({"as a possible root: the old schema declares no root_type, so a buffer may start at any table", false});
  }
  if (std::find(root_tables.begin(), root_tables.end(), old_name) != root_tables.end()) {
    uses.push_back({"as a root table named in the configuration ([diff] root_tables)", false});
  }
  // A use by a declaration no data can reach holds no data.
  for (const Composite& composite : context.old_schema.composites) {
    if (reachable.count(composite.name) == 0) continue;
    for (const Field& field : composite.fields) {
      if (nests(composite, field, old_name)) {
        // The bytes stay in the vector, but nothing decodes them as a buffer any more.
        uses.push_back({composite.name + "." + field.name + " (nested_flatbuffer)", false});
      }
      if (field.type.ref != old_name) continue;
      uses.push_back({composite.name + "." + field.name, field_still_read(context, composite, field)});
    }
  }
  for (const Enum& enumeration : context.old_schema.enums) {
    if (reachable.count(enumeration.name) == 0) continue;
    for (const EnumValue& member : enumeration.values) {
      if (member.table != old_name) continue;
      uses.push_back({enumeration.name + "." + member.name, member_still_read(context, enumeration, member)});
    }
  }
  if (context.old_schema.root_type == old_name) uses.push_back({"root_type", false});
  return uses;
}

std::string list_uses(const std::vector<std::string>& uses, std::size_t limit) {
  std::string text;
  for (std::size_t i = 0; i < uses.size() && i < limit; ++i) {
    if (i > 0) text += i + 1 == uses.size() ? " and " : ", ";
    text += uses[i];
  }
  if (uses.size() > limit) text += fmt::format(" and {} more", uses.size() - limit);
  return text;
}

}  // namespace fbcompat
