// --fix on schemas as their authors write them, not only as the other fix tests do: Windows line endings,
// comments among attributes, explicit type ids and numbers, bit_flags enums, a break that hides other
// changes, a fix that fails beside one that holds, columns after non-ASCII text, and schema files that
// --fix must not or cannot write.
#include <sys/stat.h>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "support/fix_runs.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_SUITE(fix_inputs)

// A line --fix adds ends the way the file's lines do.
BOOST_AUTO_TEST_CASE(lines_added_to_a_windows_file_end_in_crlf) {
  const std::string old_fbs = "enum E : byte {\r\n  A,\r\n  B,\r\n  C,\r\n}\r\ntable T { e: E; }\r\nroot_type T;\r\n";
  BOOST_TEST(fixed(old_fbs, "enum E : byte {\r\n  A,\r\n  C,\r\n}\r\ntable T { e: E; }\r\nroot_type T;\r\n",
                   "ENUM_VALUE_NO_DELETE") ==
             "enum E : byte {\r\n  A,\r\n  B = 1,  // restored by fbcompat: old data may hold it\r\n  C,\r\n}\r\n"
             "table T { e: E; }\r\nroot_type T;\r\n");
  BOOST_TEST(fixed(old_fbs, "enum E : byte {\r\n  A,\r\n  B,\r\n  C,\r\n}\r\ntable T { e: E; }\r\n", "FILE_SAME_ROOT_TYPE") ==
             old_fbs);
  // A member that shared its line moves onto a line of its own, and leaves no blanks behind.
  const std::string tables = "table A {}\r\ntable B {}\r\ntable C {}\r\n";
  BOOST_TEST(fixed(tables + "union U {\r\n  A,\r\n  B\r\n}\r\n", tables + "union U {\r\n  A, C,\r\n  B\r\n}\r\n",
                   "UNION_MEMBER_SAME_ID") == tables + "union U {\r\n  A,\r\n  B,\r\n  C,\r\n}\r\n");
}

// `required` removed from a list written over several lines: the comments beside it stay.
BOOST_AUTO_TEST_CASE(an_attribute_removed_leaves_the_comments_beside_it) {
  const std::string old_fbs = "table T {\n  w: string (id: 0);\n  y: string (id: 1);\n}\nroot_type T;\n";
  const std::string new_fbs =
      "table T {\n  w: string (required,  // checked by the loader\n             id: 0);\n"
      "  y: string (id: 1,  // the name\n             required);\n}\nroot_type T;\n";
  BOOST_TEST(fixed(old_fbs, new_fbs, "FIELD_NO_NEW_REQUIRED") ==
             "table T {\n  w: string (// checked by the loader\n             id: 0);\n"
             "  y: string (id: 1  // the name\n             );\n}\nroot_type T;\n");
}

// A member inserted with explicit numbers, the members after it renumbered by hand: it moves to the end
// with the next number, and they get theirs back.
BOOST_AUTO_TEST_CASE(an_insertion_with_explicit_numbers_gives_the_displaced_theirs_back) {
  const std::string tables = "table A {}\ntable B {}\ntable C {}\ntable D {}\n";
  BOOST_TEST(fixed(tables + "union U { A = 1, B = 2, C = 3 }\ntable T { u: U; }\nroot_type T;\n",
                   tables + "union U { A = 1, D = 2, B = 3, C = 4 }\ntable T { u: U; }\nroot_type T;\n",
                   "UNION_MEMBER_SAME_ID") ==
             tables + "union U { A = 1, B = 2, C = 3, D = 4 }\ntable T { u: U; }\nroot_type T;\n");
  BOOST_TEST(fixed("enum E : int {\n  A = 1,\n  B = 2,\n  C = 3\n}\ntable T { e: E = A; }\n",
                   "enum E : int {\n  A = 1,\n  X = 2,  // new\n  B = 3,\n  C = 4\n}\ntable T { e: E = A; }\n",
                   "ENUM_VALUE_SAME_NUMBER") ==
             "enum E : int {\n  A = 1,\n  B = 2,\n  C = 3,\n  X = 4,  // new\n}\ntable T { e: E = A; }\n");
}

