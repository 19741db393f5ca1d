// Fixes through the CLI: `fbcompat diff OLD NEW --fix` for each remedy, with the exact text it leaves;
// every case also checks that the patch (`--format patch`) applied by `git apply` gives the same text,
// that diffing the same base against the fixed file finds none of what was fixed, and that every
// declaration the change added is still there. Then the cases that are never guessed, exit statuses,
// links, JSON and SARIF carrying the edits, and `pair --fix`.
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "support/fix_runs.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const std::string kUnionOld =
    "namespace app;\n\ntable A { x: int; }\ntable B { y: int; }\ntable C { z: int; }\n\n"
    "// Node kinds, by type id.\nunion Node {\n  A,  // 1\n  B,  // 2\n\n  C,  // 3\n}\n\n"
    "table Graph { node: Node; }\nroot_type Graph;\n";

}  // namespace

BOOST_AUTO_TEST_SUITE(fix_cli)

// The seed's hazard: a member inserted mid-union moves, comment and all, to the end, where it takes the
// next type id; the blank line, the other comments and the unrelated declarations stay as they were.
BOOST_AUTO_TEST_CASE(a_union_member_inserted_in_the_middle_moves_to_the_end) {
  const std::string inserted =
      "namespace app;\n\ntable A { x: int; }\ntable B { y: int; }\ntable C { z: int; }\ntable D { w: int; }\n\n"
      "// Node kinds, by type id.\nunion Node {\n  A,  // 1\n  /// The newest kind.\n  D,  // new\n  B,  // 2\n\n"
      "  C,  // 3\n}\n\ntable Graph { node: Node; }\nroot_type Graph;\n";
  BOOST_TEST(fixed(kUnionOld, inserted, "UNION_MEMBER_SAME_ID") ==
             "namespace app;\n\ntable A { x: int; }\ntable B { y: int; }\ntable C { z: int; }\ntable D { w: int; }\n\n"
             "// Node kinds, by type id.\nunion Node {\n  A,  // 1\n  B,  // 2\n\n  C,  // 3\n"
             "  /// The newest kind.\n  D,  // new\n}\n\ntable Graph { node: Node; }\nroot_type Graph;\n");
}

// A last member without its comma gets one, so that the moved member can follow it.
BOOST_AUTO_TEST_CASE(a_member_moved_after_a_last_member_without_a_comma) {
  const std::string old_fbs = "table A {}\ntable B {}\ntable C {}\nunion U {\n  A,\n  B\n}\n";
  const std::string new_fbs = "table A {}\ntable B {}\ntable C {}\nunion U {\n  C,\n  A,\n  B\n}\n";
  BOOST_TEST(fixed(old_fbs, new_fbs, "UNION_MEMBER_SAME_ID") ==
             "table A {}\ntable B {}\ntable C {}\nunion U {\n  A,\n  B,\n  C,\n}\n");
}

// A declaration written on one line is fixed on that line.
BOOST_AUTO_TEST_CASE(a_one_line_union_is_fixed_on_its_line) {
  const std::string old_fbs = "table A {}\ntable B {}\ntable C {}\nunion U { A, B }\n";
  const std::string new_fbs = "table A {}\ntable B {}\ntable C {}\nunion U { A, C, B }\n";
  BOOST_TEST(fixed(old_fbs, new_fbs, "UNION_MEMBER_SAME_ID") == "table A {}\ntable B {}\ntable C {}\nunion U { A, B, C }\n");
}

BOOST_AUTO_TEST_CASE(an_enum_value_inserted_in_the_middle_moves_to_the_end) {
  const std::string old_fbs = "enum Color : byte {\n  Red,\n  Green,\n  Blue,\n}\ntable T { c: Color; }\n";
  const std::string new_fbs = "enum Color : byte {\n  Red,\n  Pink,\n  Green,\n  Blue,\n}\ntable T { c: Color; }\n";
  BOOST_TEST(fixed(old_fbs, new_fbs, "ENUM_VALUE_SAME_NUMBER") ==
             "enum Color : byte {\n  Red,\n  Green,\n  Blue,\n  Pink,\n}\ntable T { c: Color; }\n");
}

