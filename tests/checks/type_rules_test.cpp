// The declaration rules: tables, structs, enums and unions that old data can contain stay declared,
// stay what they are, and (for generated code) keep their names and namespaces.
#include <boost/test/unit_test.hpp>

#include "support/finding_assertions.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

const std::string kCar =
    "namespace fb;\n"
    "\n"
    "table Engine { power: int; }\n"
    "table Wheel { size: int; }\n"
    "table Spare { size: int; }\n"
    "\n"
    "table Car { engine: Engine; wheels: [Wheel]; }\n"
    "root_type Car;\n";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  BOOST_TEST_REQUIRE(at != std::string::npos, "'" << from << "' is not in the schema");
  text.replace(at, from.size(), to);
  return text;
}

std::string replaced_all(std::string text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(type_rules)

// TYPE_NO_DELETE / TYPE_NO_DELETE_UNUSED ---------------------------------------------------------

BOOST_AUTO_TEST_CASE(deleting_a_table_old_data_contains_is_a_wire_error) {
  const std::string new_fbs = replaced(replaced(kCar, "table Engine { power: int; }\n", ""),
                                       "table Car { engine: Engine; wheels: [Wheel]; }", "table Car { wheels: [Wheel]; }");
  const auto findings = diff_texts(kCar, new_fbs);
  // Two edits, two findings: the field Car.engine and the table Engine both went.
  BOOST_TEST(rules_of(findings) == (std::vector<std::string>{"FIELD_NO_DELETE", "TYPE_NO_DELETE"}));
  const Finding finding = single(findings, "TYPE_NO_DELETE");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "fb.Engine");
  BOOST_TEST(points_at(finding, "old.fbs", kCar, "table Engine"));  // it is only in the old file
  BOOST_TEST(contains(finding.message, "table Engine was deleted, but the old schema uses it (fb.Car.engine)"),
             finding.message);
  BOOST_TEST(finding.fix == "restore table Engine; keep it even when nothing new writes it");
}

BOOST_AUTO_TEST_CASE(deleting_an_unused_table_is_a_source_warning) {
  const auto findings = diff_texts(kCar, replaced(kCar, "table Spare { size: int; }\n", ""));
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"TYPE_NO_DELETE_UNUSED"});
  const Finding finding = single(findings, "TYPE_NO_DELETE_UNUSED");
  BOOST_TEST(finding.severity == Severity::Warning);
  BOOST_TEST(finding.category == Category::Source);
  BOOST_TEST(finding.subject == "fb.Spare");
  BOOST_TEST(points_at(finding, "old.fbs", kCar, "table Spare"));
  BOOST_TEST(contains(finding.message, "table Spare was deleted. Nothing that data of the old schema can reach from its roots used it"), finding.message);
  BOOST_TEST(finding.fix == "keep table Spare until no code uses it");
  BOOST_TEST(compatible(findings));
}

BOOST_AUTO_TEST_CASE(a_table_used_only_as_a_union_member_counts_as_used) {
  const std::string old_fbs = "table A { x: int; }\ntable B { y: int; }\nunion U { A, B }\ntable R { u: U; }\n";
  const std::string new_fbs = "table A { x: int; }\nunion U { A }\ntable R { u: U; }\n";
  const auto findings = diff_texts(old_fbs, new_fbs);
  BOOST_TEST(rules_of(findings) == (std::vector<std::string>{"TYPE_NO_DELETE", "UNION_MEMBER_NO_DELETE"}));
  // The old schema names no root_type, so B, a table, is also a possible root of its own.
  BOOST_TEST(contains(single(findings, "TYPE_NO_DELETE").message, "U.B)"), single(findings, "TYPE_NO_DELETE").message);
}

// Reachability: "used" means reachable from a root, not mentioned anywhere -----------------------

BOOST_AUTO_TEST_CASE(a_schema_without_root_type_treats_every_table_as_a_root) {
  // Barrage-shaped: a file of messages, each sent as a buffer of its own; nothing refers to Pong.
  const std::string old_fbs = "namespace barrage;\ntable Ping { seq: long; }\ntable Pong { seq: long; }\n";
  const std::string new_fbs = "namespace barrage;\ntable Ping { seq: long; }\n";
  const auto findings = diff_texts(old_fbs, new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"TYPE_NO_DELETE"});
  const Finding finding = single(findings, "TYPE_NO_DELETE");
  BOOST_TEST(contains(finding.message, "as a possible root: the old schema declares no root_type"), finding.message);
  BOOST_TEST(!compatible(findings));
}

BOOST_AUTO_TEST_CASE(a_struct_is_never_a_root_of_its_own) {
  const auto findings = diff_texts("struct P { x: int; }\ntable T { a: int; }\n", "table T { a: int; }\n");
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"TYPE_NO_DELETE_UNUSED"});
}

