#include <boost/test/unit_test.hpp>

#include "fbcompat/core/manifest.h"
#include "fbcompat/checks/pair.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

std::vector<Finding> pair_texts(const std::string& writer, const std::string& reader, PairOptions options = {}) {
  return check_pair(load_text(writer, "writer.fbs"), load_text(reader, "reader.fbs"), options);
}

std::vector<std::string> rules_of(const std::vector<Finding>& findings) {
  std::vector<std::string> rules;
  for (const Finding& finding : findings) rules.push_back(finding.rule);
  return rules;
}

const char* const kReader = R"(namespace p;
enum Kind : byte { A, B }
struct Vec2 { x: float; y: float; }
table Add { a: uint; b: uint; }
table Neg { a: uint; }
union Node { Add, Neg }
table Graph { nodes: [Node]; kind: Kind = B; origin: Vec2; scale: float = 1.0; name: string; }
root_type Graph;
file_identifier "RD00";
)";

}  // namespace

BOOST_AUTO_TEST_SUITE(pair_check)

BOOST_AUTO_TEST_CASE(every_bundled_version_pairs_cleanly) {
  const auto manifest = load_manifest(source_path("schemas/xnnpack/manifest.toml"));
  BOOST_TEST_REQUIRE(manifest.ok());
  int pairs = 0;
  for (const ManifestVersion& version : manifest->versions) {
    if (!version.has_reader()) continue;
    const std::string dir = source_path("schemas/xnnpack/" + version.name + "/");
    const auto writer = load_schema(dir + "schema.fbs");
    const auto reader = load_schema(dir + "runtime_schema.fbs");
    BOOST_TEST_REQUIRE(writer.ok());
    BOOST_TEST_REQUIRE(reader.ok());
    PairOptions options;
    options.accepted_identifiers = version.reader_identifiers;
    const auto findings = check_pair(*writer, *reader, options);
    BOOST_TEST(findings.empty(), version.name << ": " << (findings.empty() ? "" : findings.front().message));
    ++pairs;
  }
  BOOST_TEST(pairs == 6);
}

BOOST_AUTO_TEST_CASE(a_newer_writer_fails_on_an_older_reader_naming_the_new_node) {
  // The newest writer: the version after v1.1.0, which appends XNNDepthToSpace2d.
  const auto writer = load_schema(source_path(newest_schema("schema.fbs")));
  const auto reader = load_schema(source_path("schemas/xnnpack/v1.1.0/runtime_schema.fbs"));
  BOOST_TEST_REQUIRE(writer.ok());
  BOOST_TEST_REQUIRE(reader.ok());
  PairOptions options;
  options.accepted_identifiers = {"XN00", "XN01"};
  const auto findings = check_pair(*writer, *reader, options);
  BOOST_TEST_REQUIRE(findings.size() == 1u);
  BOOST_TEST(findings[0].rule == "PAIR_UNION_MEMBER_MISSING");
  BOOST_TEST(findings[0].severity == Severity::Error);
  BOOST_TEST(findings[0].subject == "fb_xnnpack.XNodeUnion.XNNDepthToSpace2d");
  BOOST_TEST(findings[0].message.find("type id 48") != std::string::npos);
  BOOST_TEST(findings[0].message.find("1..47") != std::string::npos);
  BOOST_TEST(findings[0].file.find(newest_version() + "/schema.fbs") != std::string::npos);
  BOOST_TEST(findings[0].line > 0u);
  BOOST_TEST(!compatible(findings));
}

BOOST_AUTO_TEST_CASE(identifier_must_be_accepted) {
  std::string writer = kReader;
  writer.replace(writer.find("RD00"), 4, "WR01");
  BOOST_TEST(rules_of(pair_texts(writer, kReader)) == std::vector<std::string>{"PAIR_IDENTIFIER_NOT_ACCEPTED"});
  PairOptions accepting;
  accepting.accepted_identifiers = {"WR01"};
  BOOST_TEST(pair_texts(writer, kReader, accepting).empty());
  BOOST_TEST(pair_texts(kReader, kReader).empty());  // the reader's own identifier is always accepted
}

BOOST_AUTO_TEST_CASE(union_members_are_matched_by_type_id) {
  std::string missing = kReader;
  missing.replace(missing.find("union Node { Add, Neg }"), 23, "table Mul { a: uint; }\nunion Node { Add, Neg, Mul }");
  const auto findings = pair_texts(missing, kReader);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"PAIR_UNION_MEMBER_MISSING"});
  BOOST_TEST(findings[0].subject == "p.Node.Mul");

  std::string moved = kReader;
  moved.replace(moved.find("union Node { Add, Neg }"), 23, "union Node { Neg, Add }");
  const auto moved_findings = pair_texts(moved, kReader);
  BOOST_TEST(rules_of(moved_findings) == (std::vector<std::string>{"PAIR_UNION_MEMBER_MOVED", "PAIR_UNION_MEMBER_MOVED"}));

  std::string renamed = kReader;
  renamed.replace(renamed.find("union Node { Add, Neg }"), 23, "union Node { Plus: Add, Neg }");
  BOOST_TEST(rules_of(pair_texts(renamed, kReader)) == std::vector<std::string>{"PAIR_UNION_MEMBER_NAME_MISMATCH"});

  std::string other_table = kReader;
  other_table.replace(other_table.find("union Node { Add, Neg }"), 23,
                      "table Conv { w: float; }\nunion Node { Add, Neg: Conv }");
  BOOST_TEST(rules_of(pair_texts(other_table, kReader)) == std::vector<std::string>{"PAIR_UNION_MEMBER_TABLE_MISMATCH"});

  std::string same_layout = kReader;
  same_layout.replace(same_layout.find("union Node { Add, Neg }"), 23,
                      "table Negate { a: uint; }\nunion Node { Add, Neg: Negate }");
  BOOST_TEST(pair_texts(same_layout, kReader).empty());
}