// An inserted value written with the number it took gets the number at the end.
BOOST_AUTO_TEST_CASE(an_inserted_value_with_its_number_takes_the_number_at_the_end) {
  const std::string old_fbs = "enum Color : byte { Red, Green, Blue }\ntable T { c: Color; }\n";
  const std::string new_fbs = "enum Color : byte { Red, Pink = 1, Green, Blue }\ntable T { c: Color; }\n";
  BOOST_TEST(fixed(old_fbs, new_fbs, "ENUM_VALUE_SAME_NUMBER") ==
             "enum Color : byte { Red, Green, Blue, Pink = 3 }\ntable T { c: Color; }\n");
}

BOOST_AUTO_TEST_CASE(a_field_inserted_in_the_middle_moves_to_the_end) {
  const std::string old_fbs =
      "table Pad {\n  before: [uint];  // slot 0\n  value: float;    // slot 1\n  input_id: uint;  // slot 2\n}\n"
      "root_type Pad;\n";
  const std::string new_fbs =
      "table Pad {\n  before: [uint];  // slot 0\n  mode: ubyte = 2;\n  value: float;    // slot 1\n"
      "  input_id: uint;  // slot 2\n}\nroot_type Pad;\n";
  BOOST_TEST(fixed(old_fbs, new_fbs, "FIELD_SAME_SLOT") ==
             "table Pad {\n  before: [uint];  // slot 0\n  value: float;    // slot 1\n  input_id: uint;  // slot 2\n"
             "  mode: ubyte = 2;\n}\nroot_type Pad;\n");
}

// Where the table gives ids, the new field takes the id after the others, which get theirs back; no line
// moves.
BOOST_AUTO_TEST_CASE(a_field_inserted_with_ids_takes_the_next_id) {
  const std::string old_fbs = "table T {\n  a: int (id: 0);\n  b: int (id: 1);\n}\nroot_type T;\n";
  const std::string new_fbs = "table T {\n  a: int (id: 0);\n  x: int (id: 1);\n  b: int (id: 2);\n}\nroot_type T;\n";
  BOOST_TEST(fixed(old_fbs, new_fbs, "FIELD_SAME_SLOT") ==
             "table T {\n  a: int (id: 0);\n  x: int (id: 2);\n  b: int (id: 1);\n}\nroot_type T;\n");
}

BOOST_AUTO_TEST_CASE(a_deleted_union_member_is_restored_with_a_comment) {
  const std::string deleted =
      "namespace app;\n\ntable A { x: int; }\ntable B { y: int; }\ntable C { z: int; }\n\n"
      "// Node kinds, by type id.\nunion Node {\n  A,  // 1\n\n  C,  // 3\n}\n\n"
      "table Graph { node: Node; }\nroot_type Graph;\n";
  BOOST_TEST(fixed(kUnionOld, deleted, "UNION_MEMBER_NO_DELETE") ==
             "namespace app;\n\ntable A { x: int; }\ntable B { y: int; }\ntable C { z: int; }\n\n"
             "// Node kinds, by type id.\nunion Node {\n  A,  // 1\n  B,  // restored by fbcompat: old data may hold it\n\n"
             "  C,  // 3\n}\n\ntable Graph { node: Node; }\nroot_type Graph;\n");
}

BOOST_AUTO_TEST_CASE(a_deleted_enum_value_is_restored_with_its_number) {
  const std::string old_fbs = "enum Color : byte {\n  Red,\n  Green,\n  Blue,\n}\ntable T { c: Color; }\n";
  const std::string new_fbs = "enum Color : byte {\n  Red,\n  Blue,\n}\ntable T { c: Color; }\n";
  BOOST_TEST(fixed(old_fbs, new_fbs, "ENUM_VALUE_NO_DELETE") ==
             "enum Color : byte {\n  Red,\n  Green = 1,  // restored by fbcompat: old data may hold it\n  Blue,\n}\n"
             "table T { c: Color; }\n");
}

