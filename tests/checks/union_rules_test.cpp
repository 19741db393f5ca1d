// The union rules: type ids are what old data stores, so members keep their ids and their tables.
#include <boost/test/unit_test.hpp>

#include "support/finding_assertions.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

// A schema whose union U has `members`, one per line, used by Root through `uses`.
std::string union_schema(const std::vector<std::string>& members, const std::string& uses = "node: U;") {
  std::string text =
      "namespace fb;\n"
      "\n"
      "table A { x: int; }\n"
      "table B { y: int; }\n"
      "table C { z: int; }\n"
      "table D { w: int; }\n"
      "table E { v: int; }\n"
      "table Text { s: string; }\n"
      "\n"
      "union U {\n";
  for (const std::string& member : members) text += "  " + member + ",\n";
  text +=
      "}\n"
      "\n"
      "table Root { " + uses + " }\n"
      "root_type Root;\n";
  return text;
}

const std::vector<std::string> kABC{"A", "B", "C"};

}  // namespace

BOOST_AUTO_TEST_SUITE(union_rules)

// UNION_MEMBER_SAME_ID ---------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(insertion_in_the_middle_is_one_finding_naming_the_member_the_shifts_and_the_fix) {
  const std::string old_fbs = union_schema(kABC);
  const std::string new_fbs = union_schema({"A", "D", "B", "C"});
  const auto findings = diff_texts(old_fbs, new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"UNION_MEMBER_SAME_ID"});
  const Finding finding = single(findings, "UNION_MEMBER_SAME_ID");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "fb.U.D");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "D,"));
  BOOST_TEST(contains(finding.message, "D was inserted into U at type id 2"), finding.message);
  BOOST_TEST(contains(finding.message, "B (2 -> 3) and C (3 -> 4)"), finding.message);
  BOOST_TEST(contains(finding.message, "decode B as D and C as B"), finding.message);
  BOOST_TEST(finding.fix == "move D to the end of U, after C, as type id 4");
}

BOOST_AUTO_TEST_CASE(appending_a_member_is_compatible) {
  const auto findings = diff_texts(union_schema(kABC), union_schema({"A", "B", "C", "D"}));
  BOOST_TEST(findings.empty());
}

BOOST_AUTO_TEST_CASE(two_insertions_are_two_findings_with_consecutive_fixes) {
  const std::string new_fbs = union_schema({"A", "D", "B", "E", "C"});
  const auto findings = diff_texts(union_schema(kABC), new_fbs);
  BOOST_TEST(rules_of(findings) == (std::vector<std::string>{"UNION_MEMBER_SAME_ID", "UNION_MEMBER_SAME_ID"}));
  BOOST_TEST_REQUIRE(findings.size() == 2u);
  // Sorted by line: D first.
  BOOST_TEST(findings[0].subject == "fb.U.D");
  BOOST_TEST(points_at(findings[0], "new.fbs", new_fbs, "D,"));
  BOOST_TEST(contains(findings[0].message, "at type id 2"), findings[0].message);
  BOOST_TEST(findings[0].fix == "move D to the end of U, after C, as type id 4");
  BOOST_TEST(findings[1].subject == "fb.U.E");
  BOOST_TEST(points_at(findings[1], "new.fbs", new_fbs, "E,"));
  BOOST_TEST(contains(findings[1].message, "at type id 4"), findings[1].message);
  BOOST_TEST(contains(findings[1].message, "C (3 -> 5)"), findings[1].message);
  BOOST_TEST(findings[1].fix == "move E to the end of U, after D, as type id 5");
}

BOOST_AUTO_TEST_CASE(insertion_before_an_appended_member_is_reported_and_the_append_is_not) {
  const auto findings = diff_texts(union_schema(kABC), union_schema({"A", "D", "B", "C", "E"}));
  const Finding finding = single(findings, "UNION_MEMBER_SAME_ID");
  BOOST_TEST(findings.size() == 1u);
  BOOST_TEST(finding.subject == "fb.U.D");
  BOOST_TEST(finding.fix == "move D to the end of U, after C, as type id 4");
}

