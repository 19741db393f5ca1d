// The schema language fbcompat reads is its parser's: flatbuffers 23.5 reads attributes on enum values and
// 64-bit offsets, 2.0.8 does not. What fbcompat guarantees on either: a schema its parser reads is
// compared in full (a 64-bit offset is part of the type), and one it cannot read is refused naming the
// parser's version, so the reader knows the schema may simply be newer. And on either, a schema is read
// whatever language it was written for: union members that are not tables, defaults for vectors.
#include <flatbuffers/base.h>

#include <boost/test/unit_test.hpp>
#include <tuple>

#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

// Shaped like TFLite's schema since 2024: an enum value with an attribute.
const char* const kEnumValueAttributes = R"(namespace tflite;
enum BuiltinOperator : int32 {
  ADD = 0,
  REDUCE_WINDOW = 205 (deprecated),
  STABLEHLO_LOGISTIC = 206,
}
table Operator { opcode: BuiltinOperator; }
root_type Operator;
)";

const char* const kWideOffsets = R"(table Blob {
  small: [ubyte];
  huge: [ubyte] (vector64);
  far: [ubyte] (offset64);
}
root_type Blob;
)";

const char* const kNarrowOffsets = R"(table Blob {
  small: [ubyte];
  huge: [ubyte];
  far: [ubyte];
}
root_type Blob;
)";

std::tuple<int, int, int> linked_parser() {
  return {FLATBUFFERS_VERSION_MAJOR, FLATBUFFERS_VERSION_MINOR, FLATBUFFERS_VERSION_REVISION};
}

// The release measured to read both constructs (issue 17); 2.0.8 is measured to read neither.
bool reads_newer_language() { return linked_parser() >= std::make_tuple(23, 5, 26); }
bool reads_only_older_language() { return linked_parser() <= std::make_tuple(2, 0, 8); }

Expected<Schema> load(const TempDir& dir, const std::string& name, const std::string& text) {
  return load_schema(dir.write(name, text));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(schema_language)

BOOST_AUTO_TEST_CASE(the_parser_version_is_the_linked_flatbuffers) {
  const auto [major, minor, revision] = linked_parser();
  BOOST_TEST(schema_parser_version() ==
             std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(revision));
  const CommandResult version = run_cli({"--version"});
  BOOST_TEST(version.exit_code == 0);
  BOOST_TEST(version.out.find("schemas read by flatbuffers " + schema_parser_version()) != std::string::npos,
             version.out);
}

BOOST_AUTO_TEST_CASE(enum_value_attributes_parse_or_name_the_parser) {
  const TempDir dir;
  const Expected<Schema> schema = load(dir, "schema.fbs", kEnumValueAttributes);
  if (reads_newer_language()) {
    BOOST_TEST_REQUIRE(schema.ok(), schema.error().to_string());
    const Enum* op = schema.value().find_enum("tflite.BuiltinOperator");
    BOOST_TEST_REQUIRE(op != nullptr);
    BOOST_TEST(op->values.size() == 3u);
    BOOST_TEST(op->find_value("REDUCE_WINDOW")->value == 205);
  } else {
    BOOST_TEST_REQUIRE(!schema.ok());
    const std::string message = schema.error().to_string();
    BOOST_TEST(message.find("schema.fbs:4:") != std::string::npos, message);
    BOOST_TEST(message.find("flatbuffers " + schema_parser_version()) != std::string::npos, message);
    BOOST_TEST(message.find("written for a newer flatbuffers") != std::string::npos, message);
    // The Parser's own words come first, as 2.0.8 gives them.
    if (reads_only_older_language()) BOOST_TEST(message.find("instead got: (") != std::string::npos, message);
  }
}

BOOST_AUTO_TEST_CASE(a_schema_the_parser_cannot_read_exits_2_naming_its_version) {
  // Through the CLI, as a user meets it: the diff of a newer schema against itself.
  const TempDir dir;
  const std::string path = dir.write("wide.fbs", kWideOffsets);
  const CommandResult result = run_cli({"diff", path, path});
  if (reads_newer_language()) {
    BOOST_TEST(result.exit_code == 0, result.err);
  } else {
    BOOST_TEST(result.exit_code == 2);
    BOOST_TEST(result.err.find("wide.fbs:") != std::string::npos, result.err);
    BOOST_TEST(result.err.find("flatbuffers " + schema_parser_version()) != std::string::npos, result.err);
  }
}

BOOST_AUTO_TEST_CASE(a_wider_offset_is_a_changed_type) {
  if (!reads_newer_language()) {
    // Nothing to compare: the parser refuses the schema, as the case above asserts.
    BOOST_TEST(!load_schema(TempDir().write("wide.fbs", kWideOffsets)).ok());
    return;
  }
  const Schema wide = load_text(kWideOffsets, "new.fbs");
  const Composite* blob = wide.find_composite("Blob");
  BOOST_TEST_REQUIRE(blob != nullptr);
  BOOST_TEST(type_to_string(blob->find_field("small")->type) == "[ubyte]");
  BOOST_TEST(type_to_string(blob->find_field("huge")->type) == "[ubyte] (vector64)");
  BOOST_TEST(type_to_string(blob->find_field("far")->type) == "[ubyte] (offset64)");

  const std::vector<Finding> findings = with_rule(diff_texts(kNarrowOffsets, kWideOffsets), "FIELD_SAME_TYPE");
  BOOST_TEST_REQUIRE(findings.size() == 2u);
  BOOST_TEST(findings[0].subject == "Blob.huge");
  BOOST_TEST(findings[0].message.find("[ubyte] (vector64)") != std::string::npos, findings[0].message);
  BOOST_TEST(findings[1].subject == "Blob.far");
  BOOST_TEST(with_rule(diff_texts(kWideOffsets, kWideOffsets), "FIELD_SAME_TYPE").empty());
  // The fix quotes the old field as a schema writes it: the offset width once, among the attributes.
  const std::vector<Finding> narrowed = with_rule(diff_texts(kWideOffsets, kNarrowOffsets), "FIELD_SAME_TYPE");
  BOOST_TEST_REQUIRE(!narrowed.empty());
  BOOST_TEST(narrowed[0].fix.find("keep `huge: [ubyte] (vector64)`,") != std::string::npos, narrowed[0].fix);
}

// Union members that are not tables, which `flatc --cpp` and `flatc -b` read but a parser asked for no
// language refuses (parser_languages.h); and a default vector, which only a parser asked for no
// language (or Rust, Swift) reads. Both are read, by every parser fbcompat builds with.
const char* const kMembersOfEveryKind = R"(namespace t;
table Leaf { n: int; }
struct Point { x: float; y: float; }
union Node { Leaf, Text: string, At: Point }
table Root { node: Node; }
root_type Root;
)";