// A deleted field comes back deprecated, in its old place, so it keeps its slot and loses its accessors.
BOOST_AUTO_TEST_CASE(a_deleted_field_is_restored_deprecated_in_its_slot) {
  const std::string old_fbs = "table Item {\n  sku: string;\n  price: float;\n  stock: int;\n}\nroot_type Item;\n";
  const std::string new_fbs = "table Item {\n  sku: string;\n  stock: int;\n}\nroot_type Item;\n";
  BOOST_TEST(fixed(old_fbs, new_fbs, "FIELD_NO_DELETE") ==
             "table Item {\n  sku: string;\n  price: float (deprecated);  // restored by fbcompat: deprecated, it keeps "
             "its slot\n  stock: int;\n}\nroot_type Item;\n");
}

// The first field deleted from a table written on one line.
BOOST_AUTO_TEST_CASE(a_deleted_first_field_is_restored_first) {
  const std::string old_fbs = "table Item { sku: string; price: float; }\nroot_type Item;\n";
  const std::string new_fbs = "table Item { price: float; }\nroot_type Item;\n";
  BOOST_TEST(fixed(old_fbs, new_fbs, "FIELD_NO_DELETE") ==
             "table Item { sku: string (deprecated); /* restored by fbcompat: deprecated, it keeps its slot */ price: "
             "float; }\nroot_type Item;\n");
}

BOOST_AUTO_TEST_CASE(required_added_to_an_existing_field_is_removed) {
  const std::string old_fbs = "table T {\n  name: string;\n  tags: [string] (id: 1);\n}\nroot_type T;\n";
  const std::string old_ids = "table T {\n  name: string (id: 0);\n  tags: [string] (id: 1);\n}\nroot_type T;\n";
  BOOST_TEST(fixed(old_ids, "table T {\n  name: string (id: 0, required);\n  tags: [string] (id: 1);\n}\nroot_type T;\n",
                   "FIELD_NO_NEW_REQUIRED") == old_ids);
  BOOST_TEST(fixed(old_ids, "table T {\n  name: string (required, id: 0);\n  tags: [string] (id: 1);\n}\nroot_type T;\n",
                   "FIELD_NO_NEW_REQUIRED") == old_ids);
  const std::string plain = "table T {\n  name: string;\n}\nroot_type T;\n";
  BOOST_TEST(fixed(plain, "table T {\n  name: string (required);\n}\nroot_type T;\n", "FIELD_NO_NEW_REQUIRED") == plain);
  static_cast<void>(old_fbs);
}

BOOST_AUTO_TEST_CASE(a_changed_default_is_restored) {
  const std::string old_fbs = "enum Mode : byte { Off, On }\ntable T {\n  level: int = 3;\n  mode: Mode = On;\n  "
                              "ratio: float;\n}\nroot_type T;\n";
  const std::string new_fbs = "enum Mode : byte { Off, On }\ntable T {\n  level: int = 4;\n  mode: Mode = Off;\n  "
                              "ratio: float = 0.5;\n}\nroot_type T;\n";
  BOOST_TEST(fixed(old_fbs, new_fbs, "FIELD_SAME_DEFAULT") ==
             "enum Mode : byte { Off, On }\ntable T {\n  level: int = 3;\n  mode: Mode = On;\n  ratio: float = 0.0;\n}\n"
             "root_type T;\n");
}

BOOST_AUTO_TEST_CASE(a_changed_or_removed_identifier_is_restored) {
  const std::string old_fbs = "table T { a: int; }\nfile_identifier \"AB01\";\nroot_type T;\n";
  BOOST_TEST(fixed(old_fbs, "table T { a: int; }\nfile_identifier \"AB02\";\nroot_type T;\n", "FILE_SAME_IDENTIFIER") ==
             old_fbs);
  BOOST_TEST(fixed(old_fbs, "table T { a: int; }\nroot_type T;\n", "FILE_SAME_IDENTIFIER") == old_fbs);
}