BOOST_AUTO_TEST_CASE(reordering_is_one_finding_for_the_member_that_moved) {
  const std::string new_fbs = union_schema({"B", "C", "D", "A"});
  const auto findings = diff_texts(union_schema({"A", "B", "C", "D"}), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"UNION_MEMBER_SAME_ID"});
  const Finding finding = single(findings, "UNION_MEMBER_SAME_ID");
  BOOST_TEST(finding.subject == "fb.U.A");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "A,"));
  BOOST_TEST(contains(finding.message, "A moved from type id 1 to type id 4"), finding.message);
  BOOST_TEST(contains(finding.message, "B (2 -> 1), C (3 -> 2) and D (4 -> 3)"), finding.message);
  BOOST_TEST(contains(finding.message, "decode A as B"), finding.message);
  BOOST_TEST(contains(finding.fix, "put A back at type id 1"), finding.fix);
}

BOOST_AUTO_TEST_CASE(swapping_two_members_is_one_finding) {
  const auto findings = diff_texts(union_schema(kABC), union_schema({"A", "C", "B"}));
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"UNION_MEMBER_SAME_ID"});
  const Finding finding = single(findings, "UNION_MEMBER_SAME_ID");
  // Either member can be said to have moved; the message names both changes.
  const bool b_moved = contains(finding.message, "B moved from type id 2 to type id 3") && contains(finding.message, "C (3 -> 2)");
  const bool c_moved = contains(finding.message, "C moved from type id 3 to type id 2") && contains(finding.message, "B (2 -> 3)");
  BOOST_TEST((b_moved || c_moved), finding.message);
}

BOOST_AUTO_TEST_CASE(explicit_ids_filling_a_gap_are_compatible) {
  const auto findings = diff_texts(union_schema({"A = 1", "B = 3"}), union_schema({"A = 1", "C = 2", "B = 3"}));
  BOOST_TEST(findings.empty());
}

BOOST_AUTO_TEST_CASE(an_explicit_id_change_is_reported) {
  const std::string new_fbs = union_schema({"A = 1", "B = 5"});
  const auto findings = diff_texts(union_schema({"A = 1", "B = 3"}), new_fbs);
  const Finding finding = single(findings, "UNION_MEMBER_SAME_ID");
  BOOST_TEST(findings.size() == 1u);
  BOOST_TEST(finding.subject == "fb.U.B");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "B = 5"));
  BOOST_TEST(contains(finding.message, "B moved from type id 3 to type id 5"), finding.message);
  BOOST_TEST(contains(finding.fix, "put B back at type id 3"), finding.fix);
}

BOOST_AUTO_TEST_CASE(insertion_into_a_vector_of_unions_is_reported_the_same_way) {
  const std::string new_fbs = union_schema({"A", "D", "B", "C"}, "nodes: [U];");
  const auto findings = diff_texts(union_schema(kABC, "nodes: [U];"), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"UNION_MEMBER_SAME_ID"});
  const Finding finding = single(findings, "UNION_MEMBER_SAME_ID");
  BOOST_TEST(finding.subject == "fb.U.D");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "D,"));
  BOOST_TEST(finding.fix == "move D to the end of U, after C, as type id 4");
}

BOOST_AUTO_TEST_CASE(a_union_declared_in_an_included_file_is_checked_and_located_there) {
  TempDir dir;
  const std::string old_types = union_schema(kABC);
  const std::string new_types = union_schema({"A", "D", "B", "C"});
  const std::string main_fbs = "include \"types.fbs\";\nnamespace app;\ntable Program { nodes: [fb.U]; }\nroot_type Program;\n";
  dir.write("old/inc/types.fbs", old_types);
  dir.write("new/inc/types.fbs", new_types);
  const std::string old_main = dir.write("old/main.fbs", main_fbs);
  const std::string new_main = dir.write("new/main.fbs", main_fbs);
  LoadOptions old_options;
  old_options.include_dirs = {dir.path() + "/old/inc"};
  LoadOptions new_options;
  new_options.include_dirs = {dir.path() + "/new/inc"};
  const auto findings = diff_paths(old_main, new_main, old_options, new_options);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"UNION_MEMBER_SAME_ID"});
  const Finding finding = single(findings, "UNION_MEMBER_SAME_ID");
  BOOST_TEST(finding.subject == "fb.U.D");
  BOOST_TEST(points_at(finding, "new/inc/types.fbs", new_types, "D,"));
  BOOST_TEST(finding.fix == "move D to the end of U, after C, as type id 4");
}