BOOST_AUTO_TEST_CASE(fields_are_matched_by_slot) {
  std::string extra = kReader;
  extra.replace(extra.find("name: string; }"), 15, "name: string; debug: uint; }");
  const auto missing = pair_texts(extra, kReader);
  BOOST_TEST(rules_of(missing) == std::vector<std::string>{"PAIR_FIELD_MISSING"});
  BOOST_TEST(missing[0].subject == "p.Graph.debug");
  // The reader having more fields than the writer is fine: the reader sees defaults.
  BOOST_TEST(pair_texts(kReader, extra).empty());

  std::string retyped = kReader;
  retyped.replace(retyped.find("scale: float = 1.0"), 18, "scale: int = 1");
  BOOST_TEST(rules_of(pair_texts(retyped, kReader)) == std::vector<std::string>{"PAIR_FIELD_TYPE_MISMATCH"});

  std::string defaulted = kReader;
  defaulted.replace(defaulted.find("scale: float = 1.0"), 18, "scale: float = 2.0");
  BOOST_TEST(rules_of(pair_texts(defaulted, kReader)) == std::vector<std::string>{"PAIR_FIELD_DEFAULT_MISMATCH"});

  std::string renamed = kReader;
  renamed.replace(renamed.find("scale: float"), 12, "factor: float");
  BOOST_TEST(rules_of(pair_texts(renamed, kReader)) == std::vector<std::string>{"PAIR_FIELD_NAME_MISMATCH"});

  std::string reordered_reader = kReader;
  reordered_reader.replace(reordered_reader.find("scale: float = 1.0; name: string;"), 33, "name: string; scale: float = 1.0;");
  const auto slots = pair_texts(kReader, reordered_reader);
  BOOST_TEST(rules_of(slots) == (std::vector<std::string>{"PAIR_FIELD_SLOT_MISMATCH", "PAIR_FIELD_SLOT_MISMATCH"}));
}

BOOST_AUTO_TEST_CASE(deprecation_on_either_side) {
  std::string writer_deprecates = kReader;
  writer_deprecates.replace(writer_deprecates.find("name: string;"), 13, "name: string (deprecated);");
  BOOST_TEST(pair_texts(writer_deprecates, kReader).empty());  // the writer never emits it

  const auto reader_deprecates = pair_texts(kReader, writer_deprecates);
  BOOST_TEST(rules_of(reader_deprecates) == std::vector<std::string>{"PAIR_FIELD_DEPRECATED_IN_READER"});
  BOOST_TEST(reader_deprecates[0].severity == Severity::Warning);
  BOOST_TEST(compatible(reader_deprecates));
}

BOOST_AUTO_TEST_CASE(required_in_the_reader_must_be_written) {
  std::string requiring = kReader;
  requiring.replace(requiring.find("name: string;"), 13, "name: string (required);");
  std::string writer = kReader;
  writer.replace(writer.find("name: string;"), 13, "name: string (deprecated);");
  BOOST_TEST(rules_of(pair_texts(writer, requiring)) == std::vector<std::string>{"PAIR_REQUIRED_NOT_WRITTEN"});
  BOOST_TEST(pair_texts(kReader, requiring).empty());
}

BOOST_AUTO_TEST_CASE(enums_and_structs) {
  std::string more_values = kReader;
  more_values.replace(more_values.find("enum Kind : byte { A, B }"), 25, "enum Kind : byte { A, B, C }");
  const auto missing = pair_texts(more_values, kReader);
  BOOST_TEST(rules_of(missing) == std::vector<std::string>{"PAIR_ENUM_VALUE_MISSING"});
  BOOST_TEST(missing[0].subject == "p.Kind.C");

  std::string renamed = kReader;
  renamed.replace(renamed.find("enum Kind : byte { A, B }"), 25, "enum Kind : byte { A, Bee }");
  std::string renamed_default = renamed;
  renamed_default.replace(renamed_default.find("kind: Kind = B"), 14, "kind: Kind = Bee");
  BOOST_TEST(rules_of(pair_texts(renamed_default, kReader)) == std::vector<std::string>{"PAIR_ENUM_VALUE_NAME_MISMATCH"});

  std::string wider = kReader;
  wider.replace(wider.find("struct Vec2 { x: float; y: float; }"), 35, "struct Vec2 { x: double; y: double; }");
  BOOST_TEST(rules_of(pair_texts(wider, kReader)) == std::vector<std::string>{"PAIR_STRUCT_LAYOUT_MISMATCH"});
}

BOOST_AUTO_TEST_CASE(root_types_must_agree) {
  std::string other_root = kReader;
  other_root.replace(other_root.find("root_type Graph;"), 16, "root_type Add;");
  BOOST_TEST(rules_of(pair_texts(other_root, kReader)) == std::vector<std::string>{"PAIR_ROOT_TYPE_MISMATCH"});
}

BOOST_AUTO_TEST_SUITE_END()
