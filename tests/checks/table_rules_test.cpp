// The table field rules: data stores each field in its slot (its id), omits fields equal to their
// default, and the verifier rejects buffers without required fields.
#include <boost/test/unit_test.hpp>

#include "support/finding_assertions.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

// A schema whose table Item has `fields`, one per line.
std::string table_schema(const std::vector<std::string>& fields, const std::string& extra = "") {
  std::string text =
      "namespace fb;\n"
      "\n"
      "enum Kind : ubyte { Tool, Food }\n"
      "table Person { name: string; }\n"
      "table Owner { name: string; }\n"
      "table Pen { ink: int; }\n"
      "union Thing { Pen }\n" +
      extra +
      "\n"
      "table Item {\n";
  for (const std::string& field : fields) text += "  " + field + ";\n";
  text +=
      "}\n"
      "\n"
      "root_type Item;\n";
  return text;
}

const std::vector<std::string> kItem{"id: uint", "name: string", "weight: float = 1.5"};

}  // namespace

BOOST_AUTO_TEST_SUITE(table_rules)

// FIELD_NO_DELETE --------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(deleting_a_field_in_the_middle_shifts_the_fields_after_it) {
  const std::string new_fbs = table_schema({"id: uint", "weight: float = 1.5"});
  const auto findings = diff_texts(table_schema(kItem), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_NO_DELETE"});
  const Finding finding = single(findings, "FIELD_NO_DELETE");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "fb.Item.name");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "weight: float"));  // the field now in name's slot
  BOOST_TEST(contains(finding.message, "field name (slot 1) was deleted from Item"), finding.message);
  BOOST_TEST(contains(finding.message, "weight (2 -> 1)"), finding.message);
  BOOST_TEST(finding.fix ==
             "restore `name: string (deprecated);` in its old place: a deprecated field keeps its slot and loses its "
             "accessors");
}

BOOST_AUTO_TEST_CASE(deleting_the_last_field_frees_its_slot) {
  const std::string new_fbs = table_schema({"id: uint", "name: string"});
  const auto findings = diff_texts(table_schema(kItem), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_NO_DELETE"});
  const Finding finding = single(findings, "FIELD_NO_DELETE");
  BOOST_TEST(finding.subject == "fb.Item.weight");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "table Item"));
  BOOST_TEST(contains(finding.message, "Its slot 2 is now free"), finding.message);
  BOOST_TEST(contains(finding.fix, "restore `weight: float = 1.5 (deprecated);`"), finding.fix);
}

BOOST_AUTO_TEST_CASE(deprecating_instead_of_deleting_is_only_a_source_warning) {
  const std::string new_fbs = table_schema({"id: uint", "name: string (deprecated)", "weight: float = 1.5"});
  const auto findings = diff_texts(table_schema(kItem), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_NEWLY_DEPRECATED"});
  BOOST_TEST(with_rule(findings, "FIELD_NO_DELETE").empty());
  BOOST_TEST(compatible(findings));
}

BOOST_AUTO_TEST_CASE(deleting_a_field_that_was_already_deprecated_is_still_an_error) {
  const auto findings = diff_texts(table_schema({"id: uint", "name: string", "legacy: int (deprecated)"}),
                                   table_schema({"id: uint", "name: string"}));
  const Finding finding = single(findings, "FIELD_NO_DELETE");
  BOOST_TEST(findings.size() == 1u);
  BOOST_TEST(contains(finding.message, "deprecated field legacy (slot 2) was deleted"), finding.message);
}

// FIELD_SAME_SLOT --------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(a_field_inserted_in_the_middle_is_one_finding) {
  const std::string new_fbs = table_schema({"id: uint", "count: int", "name: string", "weight: float = 1.5"});
  const auto findings = diff_texts(table_schema(kItem), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_SAME_SLOT"});
  const Finding finding = single(findings, "FIELD_SAME_SLOT");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "fb.Item.count");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "count: int"));
  BOOST_TEST(contains(finding.message, "count was inserted into Item at slot 1, before name"), finding.message);
  BOOST_TEST(contains(finding.message, "name (1 -> 2) and weight (2 -> 3)"), finding.message);
  BOOST_TEST(contains(finding.message, "old data's name is now read as count (int)"), finding.message);
  BOOST_TEST(finding.fix == "move count to the end of Item, after weight");
}