// A NONE-like member: ExecuTorch's own unions start with an explicit empty `Null` table. It is an
// ordinary member with type id 1, unlike the implicit NONE (0).
BOOST_AUTO_TEST_CASE(an_explicit_none_like_member_is_an_ordinary_member) {
  const std::string base = "table Null {}\ntable Int { v: long; }\ntable Bool { v: bool; }\ntable Double { v: double; }\n";
  const std::string old_fbs = base + "union KernelTypes { Null, Int, Bool }\ntable Value { val: KernelTypes; }\n";
  const std::string inserted = base + "union KernelTypes { Double, Null, Int, Bool }\ntable Value { val: KernelTypes; }\n";
  const Finding insertion = single(diff_texts(old_fbs, inserted), "UNION_MEMBER_SAME_ID");
  BOOST_TEST(insertion.subject == "KernelTypes.Double");
  BOOST_TEST(contains(insertion.message, "at type id 1, before Null"), insertion.message);
  BOOST_TEST(contains(insertion.message, "Null (1 -> 2), Int (2 -> 3) and Bool (3 -> 4)"), insertion.message);
  BOOST_TEST(insertion.fix == "move Double to the end of KernelTypes, after Bool, as type id 4");

  const std::string deleted = base + "union KernelTypes { Int, Bool }\ntable Value { val: KernelTypes; }\n";
  const auto findings = diff_texts(old_fbs, deleted);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"UNION_MEMBER_NO_DELETE"});
  const Finding deletion = single(findings, "UNION_MEMBER_NO_DELETE");
  BOOST_TEST(deletion.subject == "KernelTypes.Null");
  BOOST_TEST(contains(deletion.message, "Int (2 -> 1) and Bool (3 -> 2)"), deletion.message);
  BOOST_TEST(deletion.fix ==
             "restore `Null` as type id 1, before Int; to retire a member, keep it in the union and stop writing it "
             "(union members cannot be deprecated)");

  BOOST_TEST(diff_texts(old_fbs, base + "union KernelTypes { Null, Int, Bool, Double }\ntable Value { val: KernelTypes; }\n")
                 .empty());
}

// UNION_MEMBER_NO_DELETE -------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(deletion_in_the_middle_names_every_shifted_member) {
  const std::string new_fbs = union_schema({"A", "C", "D"});
  const auto findings = diff_texts(union_schema({"A", "B", "C", "D"}), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"UNION_MEMBER_NO_DELETE"});
  const Finding finding = single(findings, "UNION_MEMBER_NO_DELETE");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "fb.U.B");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "C,"));  // the member that now holds B's type id
  BOOST_TEST(contains(finding.message, "B (type id 2, table B) was deleted from U"), finding.message);
  BOOST_TEST(contains(finding.message, "C (3 -> 2) and D (4 -> 3)"), finding.message);
  BOOST_TEST(contains(finding.message, "decode B as C, C as D"), finding.message);
  BOOST_TEST(contains(finding.fix, "restore `B` as type id 2, between A and C"), finding.fix);
}

BOOST_AUTO_TEST_CASE(deletion_at_the_end_names_the_id_nothing_decodes) {
  const std::string new_fbs = union_schema({"A", "B"});
  const auto findings = diff_texts(union_schema(kABC), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"UNION_MEMBER_NO_DELETE"});
  const Finding finding = single(findings, "UNION_MEMBER_NO_DELETE");
  BOOST_TEST(finding.subject == "fb.U.C");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "union U"));
  BOOST_TEST(contains(finding.message, "type id 3"), finding.message);
  BOOST_TEST(contains(finding.message, "does not know"), finding.message);
  BOOST_TEST(!contains(finding.message, "moved down"), finding.message);
  BOOST_TEST(contains(finding.fix, "restore `C` as type id 3, after B"), finding.fix);
}

BOOST_AUTO_TEST_CASE(a_member_replaced_by_another_table_at_its_id_is_a_deletion) {
  const std::string new_fbs = union_schema({"A", "Words: Text", "C"});
  const auto findings = diff_texts(union_schema(kABC), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"UNION_MEMBER_NO_DELETE"});
  const Finding finding = single(findings, "UNION_MEMBER_NO_DELETE");
  BOOST_TEST(finding.subject == "fb.U.B");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "Words: Text"));
  BOOST_TEST(contains(finding.message, "replaced by Words (table Text)"), finding.message);
  BOOST_TEST(finding.fix == "restore `B` at type id 2 and add Words at the end of U, as type id 4");
}

