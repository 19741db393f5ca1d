// What `flatc --conform OLD NEW` (flatbuffers 2.0.8) misses and fbcompat reports. flatc's verdicts
// are recorded here as observed, not run: the tests check fbcompat only, so they do not depend on
// flatc being installed or on its wording.
#include <boost/test/unit_test.hpp>

#include "support/finding_assertions.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

const std::string kUnion =
    "table A { x: int; }\ntable B { y: int; }\ntable C { z: int; }\ntable Text { s: string; }\n"
    "table Root { u: U; }\nroot_type Root;\n";

// The change is an error of `rule`, the diff is not compatible, and nothing else is an error.
void expect_error(const std::string& old_fbs, const std::string& new_fbs, const std::string& rule) {
  const auto findings = diff_texts(old_fbs, new_fbs);
  const Finding finding = single(findings, rule);
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(!compatible(findings));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(flatc_conform_comparison)

// flatc: rejects ("values differ for enum: C"), but only because C shifted; deleting the last member
// (below) passes.
BOOST_AUTO_TEST_CASE(deleted_union_member_in_the_middle) {
  expect_error("union U { A, B, C }\n" + kUnion, "union U { A, C }\n" + kUnion, "UNION_MEMBER_NO_DELETE");
}

// flatc: accepts.
BOOST_AUTO_TEST_CASE(deleted_last_union_member) {
  expect_error("union U { A, B, C }\n" + kUnion, "union U { A, B }\n" + kUnion, "UNION_MEMBER_NO_DELETE");
}

// flatc: accepts, whatever the new table is.
BOOST_AUTO_TEST_CASE(union_member_table_changed) {
  expect_error("union U { A, B }\n" + kUnion, "union U { A, B: Text }\n" + kUnion, "UNION_MEMBER_SAME_TABLE");
}

// flatc: accepts a deleted value (at the end, or with the values after it numbered explicitly).
BOOST_AUTO_TEST_CASE(deleted_enum_value) {
  expect_error("enum E : byte { X, Y, Z }\ntable T { e: E; }\n", "enum E : byte { X, Z = 2 }\ntable T { e: E; }\n",
               "ENUM_VALUE_NO_DELETE");
  expect_error("enum E : byte { X, Y, Z }\ntable T { e: E; }\n", "enum E : byte { X, Y }\ntable T { e: E; }\n",
               "ENUM_VALUE_NO_DELETE");
}

// flatc: accepts both a field that becomes required and a new required field.
BOOST_AUTO_TEST_CASE(new_required) {
  expect_error("table T { a: string; }\n", "table T { a: string (required); }\n", "FIELD_NO_NEW_REQUIRED");
  expect_error("table T { a: string; }\n", "table T { a: string; b: string (required); }\n", "FIELD_NO_NEW_REQUIRED");
}

// flatc: rejects a field whose offset moved ("offsets differ for field: b"), accepts a struct that
// grew at the end or gained force_align.
BOOST_AUTO_TEST_CASE(struct_layout_change) {
  const std::string table = "table T { s: S; }\n";
  expect_error("struct S { a: int; b: int; }\n" + table, "struct S { a: int; b: long; }\n" + table, "STRUCT_SAME_LAYOUT");
  expect_error("struct S { a: int; }\n" + table, "struct S { a: int; b: int; }\n" + table, "STRUCT_SAME_LAYOUT");
  expect_error("struct S { a: int; }\n" + table, "struct S (force_align: 8) { a: int; }\n" + table, "STRUCT_SAME_LAYOUT");
}

// flatc: accepts a changed, added or removed file_identifier.
BOOST_AUTO_TEST_CASE(identifier_change) {
  const std::string base = "table T { a: int; }\nroot_type T;\n";
  expect_error(base + "file_identifier \"XN00\";\n", base + "file_identifier \"XN01\";\n", "FILE_SAME_IDENTIFIER");
  expect_error(base, base + "file_identifier \"XN01\";\n", "FILE_SAME_IDENTIFIER");
  expect_error(base + "file_identifier \"XN00\";\n", base, "FILE_SAME_IDENTIFIER");
}

// flatc: accepts a changed or removed root_type.
BOOST_AUTO_TEST_CASE(root_type_change) {
  const std::string base = "table T { a: int; }\ntable Q { b: int; }\n";
  expect_error(base + "root_type T;\n", base + "root_type Q;\n", "FILE_SAME_ROOT_TYPE");
  expect_error(base + "root_type T;\n", base, "FILE_SAME_ROOT_TYPE");
}

BOOST_AUTO_TEST_SUITE_END()
