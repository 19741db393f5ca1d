#include <boost/test/unit_test.hpp>

#include "fbcompat/core/schema_loader.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

BOOST_AUTO_TEST_SUITE(schema_loader)

BOOST_AUTO_TEST_CASE(normalises_tables_unions_enums_and_lines) {
  const Schema schema = load_text(R"(namespace a.b;
enum Color : ubyte (bit_flags) { Red, Green }
struct Point { x: float; y: float; }
table Add { lhs: uint; rhs: uint; }
union Node { Add, Alias: Add }
table Graph {
  nodes: [Node];
  main: Node (required);
  scale: float = 0.5 (deprecated);
  origin: Point;
}
root_type Graph;
file_identifier "GR01";
)");
  const Composite* graph = schema.find_composite("a.b.Graph");
  BOOST_TEST_REQUIRE(graph != nullptr);
  BOOST_TEST(graph->location.line == 6u);
  BOOST_TEST(graph->location.column == 1u);
  BOOST_TEST_REQUIRE(graph->fields.size() == 4u);
  // Union fields take two slots each; the model keeps the value's slot and hides `_type`.
  BOOST_TEST(graph->fields[0].name == "nodes");
  BOOST_TEST(graph->fields[0].slot == 1);
  BOOST_TEST(graph->fields[1].slot == 3);
  BOOST_TEST(graph->fields[1].required);
  BOOST_TEST(graph->fields[2].deprecated);
  BOOST_TEST(graph->fields[2].default_value == "0.5");
  BOOST_TEST(graph->fields[2].location.line == 9u);
  BOOST_TEST(graph->fields[2].location.column == 3u);
  BOOST_TEST(type_to_string(graph->fields[0].type) == "[a.b.Node]");

  const Enum* node = schema.find_enum("a.b.Node");
  BOOST_TEST_REQUIRE(node != nullptr);
  BOOST_TEST(node->is_union);
  BOOST_TEST_REQUIRE(node->values.size() == 2u);
  BOOST_TEST(node->values[1].name == "Alias");
  BOOST_TEST(node->values[1].value == 2);
  BOOST_TEST(node->values[1].table == "a.b.Add");
  BOOST_TEST(node->values[1].location.line == 5u);

  const Enum* color = schema.find_enum("a.b.Color");
  BOOST_TEST_REQUIRE(color != nullptr);
  BOOST_TEST(color->bit_flags);
  BOOST_TEST(color->values[1].value == 2);  // bit_flags: 1 << 1

  const Composite* point = schema.find_composite("a.b.Point");
  BOOST_TEST_REQUIRE(point != nullptr);
  BOOST_TEST(point->is_struct);
  BOOST_TEST(point->byte_size == 8u);
  BOOST_TEST(point->fields[1].offset == 4u);

  BOOST_TEST(schema.root_type == "a.b.Graph");
  BOOST_TEST(schema.root_type_location.line == 12u);
  BOOST_TEST(schema.file_identifier == "GR01");
}

BOOST_AUTO_TEST_CASE(bad_input_is_an_error_with_file_and_line) {
  TempDir dir;
  const auto missing = load_schema(dir.path() + "/nope.fbs");
  BOOST_TEST(!missing.ok());
  BOOST_TEST(missing.error().message == "no such file");

  const auto empty = load_schema(dir.write("empty.fbs", "  \n\n"));
  BOOST_TEST(!empty.ok());
  BOOST_TEST(empty.error().message == "the file is empty");

  const auto binary = load_schema(dir.write("garbage.fbs", std::string("table T {}\n\0\x01\x02", 14)));
  BOOST_TEST(!binary.ok());
  BOOST_TEST(binary.error().line == 2u);
  BOOST_TEST(binary.error().message.find("binary data") != std::string::npos);

  const auto syntax = load_schema(dir.write("syntax.fbs", "table T {\n  a: int\n  b: int;\n}\n"));
  BOOST_TEST(!syntax.ok());
  BOOST_TEST(syntax.error().line == 3u);
  BOOST_TEST(syntax.error().file.find("syntax.fbs") != std::string::npos);

  const auto include = load_schema(dir.write("include.fbs", "include \"absent.fbs\";\ntable T {}\n"));
  BOOST_TEST(!include.ok());
  BOOST_TEST(include.error().message.find("absent.fbs") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(includes_are_loaded_and_located) {
  TempDir dir;
  dir.write("inc/common.fbs", "namespace c;\n\ntable Shared { v: int; }\n");
  const std::string root = dir.write("root.fbs", "include \"common.fbs\";\nnamespace r;\ntable Root { s: c.Shared; }\n");
  LoadOptions options;
  options.include_dirs.push_back(dir.path() + "/inc/");
  const auto schema = load_schema(root, options);
  BOOST_TEST_REQUIRE(schema.ok(), (schema.ok() ? "" : schema.error().to_string()));
  const Composite* shared = schema->find_composite("c.Shared");
  BOOST_TEST_REQUIRE(shared != nullptr);
  BOOST_TEST(schema->file_of(shared->location).find("common.fbs") != std::string::npos);
  BOOST_TEST(shared->location.line == 3u);
}

// Keeping the Parser until exit (the CLI's diff) changes nothing in the model, includes and errors alike.
BOOST_AUTO_TEST_CASE(keeping_the_parser_until_exit_gives_the_same_schema) {
  TempDir dir;
  dir.write("inc/common.fbs", "namespace c;\n\ntable Shared { v: int; }\n");
  const std::string root = dir.write("root.fbs", "include \"common.fbs\";\nnamespace r;\ntable Root { s: c.Shared; }\nroot_type Root;\n");
  const std::string bad = dir.write("bad.fbs", "table T { x: nosuchtype; }\n");
  LoadOptions freed;
  freed.include_dirs.push_back(dir.path() + "/inc/");
  LoadOptions kept = freed;
  kept.keep_parser_until_exit = true;
  const auto a = load_schema(root, freed);
  const auto b = load_schema(root, kept);
  BOOST_TEST_REQUIRE(a.ok());
  BOOST_TEST_REQUIRE(b.ok());
  BOOST_TEST(a->files == b->files);
  BOOST_TEST(a->root_type == b->root_type);
  BOOST_TEST_REQUIRE(b->composites.size() == a->composites.size());
  for (std::size_t i = 0; i < a->composites.size(); ++i) {
    BOOST_TEST(a->composites[i].name == b->composites[i].name);
    BOOST_TEST(a->composites[i].location.line == b->composites[i].location.line);
  }
  const auto bad_freed = load_schema(bad, freed);
  const auto bad_kept = load_schema(bad, kept);
  BOOST_TEST_REQUIRE(!bad_kept.ok());
  BOOST_TEST(bad_kept.error().to_string() == bad_freed.error().to_string());
}

BOOST_AUTO_TEST_SUITE_END()