// In a bit_flags enum `= n` is the position of the value's bit: numbers are set back, and values
// restored, as positions.
BOOST_AUTO_TEST_CASE(bit_flags_numbers_are_bit_positions) {
  const std::string old_fbs = "enum F : ubyte (bit_flags) { R = 0, W = 1, X = 2 }\ntable T { f: F; }\n";
  BOOST_TEST(fixed(old_fbs, "enum F : ubyte (bit_flags) { R = 0, X = 1, W = 2 }\ntable T { f: F; }\n",
                   "ENUM_VALUE_SAME_NUMBER") ==
             "enum F : ubyte (bit_flags) { R = 0, X = 2, W = 1 }\ntable T { f: F; }\n");
  BOOST_TEST(fixed(old_fbs, "enum F : ubyte (bit_flags) { R = 0, X = 2 }\ntable T { f: F; }\n", "ENUM_VALUE_NO_DELETE") ==
             "enum F : ubyte (bit_flags) { R = 0, W = 1, /* restored by fbcompat: old data may hold it */ X = 2 }\n"
             "table T { f: F; }\n");
  TempDir dir;
  dir.write("old.fbs", old_fbs);
  dir.write("new.fbs", "enum F : ubyte (bit_flags) { R = 0, X = 1, W = 2 }\ntable T { f: F; }\n");
  const CommandResult check = run_cli({"diff", "old.fbs", "new.fbs"}, dir.path());
  BOOST_TEST(contains(check.out, "= fix: restore `X = 2` (bit 2, the value 4)\n"), check.out);
}

// A field inserted mid-table shifts the fields after it, so their own changes (a default) go unreported
// until it is moved: the move is made, and the change it revealed is reported as the file's now.
BOOST_AUTO_TEST_CASE(a_change_the_break_hid_is_reported_once_the_break_is_fixed) {
  TempDir dir;
  dir.write("old.fbs", "table T {\n  a: int;\n  x: int = 5;\n  y: short;\n}\nroot_type T;\n");
  dir.write("new.fbs", "table T {\n  a: int;\n  w: bool;\n  x: int = 6;\n  y: short;\n}\nroot_type T;\n");
  const CommandResult check = run_cli({"diff", "old.fbs", "new.fbs", "--format", "json"}, dir.path());
  BOOST_TEST(rules_of(check.out) == std::set<std::string>{"FIELD_SAME_SLOT"}, check.out);

  const CommandResult fix = run_cli({"diff", "old.fbs", "new.fbs", "--fix"}, dir.path());
  BOOST_TEST(fix.exit_code == 1, fix.out << fix.err);
  BOOST_TEST(read_file(dir.path() + "/new.fbs") ==
             "table T {\n  a: int;\n  x: int = 6;\n  y: short;\n  w: bool;\n}\nroot_type T;\n");
  BOOST_TEST(contains(fix.out, "= fixed: w moved to the end of T\n"), fix.out);
  BOOST_TEST(contains(fix.out, "new.fbs:3:3: error: [FIELD_SAME_DEFAULT]"), fix.out);
  BOOST_TEST(contains(fix.out, "= not fixed: the break of T.w hid it until its fix: run fbcompat again to check it\n"),
             fix.out);
  BOOST_TEST(contains(fix.out, "1 finding fixed; 1 error, 0 warnings remain: NOT compatible"), fix.out);

  BOOST_TEST(run_cli({"diff", "old.fbs", "new.fbs", "--fix"}, dir.path()).exit_code == 1);  // the default next
  BOOST_TEST(read_file(dir.path() + "/new.fbs") ==
             "table T {\n  a: int;\n  x: int = 5;\n  y: short;\n  w: bool;\n}\nroot_type T;\n");
  BOOST_TEST(run_cli({"diff", "old.fbs", "new.fbs"}, dir.path()).exit_code == 0);
}

// One fix that fails its check does not take down another that holds.
BOOST_AUTO_TEST_CASE(a_fix_that_fails_is_withdrawn_alone) {
  TempDir dir;
  dir.write("old.fbs", "enum E : byte { A, B }\ntable T {\n  id: int (key);\n  name: string;\n  e: E;\n}\n");
  const std::string table = "table T {\n  name: string (key);\n  e: E;\n}\n";
  dir.write("new.fbs", "enum E : byte { A, C, B }\n" + table);
  const CommandResult fix = run_cli({"diff", "old.fbs", "new.fbs", "--fix"}, dir.path());
  BOOST_TEST(fix.exit_code == 1, fix.out << fix.err);
  BOOST_TEST(read_file(dir.path() + "/new.fbs") == "enum E : byte { A, B, C }\n" + table);
  BOOST_TEST(contains(fix.out, "= fixed: C moved to the end of E, as 2\n"), fix.out);
  BOOST_TEST(contains(fix.out, "= not fixed: the mechanical fix was tried and withdrawn: the fixed text does not load"),
             fix.out);
}

