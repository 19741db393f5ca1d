#include "support/facts_comparison.h"

#include <cstdlib>
#include <set>

#include <fmt/format.h>

namespace fbcompat::test {
namespace {

std::string unqualified(const std::string& name) {
  const auto dot = name.rfind('.');
  return dot == std::string::npos ? name : name.substr(dot + 1);
}

// The facts write types as a schema author would, without namespaces: "[XNode]", "XNNDatatype", "uint".
std::string facts_type(const Type& type) {
  auto element = [&](BaseType base) { return type.ref.empty() ? std::string(base_type_name(base)) : unqualified(type.ref); };
  if (type.base == BaseType::Vector) return "[" + element(type.element) + "]";
  return element(type.base);
}

bool same_number(const std::string& a, const std::string& b) { return std::strtod(a.c_str(), nullptr) == std::strtod(b.c_str(), nullptr); }

const Composite* find_by_short_name(const Schema& schema, const std::string& name) {
  for (const Composite& composite : schema.composites) {
    if (unqualified(composite.name) == name) return &composite;
  }
  return nullptr;
}

const Enum* find_enum_by_short_name(const Schema& schema, const std::string& name) {
  for (const Enum& enumeration : schema.enums) {
    if (unqualified(enumeration.name) == name) return &enumeration;
  }
  return nullptr;
}

void compare_fields(const Composite& table, const nlohmann::json& facts, std::vector<std::string>& differences) {
  const std::string where = unqualified(table.name);
  std::set<std::string> listed;
  for (const auto& fact : facts.at("fields")) {
    const std::string name = fact.at("name");
    listed.insert(name);
    const Field* field = table.find_field(name);
    if (field == nullptr) {
      differences.push_back(fmt::format("{}.{}: missing from the schema", where, name));
      continue;
    }
    if (field->slot != fact.at("id").get<int>()) {
      differences.push_back(fmt::format("{}.{}: slot {} in the schema, {} in the facts", where, name, field->slot,
                                        fact.at("id").get<int>()));
    }
    if (facts_type(field->type) != fact.at("type").get<std::string>()) {
      differences.push_back(fmt::format("{}.{}: type {} in the schema, {} in the facts", where, name,
                                        facts_type(field->type), fact.at("type").get<std::string>()));
    }
    const std::string expected_default = fact.value("default", "0");
    if (is_scalar(field->type.base) && !same_number(field->default_value, expected_default)) {
      differences.push_back(fmt::format("{}.{}: default {} in the schema, {} in the facts", where, name,
                                        field->default_value, expected_default));
    }
    if (field->deprecated != fact.value("deprecated", false)) {
      differences.push_back(fmt::format("{}.{}: deprecated is {} in the schema", where, name, field->deprecated));
    }
    if (field->required != fact.value("required", false)) {
      differences.push_back(fmt::format("{}.{}: required is {} in the schema", where, name, field->required));
    }
    for (const auto& [key, value] : fact.items()) {
      if (key.rfind("attr_", 0) != 0) continue;
      const std::string attribute = key.substr(5);
      const auto found = field->attributes.find(attribute);
      if (found == field->attributes.end() || found->second != value.get<std::string>()) {
        differences.push_back(fmt::format("{}.{}: attribute {} should be {}", where, name, attribute, value.get<std::string>()));
      }
    }
  }
  for (const Field& field : table.fields) {
    if (listed.count(field.name) == 0) differences.push_back(fmt::format("{}.{}: not in the facts", where, field.name));
  }
}

}  // namespace

std::vector<std::string> compare_with_facts(const Schema& schema, const nlohmann::json& facts) {
  std::vector<std::string> differences;
  if (schema.file_identifier != facts.at("file_identifier").get<std::string>()) {
    differences.push_back(fmt::format("file_identifier \"{}\" in the schema, \"{}\" in the facts", schema.file_identifier,
                                      facts.at("file_identifier").get<std::string>()));
  }
  if (unqualified(schema.root_type) != facts.at("root_type").get<std::string>()) {
    differences.push_back(fmt::format("root_type {} in the schema, {} in the facts", schema.root_type,
                                      facts.at("root_type").get<std::string>()));
  }
  std::size_t enums = 0;
  std::size_t unions = 0;
  for (const auto& fact : facts.at("enums")) {
    ++enums;
    const std::string name = fact.at("name");
    const Enum* enumeration = find_enum_by_short_name(schema, name);
    if (enumeration == nullptr || enumeration->is_union) {
      differences.push_back(fmt::format("enum {}: missing from the schema", name));
      continue;
    }
    if (base_type_name(enumeration->underlying) != fact.at("type").get<std::string>()) {
      differences.push_back(fmt::format("enum {}: underlying type {} in the schema, {} in the facts", name,
                                        base_type_name(enumeration->underlying), fact.at("type").get<std::string>()));
    }
    const auto& values = fact.at("values");
    if (values.size() != enumeration->values.size()) {
      differences.push_back(fmt::format("enum {}: {} values in the schema, {} in the facts", name,
                                        enumeration->values.size(), values.size()));
    }
    for (const auto& value : values) {
      const EnumValue* found = enumeration->find_value(value.at(0));
      if (found == nullptr || found->value != value.at(1).get<std::int64_t>()) {
        differences.push_back(fmt::format("enum {}: value {} should be {}", name, value.at(0).get<std::string>(),
                                          value.at(1).get<std::int64_t>()));
      }
    }
  }
  for (const auto& fact : facts.at("unions")) {
    ++unions;
    const std::string name = fact.at("name");
    const Enum* union_declaration = find_enum_by_short_name(schema, name);
    if (union_declaration == nullptr || !union_declaration->is_union) {
      differences.push_back(fmt::format("union {}: missing from the schema", name));
      continue;
    }
    const auto& members = fact.at("members");
    if (members.size() != union_declaration->values.size()) {
      differences.push_back(fmt::format("union {}: {} members in the schema, {} in the facts", name,
                                        union_declaration->values.size(), members.size()));
    }
    for (const auto& member : members) {
      const std::int64_t id = member.at(0);
      const EnumValue* found = union_declaration->find_number(id);
      if (found == nullptr || found->name != member.at(1).get<std::string>() ||
          unqualified(found->table) != member.at(2).get<std::string>()) {
        differences.push_back(fmt::format("union {}: type id {} should be {} (table {})", name, id,
                                          member.at(1).get<std::string>(), member.at(2).get<std::string>()));
      }
    }
  }
  std::size_t schema_enums = 0;
  std::size_t schema_unions = 0;
  for (const Enum& enumeration : schema.enums) (enumeration.is_union ? schema_unions : schema_enums)++;
  if (schema_enums != enums) differences.push_back(fmt::format("{} enums in the schema, {} in the facts", schema_enums, enums));
  if (schema_unions != unions) differences.push_back(fmt::format("{} unions in the schema, {} in the facts", schema_unions, unions));

  std::set<std::string> listed;
  for (const auto& fact : facts.at("tables")) {
    const std::string name = fact.at("name");
    listed.insert(name);
    const Composite* table = find_by_short_name(schema, name);
    if (table == nullptr) {
      differences.push_back(fmt::format("table {}: missing from the schema", name));
      continue;
    }
    if (table->is_struct != (fact.value("kind", "table") == "struct")) {
      differences.push_back(fmt::format("{}: kind differs", name));
    }
    compare_fields(*table, fact, differences);
  }
  for (const Composite& composite : schema.composites) {
    if (listed.count(unqualified(composite.name)) == 0) {
      differences.push_back(fmt::format("table {}: not in the facts", composite.name));
    }
  }
  return differences;
}

}  // namespace fbcompat::test