BOOST_AUTO_TEST_CASE(a_union_field_inserted_in_the_middle_takes_two_slots) {
  const std::string new_fbs = table_schema({"id: uint", "thing: Thing", "name: string", "weight: float = 1.5"});
  const auto findings = diff_texts(table_schema(kItem), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_SAME_SLOT"});
  const Finding finding = single(findings, "FIELD_SAME_SLOT");
  BOOST_TEST(finding.subject == "fb.Item.thing");
  BOOST_TEST(contains(finding.message, "at slots 1 and 2, before name"), finding.message);
  BOOST_TEST(contains(finding.message, "name (1 -> 3) and weight (2 -> 4)"), finding.message);
}

BOOST_AUTO_TEST_CASE(a_union_field_deleted_in_the_middle_frees_two_slots) {
  const auto findings = diff_texts(table_schema({"id: uint", "thing: Thing", "name: string"}),
                                   table_schema({"id: uint", "name: string"}));
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_NO_DELETE"});
  const Finding finding = single(findings, "FIELD_NO_DELETE");
  BOOST_TEST(contains(finding.message, "field thing (slots 1 and 2) was deleted from Item"), finding.message);
  BOOST_TEST(contains(finding.message, "name (3 -> 1)"), finding.message);
}

BOOST_AUTO_TEST_CASE(a_union_field_that_becomes_a_vector_of_unions_is_a_type_change) {
  const auto findings = diff_texts(table_schema({"id: uint", "thing: Thing"}), table_schema({"id: uint", "thing: [Thing]"}));
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_SAME_TYPE"});
  BOOST_TEST(contains(single(findings, "FIELD_SAME_TYPE").message, "changed type from fb.Thing to [fb.Thing]"));
}

BOOST_AUTO_TEST_CASE(appending_fields_is_compatible) {
  BOOST_TEST(diff_texts(table_schema(kItem), table_schema({"id: uint", "name: string", "weight: float = 1.5",
                                                           "count: int", "things: [Thing]"}))
                 .empty());
}

BOOST_AUTO_TEST_CASE(an_explicit_id_change_is_reported_with_the_ids_to_restore) {
  const std::string new_fbs = table_schema({"id: uint (id: 0)", "name: string (id: 2)", "weight: float = 1.5 (id: 1)"});
  const auto findings =
      diff_texts(table_schema({"id: uint (id: 0)", "name: string (id: 1)", "weight: float = 1.5 (id: 2)"}), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_SAME_SLOT"});
  const Finding finding = single(findings, "FIELD_SAME_SLOT");
  BOOST_TEST(finding.subject == "fb.Item.name");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "name: string (id: 2)"));
  BOOST_TEST(contains(finding.message, "name moved from slot 1 to slot 2"), finding.message);
  BOOST_TEST(contains(finding.message, "weight (2 -> 1)"), finding.message);
  BOOST_TEST(contains(finding.fix, "`(id: 1)` on name"), finding.fix);
  BOOST_TEST(contains(finding.fix, "`(id: 2)` on weight"), finding.fix);
}

BOOST_AUTO_TEST_CASE(reordering_declarations_that_keep_their_explicit_ids_is_compatible) {
  const auto findings =
      diff_texts(table_schema({"id: uint (id: 0)", "name: string (id: 1)", "weight: float = 1.5 (id: 2)"}),
                 table_schema({"weight: float = 1.5 (id: 2)", "extra: int (id: 3)", "id: uint (id: 0)", "name: string (id: 1)"}));
  BOOST_TEST(findings.empty());
}

BOOST_AUTO_TEST_CASE(reordering_fields_is_one_finding_for_the_field_that_moved) {
  const std::string new_fbs = table_schema({"name: string", "weight: float = 1.5", "id: uint"});
  const auto findings = diff_texts(table_schema(kItem), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_SAME_SLOT"});
  const Finding finding = single(findings, "FIELD_SAME_SLOT");
  BOOST_TEST(finding.subject == "fb.Item.id");
  BOOST_TEST(contains(finding.message, "id moved from slot 0 to slot 2"), finding.message);
  BOOST_TEST(contains(finding.message, "name (1 -> 0) and weight (2 -> 1)"), finding.message);
}

// FIELD_SAME_TYPE / FIELD_SAME_TYPE_NAME ---------------------------------------------------------

BOOST_AUTO_TEST_CASE(changing_a_field_type_is_a_wire_error) {
  const std::string new_fbs = table_schema({"id: uint", "name: string", "weight: double = 1.5"});
  const auto findings = diff_texts(table_schema(kItem), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_SAME_TYPE"});
  const Finding finding = single(findings, "FIELD_SAME_TYPE");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "fb.Item.weight");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "weight: double"));
  BOOST_TEST(contains(finding.message, "weight (slot 2) changed type from float to double"), finding.message);
  BOOST_TEST(contains(finding.fix, "keep `weight: float = 1.5`"), finding.fix);
}

