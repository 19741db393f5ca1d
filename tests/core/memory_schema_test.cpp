// Schemas loaded from strings (load_schema_from_texts, MemoryReader): includes resolve among the
// names as among files, errors name the in-memory file, and two such schemas diff like files.
#include <boost/test/unit_test.hpp>

#include <algorithm>

#include "fbcompat/checks/diff.h"
#include "fbcompat/core/schema_loader.h"

using namespace fbcompat;

namespace {

const char* const kCommon = "namespace demo;\nenum Color : byte { Red, Green }\n";

SchemaTexts with_root(const std::string& root_text) {
  return {{"api/root.fbs", root_text}, {"api/common/color.fbs", kCommon}};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(memory_schema)

BOOST_AUTO_TEST_CASE(includes_resolve_among_the_names) {
  const auto schema = load_schema_from_texts(
      "api/root.fbs", with_root("include \"common/color.fbs\";\nnamespace demo;\ntable Pixel { color: Color; }\n"
                                "root_type Pixel;\n"));
  BOOST_TEST_REQUIRE(schema.ok(), schema.error().to_string());
  BOOST_TEST(schema->find_enum("demo.Color") != nullptr);
  BOOST_TEST((std::find(schema->files.begin(), schema->files.end(), "api/common/color.fbs") != schema->files.end()));
}

BOOST_AUTO_TEST_CASE(errors_name_the_in_memory_file_and_line) {
  const auto missing_include = load_schema_from_texts("api/root.fbs", with_root("include \"absent.fbs\";\ntable T {}\n"));
  BOOST_TEST_REQUIRE(!missing_include.ok());
  BOOST_TEST(missing_include.error().to_string().find("absent.fbs") != std::string::npos,
             missing_include.error().to_string());

  const auto syntax = load_schema_from_texts("api/root.fbs", with_root("table T {\n  a: int\n  b: int;\n}\n"));
  BOOST_TEST_REQUIRE(!syntax.ok());
  BOOST_TEST(syntax.error().file == "api/root.fbs");
  BOOST_TEST(syntax.error().line == 3u);

  const auto no_root = load_schema_from_texts("nope.fbs", with_root("table T {}\n"));
  BOOST_TEST_REQUIRE(!no_root.ok());
  BOOST_TEST(no_root.error().to_string() == "nope.fbs: error: no such file");
}

BOOST_AUTO_TEST_CASE(limits_apply_to_texts_too) {
  LoadOptions options;
  options.max_file_bytes = 16;
  const auto large = load_schema_from_texts("api/root.fbs", with_root("table Large { a: int; b: int; }\n"), options);
  BOOST_TEST_REQUIRE(!large.ok());
  BOOST_TEST(large.error().message.find("schema-file-size") != std::string::npos, large.error().message);
}

BOOST_AUTO_TEST_CASE(two_in_memory_schemas_diff_like_files) {
  const auto old_schema = load_schema_from_texts(
      "api/root.fbs", with_root("include \"common/color.fbs\";\nnamespace demo;\ntable Pixel { color: Color; }\n"));
  // Reordering the enum renumbers Red: old buffers read as Green.
  const auto new_schema = load_schema_from_texts(
      "api/root.fbs", {{"api/root.fbs", "include \"common/color.fbs\";\nnamespace demo;\ntable Pixel { color: Color; }\n"},
                       {"api/common/color.fbs", "namespace demo;\nenum Color : byte { Green, Red }\n"}});
  BOOST_TEST_REQUIRE(old_schema.ok(), old_schema.error().to_string());
  BOOST_TEST_REQUIRE(new_schema.ok(), new_schema.error().to_string());
  const std::vector<Finding> findings = diff_schemas(*old_schema, *new_schema);
  BOOST_TEST(!compatible(findings));
  const auto renumbered = std::find_if(findings.begin(), findings.end(), [](const Finding& finding) {
    return finding.rule == "ENUM_VALUE_SAME_NUMBER" && finding.subject == "demo.Color.Red";
  });
  BOOST_TEST_REQUIRE((renumbered != findings.end()));
  BOOST_TEST(renumbered->file == "api/common/color.fbs");
  BOOST_TEST(renumbered->line == 2u);
  BOOST_TEST(diff_schemas(*old_schema, *old_schema).empty());
}

BOOST_AUTO_TEST_SUITE_END()