BOOST_AUTO_TEST_CASE(a_changed_root_type_is_restored) {
  const std::string old_fbs = "namespace app;\ntable T { a: int; }\ntable U { b: int; }\nroot_type T;\n";
  BOOST_TEST(fixed(old_fbs, "namespace app;\ntable T { a: int; }\ntable U { b: int; }\nroot_type U;\n",
                   "FILE_SAME_ROOT_TYPE") == old_fbs);
  BOOST_TEST(fixed(old_fbs, "namespace app;\ntable T { a: int; }\ntable U { b: int; }\n", "FILE_SAME_ROOT_TYPE") ==
             old_fbs);
}

// Several fixes in one file at once: a member inserted, another deleted, a default changed.
BOOST_AUTO_TEST_CASE(several_fixes_in_one_file) {
  const std::string changed =
      "namespace app;\n\ntable A { x: int; }\ntable B { y: int = 2; }\ntable C { z: int; }\ntable D { w: int; }\n\n"
      "// Node kinds, by type id.\nunion Node {\n  D,\n  A,  // 1\n  B,  // 2\n}\n\n"
      "table Graph { node: Node; }\nroot_type Graph;\n";
  TempDir dir;
  dir.write("old.fbs", kUnionOld);
  dir.write("new.fbs", changed);
  const CommandResult fix = run_cli({"diff", "old.fbs", "new.fbs", "--fix"}, dir.path());
  BOOST_TEST(fix.exit_code == 1, fix.out << fix.err);
  BOOST_TEST(read_file(dir.path() + "/new.fbs") ==
             "namespace app;\n\ntable A { x: int; }\ntable B { y: int = 0; }\ntable C { z: int; }\ntable D { w: int; }\n\n"
             "// Node kinds, by type id.\nunion Node {\n  A,  // 1\n  B,  // 2\n"
             "  C,  // restored by fbcompat: old data may hold it\n  D,\n}\n\n"
             "table Graph { node: Node; }\nroot_type Graph;\n");
  const CommandResult again = run_cli({"diff", "old.fbs", "new.fbs"}, dir.path());
  BOOST_TEST(again.exit_code == 0, again.out << again.err);
  BOOST_TEST(again.out == "no findings: compatible: new.fbs against old.fbs\n");
}

// What is never guessed stays, saying why; the file is not touched and the run exits as the check does.
BOOST_AUTO_TEST_CASE(a_type_change_or_a_possible_rename_is_never_fixed) {
  TempDir dir;
  const std::string old_fbs = "table A {}\ntable B {}\nunion U { A, B }\ntable T { n: int; u: U; }\nroot_type T;\n";
  const std::string new_fbs = "table A {}\ntable C { q: string; }\nunion U { A, C }\ntable T { n: long; u: U; }\nroot_type T;\n";
  dir.write("old.fbs", old_fbs);
  dir.write("new.fbs", new_fbs);
  const CommandResult fix = run_cli({"diff", "old.fbs", "new.fbs", "--fix"}, dir.path());
  BOOST_TEST(fix.exit_code == 1, fix.out << fix.err);
  BOOST_TEST(read_file(dir.path() + "/new.fbs") == new_fbs);
  BOOST_TEST(fix.err.empty(), fix.err);
  BOOST_TEST(contains(fix.out, "[FIELD_SAME_TYPE]"), fix.out);
  BOOST_TEST(contains(fix.out, "= not fixed: a type change is never guessed\n"), fix.out);
  BOOST_TEST(contains(fix.out, "= not fixed: a rename may be meant\n"), fix.out);
}

// Run again after a fix, --fix has nothing to do: the file stays and the run passes.
BOOST_AUTO_TEST_CASE(a_second_fix_run_changes_nothing_and_passes) {
  TempDir dir;
  dir.write("old.fbs", "enum E : byte { A, B }\ntable T { e: E; }\n");
  dir.write("new.fbs", "enum E : byte { A, C, B }\ntable T { e: E; }\n");
  BOOST_TEST(run_cli({"diff", "old.fbs", "new.fbs", "--fix"}, dir.path()).exit_code == 1);
  const std::string once = read_file(dir.path() + "/new.fbs");
  const CommandResult second = run_cli({"diff", "old.fbs", "new.fbs", "--fix"}, dir.path());
  BOOST_TEST(second.exit_code == 0, second.out << second.err);
  BOOST_TEST(second.err.empty(), second.err);
  BOOST_TEST(read_file(dir.path() + "/new.fbs") == once);
}

