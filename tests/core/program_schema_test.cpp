#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>

#include "fbcompat/core/schema_loader.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

BOOST_AUTO_TEST_SUITE(program_schema)

// Our program.fbs must give every table field, enum value and union member the slot, type and number
// the facts record, so that real .pte files read as ExecuTorch wrote them.
BOOST_AUTO_TEST_CASE(program_schema_matches_the_facts_slot_for_slot) {
  const auto facts = nlohmann::json::parse(read_file(facts_path("executorch/program/program.json")));
  const auto schema = load_schema(source_path("schemas/executorch/program.fbs"));
  BOOST_TEST_REQUIRE(schema.ok(), (schema.ok() ? "" : schema.error().to_string()));
  BOOST_TEST(schema->file_identifier == facts.at("file_identifier").get<std::string>());
  BOOST_TEST(schema->root_type == "executorch_flatbuffer." + facts.at("root_type").get<std::string>());
  const std::string ns = "executorch_flatbuffer.";
  std::size_t fields_checked = 0;
  for (const auto& table : facts.at("tables")) {
    const Composite* composite = schema->find_composite(ns + table.at("name").get<std::string>());
    BOOST_TEST_REQUIRE(composite != nullptr, table.at("name"));
    for (const auto& field : table.at("fields")) {
      const Field* ours = composite->find_field(field.at("name").get<std::string>());
      BOOST_TEST_REQUIRE(ours != nullptr, field.at("name"));
      BOOST_TEST(ours->slot == field.at("id").get<std::uint16_t>(), table.at("name") << "." << field.at("name"));
      std::string type = type_to_string(ours->type);
      if (type.rfind(ns, 0) == 0) type = type.substr(ns.size());
      if (type.rfind("[" + ns, 0) == 0) type = "[" + type.substr(ns.size() + 1);
      BOOST_TEST(type == field.at("type").get<std::string>(), table.at("name") << "." << field.at("name"));
      ++fields_checked;
    }
    // No field of ours is missing from the facts (a union counts once, its _type slot included).
    BOOST_TEST(composite->fields.size() == table.at("fields").size(), table.at("name"));
  }
  BOOST_TEST(fields_checked > 80u);
  for (const auto& e : facts.at("enums")) {
    const Enum* ours = schema->find_enum(ns + e.at("name").get<std::string>());
    BOOST_TEST_REQUIRE(ours != nullptr);
    BOOST_TEST(ours->values.size() == e.at("values").size());
    for (const auto& value : e.at("values")) {
      const EnumValue* found = ours->find_value(value[0].get<std::string>());
      BOOST_TEST_REQUIRE(found != nullptr);
      BOOST_TEST(found->value == value[1].get<std::int64_t>());
    }
  }
  for (const auto& u : facts.at("unions")) {
    const Enum* ours = schema->find_enum(ns + u.at("name").get<std::string>());
    BOOST_TEST_REQUIRE(ours != nullptr);
    BOOST_TEST(ours->values.size() == u.at("members").size());
    for (const auto& member : u.at("members")) {
      const EnumValue* found = ours->find_value(member[1].get<std::string>());
      BOOST_TEST_REQUIRE(found != nullptr);
      BOOST_TEST(found->value == member[0].get<std::int64_t>());
      BOOST_TEST(found->table == ns + member[2].get<std::string>());
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
