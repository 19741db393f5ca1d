#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <string>

#include "family_history.h"
#include "fbcompat/core/manifest.h"
#include "profile_header.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;
using namespace fbcompat::profiles;

namespace {

// A two-version family: the first without a reader schema, the second adding a union member, an
// enum value past 255, a field and a table.
FamilyHistory synthetic_history(const TempDir& dir) {
  dir.write("manifest.toml", R"(family = "demo"
[[version]]
name = "v1"
releases = ["1.0", "1.1"]
writer_identifier = "AB00"
reader_identifiers = []
[[version]]
name = "v2"
releases = []
writer_identifier = "AB01"
reader_identifiers = ["AB00", "AB01"]
)");
  dir.write("v1/schema.fbs", R"(namespace demo;
enum Kind : short { negative = -3, zero = 0, one = 1 }
union Member { A, B }
table A { x:int; }
table B { y:int; }
table Root { member:Member; kind:Kind; }
root_type Root;
file_identifier "AB00";
)");
  dir.write("v2/schema.fbs", "namespace demo; table Root { x:int; } root_type Root;\n");
  dir.write("v2/runtime_schema.fbs", R"(namespace demo;
enum Kind : short { negative = -3, zero = 0, one = 1, large = 300 }
union Member { A, B, C }
table A { x:int; z:int; }
table B { y:int; }
table C { w:int; }
table Root { member:Member; kind:Kind; }
root_type Root;
file_identifier "AB00";
)");
  const auto manifest = load_manifest(dir.path() + "/manifest.toml");
  BOOST_TEST_REQUIRE(manifest.ok(), (manifest.ok() ? "" : manifest.error().to_string()));
  auto history = build_family_history(*manifest);
  BOOST_TEST_REQUIRE(history.ok(), (history.ok() ? "" : history.error().to_string()));
  return std::move(history).value();
}

const TypeSetInfo& set_named(const FamilyHistory& history, const std::string& name) {
  const auto it = std::find_if(history.type_sets.begin(), history.type_sets.end(),
                               [&](const TypeSetInfo& set) { return set.name == name; });
  BOOST_TEST_REQUIRE((it != history.type_sets.end()), name);
  return *it;
}

const TableInfo& table_named(const FamilyHistory& history, const std::string& name) {
  const auto it = std::find_if(history.tables.begin(), history.tables.end(),
                               [&](const TableInfo& table) { return table.name == name; });
  BOOST_TEST_REQUIRE((it != history.tables.end()), name);
  return *it;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(profile_generation)

BOOST_AUTO_TEST_CASE(a_version_without_a_reader_reads_its_writer_schema_and_identifier) {
  TempDir dir;
  const FamilyHistory history = synthetic_history(dir);
  BOOST_TEST_REQUIRE(history.versions.size() == 2u);
  BOOST_TEST(history.versions[0].reader_schema_relative == "v1/schema.fbs");
  BOOST_TEST(history.versions[0].accepted_identifiers == std::vector<std::string>{"AB00"},
             boost::test_tools::per_element());
  BOOST_TEST(history.versions[1].reader_schema_relative == "v2/runtime_schema.fbs");
  BOOST_TEST(history.versions[1].accepted_identifiers.size() == 2u);
}

BOOST_AUTO_TEST_CASE(members_know_the_version_that_introduced_them) {
  TempDir dir;
  const FamilyHistory history = synthetic_history(dir);
  const TypeSetInfo& members = set_named(history, "Member");
  BOOST_TEST(members.is_union);
  BOOST_TEST_REQUIRE(members.members.size() == 3u);
  BOOST_TEST(members.members[2].name == "C");
  BOOST_TEST(members.members[2].introduced_in == 1u);
  BOOST_TEST(members.members[2].table == "demo.C");
  BOOST_TEST(members.members[0].introduced_in == 0u);
  BOOST_TEST(members.known[0] == std::vector<std::int64_t>({1, 2}), boost::test_tools::per_element());
  BOOST_TEST(members.known[1] == std::vector<std::int64_t>({1, 2, 3}), boost::test_tools::per_element());

  const TypeSetInfo& kinds = set_named(history, "Kind");
  BOOST_TEST(!kinds.is_union);
  BOOST_TEST(kinds.known[1] == std::vector<std::int64_t>({-3, 0, 1, 300}), boost::test_tools::per_element());
  BOOST_TEST(kinds.members.back().name == "large");
  BOOST_TEST(kinds.members.back().introduced_in == 1u);
}

BOOST_AUTO_TEST_CASE(tables_know_how_many_slots_each_version_has) {
  TempDir dir;
  const FamilyHistory history = synthetic_history(dir);
  const TableInfo& a = table_named(history, "A");
  BOOST_TEST(a.slot_counts == std::vector<std::uint16_t>({1, 2}), boost::test_tools::per_element());
  BOOST_TEST(a.slots[1].name == "z");
  BOOST_TEST(a.slots[1].introduced_in == 1u);
  BOOST_TEST(table_named(history, "C").slot_counts == std::vector<std::uint16_t>({0, 1}),
             boost::test_tools::per_element());
  const TableInfo& root = table_named(history, "Root");
  BOOST_TEST_REQUIRE(root.slots.size() == 3u);
  BOOST_TEST(root.slots[0].name == "member_type");
  BOOST_TEST(root.slots[1].name == "member");
  BOOST_TEST(root.slots[2].name == "kind");
}

BOOST_AUTO_TEST_CASE(the_header_holds_every_profile_as_constant_data) {
  TempDir dir;
  const std::string header = render_profile_header(synthetic_history(dir), "schemas/demo/manifest.toml");
  for (const char* expected : {"namespace fbcompat::demo_profiles {", "inline constexpr std::size_t kTypeSet_Member = ",
                               "inline constexpr std::size_t kTable_Root = ", "inline constexpr std::size_t kVersionCount = 2;",
                               "inline constexpr std::size_t kNewestSlotCount_A = 2;", "{3, \"C\", 1},",
                               "{\"v1\", 0, \"1.0\", \"1.1\", kIdentifiers_0, 1,", "{\"v2\", 1, nullptr, nullptr, kIdentifiers_1, 2,",
                               "{-3, 300, }", "inline constexpr ProfileFamily kFamily = {\"demo\","}) {
    BOOST_TEST(header.find(expected) != std::string::npos, expected);
  }
}

BOOST_AUTO_TEST_CASE(a_missing_reader_schema_is_an_error_naming_it) {
  TempDir dir;
  dir.write("manifest.toml", "family = \"demo\"\n[[version]]\nname = \"v1\"\nreleases = []\n"
                             "writer_identifier = \"AB00\"\nreader_identifiers = [\"AB00\"]\n");
  dir.write("v1/schema.fbs", "table T { x:int; } root_type T;\n");
  const auto manifest = load_manifest(dir.path() + "/manifest.toml");
  BOOST_TEST_REQUIRE(manifest.ok());
  const auto history = build_family_history(*manifest);
  BOOST_TEST_REQUIRE(!history.ok());
  BOOST_TEST(history.error().file.find("v1/runtime_schema.fbs") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