BOOST_AUTO_TEST_CASE(string_and_struct_union_members_are_read_and_compared) {
  const Schema schema = load_text(kMembersOfEveryKind);
  const Enum* node = schema.find_enum("t.Node");
  BOOST_TEST_REQUIRE(node != nullptr);
  BOOST_TEST(node->values.size() == 3u);
  BOOST_TEST(with_rule(diff_texts(kMembersOfEveryKind, kMembersOfEveryKind), "UNION_MEMBER_SAME_ID").empty());

  std::string swapped = kMembersOfEveryKind;
  swapped.replace(swapped.find("Leaf, Text: string"), 18, "Text: string, Leaf");
  const std::vector<Finding> findings = with_rule(diff_texts(kMembersOfEveryKind, swapped), "UNION_MEMBER_SAME_ID");
  BOOST_TEST_REQUIRE(findings.size() == 1u);
  BOOST_TEST(findings[0].subject == "t.Node.Leaf");
  BOOST_TEST(findings[0].message.find("Text (2 -> 1)") != std::string::npos, findings[0].message);

  const TempDir dir;
  const std::string path = dir.write("members.fbs", kMembersOfEveryKind);
  const CommandResult result = run_cli({"diff", path, path});
  BOOST_TEST(result.exit_code == 0, result.err);
}

BOOST_AUTO_TEST_CASE(a_default_vector_is_still_read) {
  const Schema schema = load_text("table T { values: [int] = []; name: string = \"x\"; }\nroot_type T;\n");
  BOOST_TEST(schema.find_composite("T") != nullptr);
}

// The second reading (for binary schemas) gets past the union; its error, not the union's, is the one shown.
BOOST_AUTO_TEST_CASE(a_mistake_after_a_string_member_is_the_error_shown) {
  const TempDir dir;
  const Expected<Schema> schema =
      load(dir, "typo.fbs", "table Leaf { n: int; }\nunion Node { Leaf, Text: string }\ntable R { a: int }\n");
  BOOST_TEST_REQUIRE(!schema.ok());
  BOOST_TEST(schema.error().line == 3u, schema.error().to_string());
  BOOST_TEST(schema.error().message.find("expecting: ;") != std::string::npos, schema.error().message);
}

// A string member and a default for a vector: each reading refuses one of them, and both are named.
BOOST_AUTO_TEST_CASE(a_schema_no_one_reading_takes_names_both_reasons) {
  const TempDir dir;
  const Expected<Schema> schema = load(dir, "both.fbs",
                                       "table Leaf { n: int; }\nunion Node { Leaf, Text: string }\n"
                                       "table R { node: Node; values: [int] = []; }\nroot_type R;\n");
  BOOST_TEST_REQUIRE(!schema.ok());
  const std::string& message = schema.error().message;
  BOOST_TEST(schema.error().line == 3u, schema.error().to_string());  // the default's line, which exists
  BOOST_TEST(message.find("Default values for strings and vectors are not supported") != std::string::npos, message);
  BOOST_TEST(message.find("read for no language") != std::string::npos, message);
  BOOST_TEST(message.find("only tables can be union elements in the generated language: Text") != std::string::npos,
             message);
}

BOOST_AUTO_TEST_CASE(a_plain_mistake_still_reads_as_the_parsers_message) {
  const TempDir dir;
  const Expected<Schema> schema = load(dir, "typo.fbs", "table T { a: int }\n");
  BOOST_TEST_REQUIRE(!schema.ok());
  BOOST_TEST(schema.error().line == 1u);
  BOOST_TEST(schema.error().message.find("expecting: ;") != std::string::npos, schema.error().message);
}

BOOST_AUTO_TEST_SUITE_END()