BOOST_AUTO_TEST_CASE(keeping_a_retired_member_is_compatible) {
  // The member stays declared; only the writer stops emitting it. Its table gains a deprecated field.
  std::string new_fbs = union_schema(kABC);
  new_fbs.replace(new_fbs.find("table B { y: int; }"), 19, "table B { y: int (deprecated); }");
  const auto findings = diff_texts(union_schema(kABC), new_fbs);
  BOOST_TEST(with_rule(findings, "UNION_MEMBER_NO_DELETE").empty());
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_NEWLY_DEPRECATED"});
}

// UNION_MEMBER_SAME_NAME -------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(rename_at_the_same_id_is_a_json_warning) {
  const std::string new_fbs = union_schema({"A", "Bee: B", "C"});
  const auto findings = diff_texts(union_schema(kABC), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"UNION_MEMBER_SAME_NAME"});
  const Finding finding = single(findings, "UNION_MEMBER_SAME_NAME");
  BOOST_TEST(finding.severity == Severity::Warning);
  BOOST_TEST(finding.category == Category::Json);
  BOOST_TEST(finding.subject == "fb.U.Bee");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "Bee: B"));
  BOOST_TEST(contains(finding.message, "B (type id 2) was renamed Bee"), finding.message);
  BOOST_TEST(contains(finding.fix, "keep the name B"), finding.fix);
  BOOST_TEST(compatible(findings));
}

BOOST_AUTO_TEST_CASE(naming_a_member_explicitly_after_its_table_changes_nothing) {
  BOOST_TEST(diff_texts(union_schema(kABC), union_schema({"A", "B: B", "C"})).empty());
}

// UNION_MEMBER_SAME_TABLE / UNION_MEMBER_SAME_TABLE_NAME -------------------------------------------

BOOST_AUTO_TEST_CASE(member_table_changed_to_an_incompatible_table_is_a_wire_error) {
  const std::string new_fbs = union_schema({"A", "B: Text", "C"});
  const auto findings = diff_texts(union_schema(kABC), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"UNION_MEMBER_SAME_TABLE"});
  const Finding finding = single(findings, "UNION_MEMBER_SAME_TABLE");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "fb.U.B");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "B: Text"));
  BOOST_TEST(contains(finding.message, "now carries table Text instead of B"), finding.message);
  BOOST_TEST(contains(finding.message, "int became string"), finding.message);
  BOOST_TEST(finding.fix == "keep `B` (table B) at type id 2 and add a new member for table Text at the end of U, as "
                            "type id 4");
}

BOOST_AUTO_TEST_CASE(every_member_switched_to_the_same_incompatible_table_gets_the_reason) {
  const std::string new_fbs = union_schema({"A", "B", "C", "X: Text", "Y: Text"});
  const auto findings = diff_texts(union_schema({"A", "B", "C", "X: D", "Y: D"}), new_fbs);
  BOOST_TEST(rules_of(findings) == (std::vector<std::string>{"UNION_MEMBER_SAME_TABLE", "UNION_MEMBER_SAME_TABLE"}));
  for (const Finding& finding : findings) BOOST_TEST(contains(finding.message, "(slot 0 of fb.Text: int became string)"), finding.message);
}

BOOST_AUTO_TEST_CASE(recursive_tables_are_compared_to_the_end) {
  // Comparing Tree with Tree2 assumes them alike while comparing their children; Tree2 differs in
  // `weight`, so the children (Leaf and Leaf2, which point back) differ too.
  const std::string tables = "table Tree { leaf: Leaf; weight: int; }\ntable Leaf { parent: Tree; }\n"
                             "table Tree2 { leaf: Leaf2; weight: float; }\ntable Leaf2 { parent: Tree2; }\n"
                             "table Root { node: U; }\n";
  const auto findings = diff_texts("union U { T: Tree, L: Leaf }\n" + tables, "union U { T: Tree2, L: Leaf2 }\n" + tables);
  BOOST_TEST(rules_of(findings) == (std::vector<std::string>{"UNION_MEMBER_SAME_TABLE", "UNION_MEMBER_SAME_TABLE"}));
}

BOOST_AUTO_TEST_CASE(member_table_changed_to_a_layout_identical_table_is_a_source_warning) {
  // Bravo is B under another name: same slots, types and field names.
  std::string new_fbs = union_schema({"A", "B: Bravo", "C"});
  new_fbs.replace(new_fbs.find("table C {"), 9, "table Bravo { y: int; }\ntable C {");
  const auto findings = diff_texts(union_schema(kABC), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"UNION_MEMBER_SAME_TABLE_NAME"});
  const Finding finding = single(findings, "UNION_MEMBER_SAME_TABLE_NAME");
  BOOST_TEST(finding.severity == Severity::Warning);
  BOOST_TEST(finding.category == Category::Source);
  BOOST_TEST(finding.subject == "fb.U.B");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "B: Bravo"));
  BOOST_TEST(contains(finding.message, "now carries table Bravo instead of B"), finding.message);
  BOOST_TEST(contains(finding.message, "laid out the same"), finding.message);
  BOOST_TEST(compatible(findings));
}