BOOST_AUTO_TEST_CASE(uses_by_tables_the_root_cannot_reach_hold_no_data) {
  // Orphan and Part are both deleted; only Orphan used Part, and root_type R reaches neither.
  const std::string old_fbs = "table Part { a: int; }\ntable Orphan { p: Part; }\ntable R { x: int; }\nroot_type R;\n";
  const std::string new_fbs = "table R { x: int; }\nroot_type R;\n";
  const auto findings = diff_texts(old_fbs, new_fbs);
  BOOST_TEST(rules_of(findings) == (std::vector<std::string>{"TYPE_NO_DELETE_UNUSED", "TYPE_NO_DELETE_UNUSED"}));
  BOOST_TEST(compatible(findings));
}

BOOST_AUTO_TEST_CASE(what_the_root_reaches_through_a_union_and_a_nested_buffer_is_used) {
  const std::string old_fbs =
      "table Inner { a: int; }\ntable Leaf { i: Inner; }\nunion U { Leaf }\ntable Boxed { b: int; }\n"
      "table R { u: U; blob: [ubyte] (nested_flatbuffer: \"Boxed\"); }\nroot_type R;\n";
  const std::string new_fbs =
      "table Leaf { i: int; }\nunion U { Leaf }\ntable R { u: U; blob: [ubyte]; }\nroot_type R;\n";
  const auto findings = diff_texts(old_fbs, new_fbs);
  std::vector<std::string> deleted;
  for (const Finding& finding : findings) {
    if (finding.rule == "TYPE_NO_DELETE") deleted.push_back(finding.subject);
  }
  BOOST_TEST(deleted == (std::vector<std::string>{"Inner", "Boxed"}), findings.size());
}

BOOST_AUTO_TEST_CASE(configured_root_tables_are_roots_besides_root_type) {
  const std::string old_fbs = "table Side { a: int; }\ntable R { x: int; }\nroot_type R;\n";
  const std::string new_fbs = "table R { x: int; }\nroot_type R;\n";
  BOOST_TEST(rules_of(diff_texts(old_fbs, new_fbs)) == std::vector<std::string>{"TYPE_NO_DELETE_UNUSED"});
  DiffOptions options;
  options.root_tables = {"Side"};
  const auto findings = diff_texts(old_fbs, new_fbs, options);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"TYPE_NO_DELETE"});
  BOOST_TEST(contains(single(findings, "TYPE_NO_DELETE").message, "[diff] root_tables"));
}

BOOST_AUTO_TEST_CASE(an_enum_whose_every_use_became_its_integer_is_deleted_without_breaking_data) {
  const std::string old_fbs = "enum Kind : ubyte { Tool, Food }\ntable Item { kind: Kind; }\n";
  const auto findings = diff_texts(old_fbs, "table Item { kind: ubyte; }\n");
  BOOST_TEST(rules_of(findings) == (std::vector<std::string>{"FIELD_SAME_TYPE_NAME", "TYPE_NO_DELETE_UNUSED"}));
  BOOST_TEST(compatible(findings));
  const Finding finding = single(findings, "TYPE_NO_DELETE_UNUSED");
  BOOST_TEST(finding.subject == "Kind");
  BOOST_TEST(contains(finding.message, "(Item.kind) now hold types laid out the same"), finding.message);
}

// A field with `(nested_flatbuffer: "Debug")` holds whole Debug buffers, so old data can contain a Debug.
BOOST_AUTO_TEST_CASE(a_table_used_only_as_a_nested_flatbuffer_root_counts_as_used) {
  const auto findings = diff_texts(
      "table Debug { names: [string]; }\n"
      "table G { a: int; debug: [ubyte] (nested_flatbuffer: \"Debug\"); }\nroot_type G;\n",
      "table G { a: int; debug: [ubyte]; }\nroot_type G;\n");
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"TYPE_NO_DELETE"});
  BOOST_TEST(contains(single(findings, "TYPE_NO_DELETE").message, "G.debug (nested_flatbuffer)"));
}

// TYPE_SAME_KIND ---------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(a_table_that_becomes_a_struct_is_one_wire_error) {
  const std::string new_fbs = replaced(kCar, "table Wheel { size: int; }", "struct Wheel { size: int; }");
  const auto findings = diff_texts(kCar, new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"TYPE_SAME_KIND"});
  const Finding finding = single(findings, "TYPE_SAME_KIND");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "fb.Wheel");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "struct Wheel"));
  BOOST_TEST(contains(finding.message, "Wheel changed from a table to a struct"), finding.message);
  BOOST_TEST(finding.fix == "keep Wheel a table and declare the struct under a new name");
}

BOOST_AUTO_TEST_CASE(declarations_that_keep_their_kind_are_compatible) {
  BOOST_TEST(diff_texts(kCar, kCar).empty());
}

// TYPE_SAME_NAMESPACE ----------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(moving_a_declaration_to_another_namespace_is_a_source_warning) {
  std::string new_fbs = replaced(kCar, "table Engine { power: int; }\n", "");
  new_fbs = replaced(new_fbs, "engine: Engine", "engine: fb.parts.Engine");
  new_fbs += "\nnamespace fb.parts;\n\ntable Engine { power: int; }\n";
  const auto findings = diff_texts(kCar, new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"TYPE_SAME_NAMESPACE"});
  const Finding finding = single(findings, "TYPE_SAME_NAMESPACE");
  BOOST_TEST(finding.severity == Severity::Warning);
  BOOST_TEST(finding.category == Category::Source);
  BOOST_TEST(finding.subject == "fb.parts.Engine");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "table Engine"));
  BOOST_TEST(contains(finding.message, "table fb.Engine moved to fb.parts.Engine"), finding.message);
  BOOST_TEST(compatible(findings));
}