// Without --fix nothing is written; the text report says what --fix would do.
BOOST_AUTO_TEST_CASE(without_fix_nothing_is_written) {
  TempDir dir;
  dir.write("old.fbs", "enum E : byte { A, B }\ntable T { e: E; }\n");
  const std::string new_fbs = "enum E : byte { A, C, B }\ntable T { e: E; }\n";
  dir.write("new.fbs", new_fbs);
  const CommandResult check = run_cli({"diff", "old.fbs", "new.fbs"}, dir.path());
  BOOST_TEST(check.exit_code == 1);
  BOOST_TEST(contains(check.out, "1 finding can be fixed mechanically: --fix makes the change, --format patch shows it\n"),
             check.out);
  BOOST_TEST(read_file(dir.path() + "/new.fbs") == new_fbs);
}

// A schema reached through a link is fixed at its target, and the link stays a link.
BOOST_AUTO_TEST_CASE(a_linked_schema_is_fixed_through_the_link) {
  TempDir dir;
  dir.write("old.fbs", "enum E : byte { A, B }\ntable T { e: E; }\n");
  dir.write("real/new.fbs", "enum E : byte { A, C, B }\ntable T { e: E; }\n");
  std::filesystem::create_symlink("real/new.fbs", dir.path() + "/new.fbs");
  BOOST_TEST(run_cli({"diff", "old.fbs", "new.fbs", "--fix"}, dir.path()).exit_code == 1);
  BOOST_TEST(std::filesystem::is_symlink(dir.path() + "/new.fbs"));
  BOOST_TEST(read_file(dir.path() + "/real/new.fbs") == "enum E : byte { A, B, C }\ntable T { e: E; }\n");
}

// The fix as data: JSON findings carry the edits, SARIF results a fix whose replacements are real regions.
BOOST_AUTO_TEST_CASE(json_and_sarif_carry_the_edits) {
  TempDir dir;
  dir.write("old.fbs", "enum E : byte {\n  A,\n  B,\n}\ntable T { e: E; }\n");
  dir.write("new.fbs", "enum E : byte {\n  A,\n  C,\n  B,\n}\ntable T { e: E; }\n");
  const CommandResult json = run_cli({"diff", "old.fbs", "new.fbs", "--format", "json"}, dir.path());
  const auto finding = nlohmann::json::parse(json.out).at("findings").at(0);
  BOOST_TEST(finding.at("fix_status") == "fixable");
  BOOST_TEST(finding.at("fix_note") == "C moved to the end of E, as 2");
  const auto& edits = finding.at("edits");
  BOOST_TEST_REQUIRE(edits.size() == 2u);
  BOOST_TEST(edits[0].at("file") == "new.fbs");
  BOOST_TEST(edits[0].at("offset") == 21);  // the line "  C,\n"
  BOOST_TEST(edits[0].at("length") == 5);
  BOOST_TEST(edits[0].at("replacement") == "");
  BOOST_TEST(edits[1].at("offset") == 31);  // after the line "  B,\n"
  BOOST_TEST(edits[1].at("replacement") == "  C,\n");
  BOOST_TEST(edits[1].at("start_line") == 5);
  BOOST_TEST(edits[1].at("start_column") == 1);

  const CommandResult sarif = run_cli({"diff", "old.fbs", "new.fbs", "--format", "sarif"}, dir.path());
  const auto run = nlohmann::json::parse(sarif.out).at("runs").at(0);
  BOOST_TEST(run.at("columnKind") == "unicodeCodePoints");
  const auto fix = run.at("results").at(0).at("fixes").at(0);
  BOOST_TEST(fix.at("description").at("text") == "C moved to the end of E, as 2");
  const auto change = fix.at("artifactChanges").at(0);
  BOOST_TEST(change.at("artifactLocation").at("uri") == "new.fbs");
  const auto removed = change.at("replacements").at(0);
  BOOST_TEST(removed.at("deletedRegion") ==
             nlohmann::json({{"startLine", 3}, {"startColumn", 1}, {"endLine", 4}, {"endColumn", 1}}));
  BOOST_TEST(!removed.contains("insertedContent"));
  const auto added = change.at("replacements").at(1);
  BOOST_TEST(added.at("deletedRegion") ==
             nlohmann::json({{"startLine", 5}, {"startColumn", 1}, {"endLine", 5}, {"endColumn", 1}}));
  BOOST_TEST(added.at("insertedContent").at("text") == "  C,\n");
}