BOOST_AUTO_TEST_CASE(changing_a_table_reference_to_an_incompatible_table_is_a_wire_error) {
  const auto findings = diff_texts(table_schema({"id: uint", "pen: Pen"}), table_schema({"id: uint", "pen: Person"}));
  const Finding finding = single(findings, "FIELD_SAME_TYPE");
  BOOST_TEST(findings.size() == 1u);
  BOOST_TEST(contains(finding.message, "changed type from fb.Pen to fb.Person"), finding.message);
}

BOOST_AUTO_TEST_CASE(an_enum_replaced_by_its_integer_is_a_source_warning) {
  const std::string new_fbs = table_schema({"id: uint", "kind: ubyte"});
  const auto findings = diff_texts(table_schema({"id: uint", "kind: Kind"}), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_SAME_TYPE_NAME"});
  const Finding finding = single(findings, "FIELD_SAME_TYPE_NAME");
  BOOST_TEST(finding.severity == Severity::Warning);
  BOOST_TEST(finding.category == Category::Source);
  BOOST_TEST(finding.subject == "fb.Item.kind");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "kind: ubyte"));
  BOOST_TEST(contains(finding.message, "kind changed type from fb.Kind to ubyte"), finding.message);
  BOOST_TEST(finding.fix == "keep the type fb.Kind, or accept the source change");
}

BOOST_AUTO_TEST_CASE(a_table_replaced_by_a_layout_identical_table_is_a_source_warning) {
  const auto findings = diff_texts(table_schema({"id: uint", "owner: Person"}), table_schema({"id: uint", "owner: Owner"}));
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_SAME_TYPE_NAME"});
  BOOST_TEST(contains(single(findings, "FIELD_SAME_TYPE_NAME").message, "from fb.Person to fb.Owner"));
}

// A field whose type kept its name while the declaration changed underneath (an enum widened, a table
// turned struct, a struct's layout) is reported once, by the declaration's rule, which names the fields
// it affects. FIELD_SAME_TYPE would have to say "changed type from fb.K to fb.K", naming nothing.
BOOST_AUTO_TEST_CASE(a_type_changed_under_its_name_is_reported_by_the_declaration_rule_only) {
  struct Case {
    std::string old_declaration;
    std::string new_declaration;
    std::string rule;
  };
  const std::vector<Case> cases{
      {"enum K : byte { a }", "enum K : short { a }", "ENUM_SAME_UNDERLYING_TYPE"},
      {"table K { a: int; }", "struct K { a: int; }", "TYPE_SAME_KIND"},
      {"struct K { a: int; }", "struct K { a: long; }", "STRUCT_SAME_LAYOUT"},
  };
  for (const Case& change : cases) {
    const auto findings = diff_texts(table_schema({"id: uint", "k: K", "ks: [K]"}, change.old_declaration + "\n"),
                                     table_schema({"id: uint", "k: K", "ks: [K]"}, change.new_declaration + "\n"));
    BOOST_TEST(rules_of(findings) == std::vector<std::string>{change.rule}, change.new_declaration);
  }
}

BOOST_AUTO_TEST_CASE(an_unchanged_type_is_compatible) {
  BOOST_TEST(diff_texts(table_schema({"id: uint", "kind: Kind", "owner: Person"}),
                        table_schema({"id: uint", "kind: Kind", "owner: Person"}))
                 .empty());
}

// FIELD_SAME_DEFAULT -----------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(changing_a_default_is_a_wire_error) {
  const std::string new_fbs = table_schema({"id: uint", "name: string", "weight: float = 2.5"});
  const auto findings = diff_texts(table_schema(kItem), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_SAME_DEFAULT"});
  const Finding finding = single(findings, "FIELD_SAME_DEFAULT");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "fb.Item.weight");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "weight: float = 2.5"));
  BOOST_TEST(contains(finding.message, "the default of weight changed from 1.5 to 2.5"), finding.message);
  BOOST_TEST(finding.fix == "restore `= 1.5`; for a new default, add a new field and deprecate this one");
}

BOOST_AUTO_TEST_CASE(the_same_default_spelled_differently_is_compatible) {
  BOOST_TEST(diff_texts(table_schema({"ratio: float", "count: int = 0", "big: ulong = 18446744073709551615"}),
                        table_schema({"ratio: float = 0.0", "count: int = 0x0", "big: ulong = 18446744073709551615"}))
                 .empty());
  BOOST_TEST(diff_texts(table_schema({"ratio: double = 0"}), table_schema({"ratio: double = 0.0"})).empty());
}