BOOST_AUTO_TEST_CASE(renaming_a_whole_namespace_is_one_finding) {
  const std::string new_fbs = replaced(kCar, "namespace fb;", "namespace vehicles;");
  const auto findings = diff_texts(kCar, new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"TYPE_SAME_NAMESPACE"});
  const Finding finding = single(findings, "TYPE_SAME_NAMESPACE");
  BOOST_TEST(finding.subject == "vehicles");
  BOOST_TEST(contains(finding.message, "namespace fb was renamed vehicles"), finding.message);
  BOOST_TEST(contains(finding.message, "4 declarations"), finding.message);
  BOOST_TEST(contains(finding.fix, "keep namespace fb"), finding.fix);
}

// TYPE_SAME_NAME ---------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(renaming_a_table_with_all_its_uses_is_a_source_warning_not_a_deletion) {
  const std::string new_fbs = replaced_all(kCar, "Wheel", "Tire");
  const auto findings = diff_texts(kCar, new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"TYPE_SAME_NAME"});
  const Finding finding = single(findings, "TYPE_SAME_NAME");
  BOOST_TEST(finding.severity == Severity::Warning);
  BOOST_TEST(finding.category == Category::Source);
  BOOST_TEST(finding.subject == "fb.Tire");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "table Tire"));
  BOOST_TEST(contains(finding.message, "table Wheel was renamed Tire"), finding.message);
  BOOST_TEST(finding.fix == "keep the name Wheel, or accept the source change");
  BOOST_TEST(with_rule(findings, "TYPE_NO_DELETE").empty());
}

BOOST_AUTO_TEST_CASE(renaming_the_root_table_is_a_rename_not_a_root_change) {
  const std::string new_fbs = replaced_all(kCar, "Car", "Vehicle");
  const auto findings = diff_texts(kCar, new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"TYPE_SAME_NAME"});
  BOOST_TEST(single(findings, "TYPE_SAME_NAME").subject == "fb.Vehicle");
}

BOOST_AUTO_TEST_CASE(renaming_an_enum_used_by_a_field_is_a_rename) {
  const std::string old_fbs = "enum Mode : byte { Off, On }\ntable T { mode: Mode; }\n";
  const auto findings = diff_texts(old_fbs, replaced_all(old_fbs, "Mode", "State"));
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"TYPE_SAME_NAME"});
  BOOST_TEST(contains(single(findings, "TYPE_SAME_NAME").message, "enum Mode was renamed State"));
}

// A table renamed together with the field or union member that uses it: the rename is found through
// the field's slot and the member's type id, so it is a rename (and a JSON rename of the use), not a
// deletion of the old table.
BOOST_AUTO_TEST_CASE(a_table_renamed_with_the_field_that_uses_it_is_a_rename) {
  const auto findings = diff_texts(
      "table OutputMinMax { output_min: float; output_max: float; }\n"
      "table XNode { debug_handle: uint; output_min_max: OutputMinMax; }\nroot_type XNode;\n",
      "table OutputClamp { output_min: float; output_max: float; }\n"
      "table XNode { debug_handle: uint; output_clamp: OutputClamp; }\nroot_type XNode;\n");
  BOOST_TEST(rules_of(findings) == (std::vector<std::string>{"FIELD_SAME_NAME", "TYPE_SAME_NAME"}));
  BOOST_TEST(contains(single(findings, "TYPE_SAME_NAME").message, "table OutputMinMax was renamed OutputClamp"));
}

BOOST_AUTO_TEST_CASE(a_table_renamed_with_the_union_member_named_after_it_is_a_rename) {
  const auto findings = diff_texts(
      "table XNNStaticTranspose { num_dims: uint; perm: [uint]; }\n"
      "union XNodeUnion { XNNStaticTranspose }\ntable XNode { xnode_union: XNodeUnion; }\nroot_type XNode;\n",
      "table XNNTranspose { num_dims: uint; perm: [uint]; }\n"
      "union XNodeUnion { XNNTranspose }\ntable XNode { xnode_union: XNodeUnion; }\nroot_type XNode;\n");
  BOOST_TEST(rules_of(findings) == (std::vector<std::string>{"TYPE_SAME_NAME", "UNION_MEMBER_SAME_NAME"}));
  BOOST_TEST(contains(single(findings, "TYPE_SAME_NAME").message, "table XNNStaticTranspose was renamed XNNTranspose"));
}

BOOST_AUTO_TEST_CASE(an_unused_table_under_a_new_name_is_a_deletion_and_an_addition) {
  const auto findings = diff_texts(kCar, replaced(kCar, "table Spare", "table Extra"));
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"TYPE_NO_DELETE_UNUSED"});
}

BOOST_AUTO_TEST_SUITE_END()