BOOST_AUTO_TEST_CASE(a_table_with_the_same_bytes_but_other_field_names_is_a_wire_error) {
  // XNNPACK's two-input nodes and one-input nodes: uints in the same slots, under other names. Old
  // softmax payloads would be read with their output id as input2_id and their flags as output_id.
  const std::string tables = "table _XNNNode1x1 { input_id: uint; output_id: uint; flags: uint; }\n"
                             "table _XNNNode2x1 { input1_id: uint; input2_id: uint; output_id: uint; flags: uint; }\n"
                             "table Node { node: XNodeUnion; }\n";
  const auto findings = diff_texts("union XNodeUnion { XNNAdd: _XNNNode2x1, XNNSoftmax: _XNNNode1x1 }\n" + tables,
                                   "union XNodeUnion { XNNAdd: _XNNNode2x1, XNNSoftmax: _XNNNode2x1 }\n" + tables);
  const Finding finding = single(findings, "UNION_MEMBER_SAME_TABLE");
  BOOST_TEST(findings.size() == 1u);
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(contains(finding.message, "slot 0 is input_id in _XNNNode1x1 but input1_id in _XNNNode2x1"), finding.message);
}

BOOST_AUTO_TEST_CASE(member_table_renamed_with_the_union_is_a_type_rename_only) {
  std::string new_fbs = union_schema({"A", "B: Bravo", "C"});
  new_fbs.replace(new_fbs.find("table B {"), 9, "table Bravo {");
  const auto findings = diff_texts(union_schema(kABC), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"TYPE_SAME_NAME"});
}

// UNION_SAME_UNDERLYING_TYPE ---------------------------------------------------------------------

// flatc 2.0.8 does not accept `union U : ushort`, so a wider type id is modelled directly, as a
// newer flatbuffers would load it.
BOOST_AUTO_TEST_CASE(a_wider_type_id_is_a_wire_error) {
  const std::string text = union_schema(kABC);
  const Schema old_schema = load_text(text, "old.fbs");
  Schema new_schema = load_text(text, "new.fbs");
  for (Enum& enumeration : new_schema.enums) {
    if (enumeration.name == "fb.U") enumeration.underlying = BaseType::UShort;
  }
  const auto findings = diff_schemas(old_schema, new_schema);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"UNION_SAME_UNDERLYING_TYPE"});
  const Finding finding = single(findings, "UNION_SAME_UNDERLYING_TYPE");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "fb.U");
  BOOST_TEST(points_at(finding, "new.fbs", text, "union U"));
  BOOST_TEST(contains(finding.message, "from ubyte to ushort"), finding.message);
  BOOST_TEST(contains(finding.fix, "keep ubyte"), finding.fix);

  BOOST_TEST(diff_schemas(old_schema, load_text(text, "new.fbs")).empty());
}

// UNION_CAPACITY ---------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(a_union_growing_past_the_capacity_threshold_is_warned_about) {
  TempDir dir;
  const std::string new_fbs = union_schema({"A", "B", "C", "D"});
  const std::string old_path = dir.write("old.fbs", union_schema(kABC));
  const std::string new_path = dir.write("new.fbs", new_fbs);
  DiffOptions options;
  options.union_capacity_warning = 3;
  const auto findings = diff_paths(old_path, new_path, {}, {}, options);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"UNION_CAPACITY"});
  const Finding finding = single(findings, "UNION_CAPACITY");
  BOOST_TEST(finding.severity == Severity::Warning);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "fb.U");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "union U"));
  BOOST_TEST(contains(finding.message, "4 of the 255 type ids its ubyte type id allows; 251 are left"), finding.message);

  // At the threshold, and (once past it) when the union does not grow, nothing is said.
  options.union_capacity_warning = 4;
  BOOST_TEST(diff_paths(old_path, new_path, {}, {}, options).empty());
  options.union_capacity_warning = 2;
  BOOST_TEST(diff_paths(new_path, new_path, {}, {}, options).empty());
}

BOOST_AUTO_TEST_SUITE_END()