BOOST_AUTO_TEST_CASE(an_optional_scalar_keeps_its_null_default) {
  BOOST_TEST(diff_texts(table_schema({"limit: int = null"}), table_schema({"limit: int = null"})).empty());
  const std::string new_fbs = table_schema({"limit: int"});
  const auto findings = diff_texts(table_schema({"limit: int = null"}), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_SAME_DEFAULT"});
  const Finding finding = single(findings, "FIELD_SAME_DEFAULT");
  BOOST_TEST(finding.subject == "fb.Item.limit");
  BOOST_TEST(contains(finding.message, "from null to 0"), finding.message);
  BOOST_TEST(contains(finding.fix, "restore `= null`"), finding.fix);

  const Finding became_optional = single(diff_texts(table_schema({"limit: int"}), table_schema({"limit: int = null"})),
                                         "FIELD_SAME_DEFAULT");
  BOOST_TEST(contains(became_optional.message, "from 0 to null"), became_optional.message);
}

// FIELD_NO_NEW_REQUIRED --------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(a_field_that_becomes_required_rejects_old_data) {
  const std::string new_fbs = table_schema({"id: uint", "name: string (required)", "weight: float = 1.5"});
  const auto findings = diff_texts(table_schema(kItem), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_NO_NEW_REQUIRED"});
  const Finding finding = single(findings, "FIELD_NO_NEW_REQUIRED");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "fb.Item.name");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "name: string (required)"));
  BOOST_TEST(contains(finding.message, "name became required"), finding.message);
  BOOST_TEST(contains(finding.fix, "remove `required` from name"), finding.fix);
}

BOOST_AUTO_TEST_CASE(a_new_required_field_rejects_old_data) {
  const std::string new_fbs = table_schema({"id: uint", "name: string", "weight: float = 1.5", "tag: string (required)"});
  const auto findings = diff_texts(table_schema(kItem), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_NO_NEW_REQUIRED"});
  const Finding finding = single(findings, "FIELD_NO_NEW_REQUIRED");
  BOOST_TEST(finding.subject == "fb.Item.tag");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "tag: string (required)"));
  BOOST_TEST(contains(finding.message, "new field tag is required"), finding.message);
  BOOST_TEST(contains(finding.fix, "add tag without `required`"), finding.fix);
}

BOOST_AUTO_TEST_CASE(required_fields_that_stay_required_and_new_optional_fields_are_compatible) {
  BOOST_TEST(diff_texts(table_schema({"id: uint", "name: string (required)"}),
                        table_schema({"id: uint", "name: string (required)", "tag: string"}))
                 .empty());
  // Dropping `required` accepts more data, never less.
  BOOST_TEST(diff_texts(table_schema({"name: string (required)"}), table_schema({"name: string"})).empty());
}

// FIELD_SAME_NAME --------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(renaming_a_field_is_a_json_warning) {
  const std::string new_fbs = table_schema({"id: uint", "name: string", "mass: float = 1.5"});
  const auto findings = diff_texts(table_schema(kItem), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_SAME_NAME"});
  const Finding finding = single(findings, "FIELD_SAME_NAME");
  BOOST_TEST(finding.severity == Severity::Warning);
  BOOST_TEST(finding.category == Category::Json);
  BOOST_TEST(finding.subject == "fb.Item.mass");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "mass: float"));
  BOOST_TEST(contains(finding.message, "weight (slot 2) was renamed mass"), finding.message);
  BOOST_TEST(finding.fix == "keep the name weight, or accept the JSON and source change");
  BOOST_TEST(compatible(findings));
}

BOOST_AUTO_TEST_CASE(a_renamed_field_with_a_new_type_is_a_type_change) {
  const auto findings = diff_texts(table_schema(kItem), table_schema({"id: uint", "name: string", "mass: double = 1.5"}));
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_SAME_TYPE"});
  BOOST_TEST(contains(single(findings, "FIELD_SAME_TYPE").message, "and renamed from weight"));
}

// FIELD_NO_REUSE_DEPRECATED ----------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(reusing_a_deprecated_slot_is_a_wire_error) {
  const std::string new_fbs = table_schema({"id: uint", "flags: uint", "name: string"});
  const auto findings = diff_texts(table_schema({"id: uint", "legacy: int (deprecated)", "name: string"}), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_NO_REUSE_DEPRECATED"});
  const Finding finding = single(findings, "FIELD_NO_REUSE_DEPRECATED");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "fb.Item.flags");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "flags: uint"));
  BOOST_TEST(contains(finding.message, "flags (uint) takes slot 1, which belongs to the deprecated field legacy (int)"),
             finding.message);
  BOOST_TEST(finding.fix == "keep `legacy: int (deprecated);` and add flags at the end of Item");
}