// -o never lands on a schema the fix rewrites: it is an input.
BOOST_AUTO_TEST_CASE(the_report_never_replaces_a_fixed_schema) {
  TempDir dir;
  dir.write("old.fbs", "enum E : byte { A, B }\ntable T { e: E; }\n");
  const std::string new_fbs = "enum E : byte { A, C, B }\ntable T { e: E; }\n";
  dir.write("new.fbs", new_fbs);
  const CommandResult run = run_cli({"diff", "old.fbs", "new.fbs", "--fix", "-o", "new.fbs"}, dir.path());
  BOOST_TEST(run.exit_code == 2);
  BOOST_TEST(read_file(dir.path() + "/new.fbs") == new_fbs);
}

// pair --fix: the reader catches up with what its writer appended; what would need a guess stays.
BOOST_AUTO_TEST_CASE(pair_fix_adds_to_the_reader_what_the_writer_appended) {
  TempDir dir;
  const std::string writer =
      "table A {}\ntable B {}\ntable C {}\ntable Info { size: int; }\nenum Kind : byte { X, Y, Z }\n"
      "union U { A, B, C }\ntable Root { u: U; kind: Kind; info: Info; count: int; }\nroot_type Root;\n";
  const std::string reader =
      "table A {}\ntable B {}\ntable C {}\ntable Info {\n  size: int;\n  name: string (required);\n}\n"
      "enum Kind : byte {\n  X,\n  Y,\n}\nunion U {\n  A,\n  B,\n}\n"
      "table Root {\n  u: U;\n  kind: Kind;\n  info: Info;\n}\nroot_type Root;\n";
  dir.write("writer.fbs", writer);
  dir.write("reader.fbs", reader);
  const CommandResult fix = run_cli({"pair", "--writer", "writer.fbs", "--reader", "reader.fbs", "--fix"}, dir.path());
  BOOST_TEST(fix.exit_code == 1, fix.out << fix.err);
  BOOST_TEST(contains(fix.err, "fbcompat: --fix rewrote reader.fbs"), fix.err);
  BOOST_TEST(read_file(dir.path() + "/writer.fbs") == writer);
  BOOST_TEST(read_file(dir.path() + "/reader.fbs") ==
             "table A {}\ntable B {}\ntable C {}\ntable Info {\n  size: int;\n  name: string;\n}\n"
             "enum Kind : byte {\n  X,\n  Y,\n  Z = 2,  // added by fbcompat: the writer emits it\n}\n"
             "union U {\n  A,\n  B,\n  C,  // added by fbcompat: the writer emits it\n}\n"
             "table Root {\n  u: U;\n  kind: Kind;\n  info: Info;\n  count: int;  // added by fbcompat: the writer "
             "emits it\n}\nroot_type Root;\n");
  const CommandResult again = run_cli({"pair", "--writer", "writer.fbs", "--reader", "reader.fbs", "--format", "json"},
                                      dir.path());
  BOOST_TEST(!contains(again.out, "PAIR_UNION_MEMBER_MISSING"), again.out);
  BOOST_TEST(!contains(again.out, "PAIR_ENUM_VALUE_MISSING"), again.out);
  BOOST_TEST(!contains(again.out, "PAIR_REQUIRED_NOT_WRITTEN"), again.out);
  BOOST_TEST(!contains(again.out, "PAIR_FIELD_MISSING"), again.out);
  BOOST_TEST(again.exit_code == 0, again.out);
}

BOOST_AUTO_TEST_SUITE_END()