// Columns count code points, after a byte order mark and a comment with an accent alike, in the finding's
// place and in its fix's region, as the SARIF run says.
BOOST_AUTO_TEST_CASE(columns_count_code_points_after_non_ascii_text) {
  TempDir dir;
  const std::string bom = "\xEF\xBB\xBF";
  dir.write("old.fbs", bom + "enum E : byte { A, B }\n/* caf\xC3\xA9 */ table T { a: int; b: E = B; }\nroot_type T;\n");
  dir.write("new.fbs", bom + "enum E : byte { A, B }\n/* caf\xC3\xA9 */ table T { a: int; b: E = A; }\nroot_type T;\n");
  const CommandResult text = run_cli({"diff", "old.fbs", "new.fbs"}, dir.path());
  BOOST_TEST(contains(text.out, "new.fbs:2:30: error: [FIELD_SAME_DEFAULT]"), text.out);
  const CommandResult sarif = run_cli({"diff", "old.fbs", "new.fbs", "--format", "sarif"}, dir.path());
  const auto run = nlohmann::json::parse(sarif.out).at("runs").at(0);
  BOOST_TEST(run.at("columnKind") == "unicodeCodePoints");
  const auto& result = run.at("results").at(0);
  BOOST_TEST(result.at("locations").at(0).at("physicalLocation").at("region") ==
             nlohmann::json({{"startLine", 2}, {"startColumn", 30}}));
  BOOST_TEST(result.at("fixes").at(0).at("artifactChanges").at(0).at("replacements").at(0).at("deletedRegion") ==
             nlohmann::json({{"startLine", 2}, {"startColumn", 37}, {"endLine", 2}, {"endColumn", 38}}));
  // A declaration on the first line, after the mark alone.
  dir.write("new.fbs", bom + "enum E : byte { A, C, B }\ntable T { b: E = B; }\nroot_type T;\n");
  BOOST_TEST(contains(run_cli({"diff", "old.fbs", "new.fbs"}, dir.path()).out, "new.fbs:1:20: error:"));
}

// A read-only schema is its author's to change: --fix leaves it, says why, and exits 2.
BOOST_AUTO_TEST_CASE(a_read_only_schema_is_not_rewritten) {
  TempDir dir;
  dir.write("old.fbs", "enum E : byte { A, B }\ntable T { e: E; }\n");
  const std::string new_fbs = "enum E : byte { A, C, B }\ntable T { e: E; }\n";
  const std::string path = dir.write("new.fbs", new_fbs);
  BOOST_TEST_REQUIRE(::chmod(path.c_str(), 0444) == 0);
  const CommandResult fix = run_cli({"diff", "old.fbs", "new.fbs", "--fix"}, dir.path());
  BOOST_TEST(fix.exit_code == 2, fix.out << fix.err);
  BOOST_TEST(read_file(path) == new_fbs);
  BOOST_TEST(contains(fix.err, "new.fbs: error: not fixed: it is read-only: make it writable for --fix to change it"),
             fix.err);
  BOOST_TEST(contains(fix.out, "= not fixed: new.fbs was not written: it is read-only"), fix.out);
}

// A write that fails (here past a file size limit of 0, as on a full disk) leaves the schema as it was,
// and the run exits 2.
BOOST_AUTO_TEST_CASE(a_failed_write_leaves_the_schema_and_exits_2) {
  TempDir dir;
  dir.write("old.fbs", "enum E : byte { A, B }\ntable T { e: E; }\n");
  const std::string new_fbs = "enum E : byte { A, C, B }\ntable T { e: E; }\n";
  const std::string path = dir.write("new.fbs", new_fbs);
  // SIGXFSZ ignored, a write past the limit fails with EFBIG instead of killing the process; the report
  // goes through a pipe, which the limit does not cover.
  const CommandResult fix = run_program(
      "/bin/sh",
      {"-c", "trap '' XFSZ; { ulimit -f 0; \"$0\" diff old.fbs new.fbs --fix 2>&1; echo \"exit $?\"; } | cat", FBCOMPAT_CLI},
      dir.path());
  BOOST_TEST(contains(fix.out, "\nexit 2\n"), fix.out);
  BOOST_TEST(read_file(path) == new_fbs);
  BOOST_TEST(contains(fix.out, "new.fbs: error: not fixed: cannot write"), fix.out);
  BOOST_TEST(contains(fix.out, "= not fixed: new.fbs was not written"), fix.out);
  BOOST_TEST(!contains(fix.out, "--fix rewrote"), fix.out);
}

BOOST_AUTO_TEST_SUITE_END()