BOOST_AUTO_TEST_CASE(keeping_the_deprecated_field_and_appending_is_compatible) {
  BOOST_TEST(diff_texts(table_schema({"id: uint", "legacy: int (deprecated)", "name: string"}),
                        table_schema({"id: uint", "legacy: int (deprecated)", "name: string", "flags: uint"}))
                 .empty());
}

// FIELD_SAME_KEY ---------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(losing_the_key_is_a_wire_error) {
  const std::string new_fbs = table_schema({"id: uint", "name: string"});
  const auto findings = diff_texts(table_schema({"id: uint (key)", "name: string"}), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_SAME_KEY"});
  const Finding finding = single(findings, "FIELD_SAME_KEY");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "fb.Item.id");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "id: uint"));
  BOOST_TEST(contains(finding.message, "id lost the key attribute"), finding.message);
  BOOST_TEST(finding.fix == "restore `(key)` on id");
}

BOOST_AUTO_TEST_CASE(moving_the_key_to_another_field_is_one_finding) {
  const std::string new_fbs = table_schema({"id: uint", "name: string (key)"});
  const auto findings = diff_texts(table_schema({"id: uint (key)", "name: string"}), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_SAME_KEY"});
  const Finding finding = single(findings, "FIELD_SAME_KEY");
  BOOST_TEST(finding.subject == "fb.Item.name");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "name: string (key)"));
  BOOST_TEST(contains(finding.message, "The key of Item moved from id to name"), finding.message);
  BOOST_TEST(finding.fix == "restore `(key)` on id and remove it from name");
}

BOOST_AUTO_TEST_CASE(a_new_field_that_becomes_the_key_is_reported) {
  const auto findings = diff_texts(table_schema({"id: uint"}), table_schema({"id: uint", "code: string (key)"}));
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_SAME_KEY"});
  const Finding finding = single(findings, "FIELD_SAME_KEY");
  BOOST_TEST(finding.subject == "fb.Item.code");
  BOOST_TEST(contains(finding.message, "code gained the key attribute"), finding.message);
}

// A table that gains its first key had no old key: its old vectors were written unsorted, not sorted
// by some other field.
BOOST_AUTO_TEST_CASE(a_first_key_claims_no_old_sort_order) {
  const auto findings = diff_texts(table_schema({"id: uint", "name: string"}), table_schema({"id: uint", "name: string (key)"}));
  const Finding finding = single(findings, "FIELD_SAME_KEY");
  BOOST_TEST(contains(finding.message, "are not sorted by name"), finding.message);
  BOOST_TEST(!contains(finding.message, "sorted by the old key"), finding.message);
}

BOOST_AUTO_TEST_CASE(an_unchanged_key_is_compatible) {
  BOOST_TEST(diff_texts(table_schema({"id: uint (key)", "name: string"}),
                        table_schema({"id: uint (key)", "name: string", "extra: int"}))
                 .empty());
}

// FIELD_NEWLY_DEPRECATED -------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(deprecating_a_field_is_a_source_warning) {
  const std::string new_fbs = table_schema({"id: uint", "name: string", "weight: float = 1.5 (deprecated)"});
  const auto findings = diff_texts(table_schema(kItem), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_NEWLY_DEPRECATED"});
  const Finding finding = single(findings, "FIELD_NEWLY_DEPRECATED");
  BOOST_TEST(finding.severity == Severity::Warning);
  BOOST_TEST(finding.category == Category::Source);
  BOOST_TEST(finding.subject == "fb.Item.weight");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "weight: float = 1.5 (deprecated)"));
  BOOST_TEST(contains(finding.message, "weight was deprecated"), finding.message);
  BOOST_TEST(contains(finding.fix, "remove every use of weight"), finding.fix);
}

BOOST_AUTO_TEST_CASE(a_field_deprecated_while_its_type_changes_is_only_deprecated) {
  // Nothing reads or writes a deprecated field any more, so its old bytes cannot be misread.
  const auto findings = diff_texts(table_schema(kItem), table_schema({"id: uint", "name: string", "weight: double (deprecated)"}));
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FIELD_NEWLY_DEPRECATED"});
}

BOOST_AUTO_TEST_CASE(a_field_deprecated_in_both_versions_is_not_reported) {
  const std::string both = table_schema({"id: uint", "legacy: int (deprecated)"});
  BOOST_TEST(diff_texts(both, both).empty());
  // Even when its type changed: nothing reads or writes it.
  BOOST_TEST(diff_texts(both, table_schema({"id: uint", "legacy: float (deprecated)"})).empty());
}

BOOST_AUTO_TEST_SUITE_END()
