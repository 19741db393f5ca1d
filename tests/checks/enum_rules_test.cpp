// The enum rules: data stores an enum's number, so values keep their numbers, and the enum keeps its
// width and its bit_flags meaning.
#include <boost/test/unit_test.hpp>

#include "support/finding_assertions.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

// A schema with enum Color holding `values`, one per line.
std::string enum_schema(const std::vector<std::string>& values, const std::string& header = "enum Color : byte",
                        const std::string& paint_fields = "color: Color;") {
  std::string text = "namespace fb;\n\n" + header + " {\n";
  for (const std::string& value : values) text += "  " + value + ",\n";
  text += "}\n\ntable Paint { " + paint_fields + " }\nroot_type Paint;\n";
  return text;
}

const std::vector<std::string> kRGB{"Red", "Green", "Blue"};

}  // namespace

BOOST_AUTO_TEST_SUITE(enum_rules)

// ENUM_VALUE_NO_DELETE ---------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(deleting_a_value_in_the_middle_names_the_renumbered_values) {
  const std::string new_fbs = enum_schema({"Red", "Blue", "Black"});
  const auto findings = diff_texts(enum_schema({"Red", "Green", "Blue", "Black"}), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"ENUM_VALUE_NO_DELETE"});
  const Finding finding = single(findings, "ENUM_VALUE_NO_DELETE");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "fb.Color.Green");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "Blue,"));  // the value that now has Green's number
  BOOST_TEST(contains(finding.message, "Green (1) was deleted from Color"), finding.message);
  BOOST_TEST(contains(finding.message, "Old data holding 1 (Green) now reads as Blue"), finding.message);
  BOOST_TEST(contains(finding.message, "Blue (2 -> 1) and Black (3 -> 2)"), finding.message);
  BOOST_TEST(contains(finding.fix, "restore `Green = 1`"), finding.fix);
}

BOOST_AUTO_TEST_CASE(deleting_the_last_value_leaves_old_data_with_a_nameless_number) {
  const std::string new_fbs = enum_schema({"Red", "Green"});
  const auto findings = diff_texts(enum_schema(kRGB), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"ENUM_VALUE_NO_DELETE"});
  const Finding finding = single(findings, "ENUM_VALUE_NO_DELETE");
  BOOST_TEST(finding.subject == "fb.Color.Blue");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "enum Color"));
  BOOST_TEST(contains(finding.message, "does not name"), finding.message);
  BOOST_TEST(!contains(finding.message, "moved down"), finding.message);
  // flatc 2.0.8 prints an undeclared number as a bare number and parses it back without complaint.
  BOOST_TEST(contains(finding.message, "JSON shows a bare number instead of a name"), finding.message);
  BOOST_TEST(!contains(finding.message, "JSON input rejects"), finding.message);
  BOOST_TEST(contains(finding.fix, "restore `Blue = 2`"), finding.fix);
}

BOOST_AUTO_TEST_CASE(appending_a_value_is_compatible) {
  BOOST_TEST(diff_texts(enum_schema(kRGB), enum_schema({"Red", "Green", "Blue", "Black"})).empty());
}

// ENUM_VALUE_SAME_NUMBER -------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(an_unnumbered_value_inserted_in_the_middle_is_one_finding) {
  const std::string new_fbs = enum_schema({"Red", "Teal", "Green", "Blue"});
  const auto findings = diff_texts(enum_schema(kRGB), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"ENUM_VALUE_SAME_NUMBER"});
  const Finding finding = single(findings, "ENUM_VALUE_SAME_NUMBER");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "fb.Color.Teal");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "Teal,"));
  BOOST_TEST(contains(finding.message, "Teal was inserted into Color before Green"), finding.message);
  BOOST_TEST(contains(finding.message, "Green (1 -> 2) and Blue (2 -> 3)"), finding.message);
  BOOST_TEST(contains(finding.message, "Old data holding 1 (Green) now reads as Teal"), finding.message);
  BOOST_TEST(finding.fix == "move Teal to the end of Color, where it becomes 3");
}

BOOST_AUTO_TEST_CASE(an_explicit_value_in_a_gap_is_compatible) {
  const auto findings = diff_texts(enum_schema({"Red = 0", "Blue = 2", "Black = 7"}),
                                   enum_schema({"Red = 0", "Green = 1", "Blue = 2", "Gray = 5", "Black = 7"}));
  BOOST_TEST(findings.empty());
}

BOOST_AUTO_TEST_CASE(an_explicit_number_change_is_reported_once) {
  const std::string new_fbs = enum_schema({"Red", "Green", "Blue = 5"});
  const auto findings = diff_texts(enum_schema(kRGB), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"ENUM_VALUE_SAME_NUMBER"});
  const Finding finding = single(findings, "ENUM_VALUE_SAME_NUMBER");
  BOOST_TEST(finding.subject == "fb.Color.Blue");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "Blue = 5"));
  BOOST_TEST(contains(finding.message, "Blue changed from 2 to 5"), finding.message);
  BOOST_TEST(finding.fix == "restore `Blue = 2`");
}

BOOST_AUTO_TEST_CASE(reordering_values_is_one_finding) {
  const auto findings = diff_texts(enum_schema({"Red", "Green", "Blue", "Black"}),
                                   enum_schema({"Green", "Blue", "Black", "Red"}));
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"ENUM_VALUE_SAME_NUMBER"});
  const Finding finding = single(findings, "ENUM_VALUE_SAME_NUMBER");
  BOOST_TEST(finding.subject == "fb.Color.Red");
  BOOST_TEST(contains(finding.message, "Red changed from 0 to 3"), finding.message);
  BOOST_TEST(contains(finding.message, "Green (1 -> 0), Blue (2 -> 1) and Black (3 -> 2)"), finding.message);
}

BOOST_AUTO_TEST_CASE(a_default_that_follows_its_renumbered_value_is_not_a_second_finding) {
  const auto findings = diff_texts(enum_schema(kRGB, "enum Color : byte", "color: Color = Blue;"),
                                   enum_schema({"Red", "Teal", "Green", "Blue"}, "enum Color : byte", "color: Color = Blue;"));
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"ENUM_VALUE_SAME_NUMBER"});
}

BOOST_AUTO_TEST_CASE(a_default_changed_to_another_value_is_still_reported) {
  const std::string new_fbs = enum_schema(kRGB, "enum Color : byte", "color: Color = Green;");
  const auto findings = diff_texts(enum_schema(kRGB, "enum Color : byte", "color: Color = Blue;"), new_fbs);
  const Finding finding = single(findings, "FIELD_SAME_DEFAULT");
  BOOST_TEST(findings.size() == 1u);
  BOOST_TEST(contains(finding.message, "from Blue (2) to Green (1)"), finding.message);
  BOOST_TEST(finding.fix == "restore `= Blue`; for a new default, add a new field and deprecate this one");
}

// ENUM_VALUE_SAME_NAME ---------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(renaming_a_value_is_a_json_warning) {
  const std::string new_fbs = enum_schema({"Red", "Lime", "Blue"});
  const auto findings = diff_texts(enum_schema(kRGB), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"ENUM_VALUE_SAME_NAME"});
  const Finding finding = single(findings, "ENUM_VALUE_SAME_NAME");
  BOOST_TEST(finding.severity == Severity::Warning);
  BOOST_TEST(finding.category == Category::Json);
  BOOST_TEST(finding.subject == "fb.Color.Lime");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "Lime,"));
  BOOST_TEST(contains(finding.message, "Green (1) was renamed Lime"), finding.message);
  BOOST_TEST(contains(finding.fix, "keep the name Green"), finding.fix);
  BOOST_TEST(compatible(findings));
}

BOOST_AUTO_TEST_CASE(spelling_a_value_out_explicitly_changes_nothing) {
  BOOST_TEST(diff_texts(enum_schema(kRGB), enum_schema({"Red = 0", "Green = 1", "Blue = 2"})).empty());
}

// ENUM_SAME_UNDERLYING_TYPE ----------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(widening_an_enum_is_one_wire_error_not_one_per_field) {
  const std::string new_fbs = enum_schema(kRGB, "enum Color : short", "color: Color; colors: [Color];");
  const auto findings = diff_texts(enum_schema(kRGB, "enum Color : byte", "color: Color; colors: [Color];"), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"ENUM_SAME_UNDERLYING_TYPE"});
  const Finding finding = single(findings, "ENUM_SAME_UNDERLYING_TYPE");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "fb.Color");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "enum Color"));
  BOOST_TEST(contains(finding.message, "Color changed from byte to short"), finding.message);
  BOOST_TEST(contains(finding.message, "Paint.color"), finding.message);
  BOOST_TEST(finding.fix == "keep `enum Color : byte`");
}

BOOST_AUTO_TEST_CASE(an_unchanged_underlying_type_is_compatible) {
  BOOST_TEST(diff_texts(enum_schema(kRGB, "enum Color : ubyte"), enum_schema(kRGB, "enum Color : ubyte")).empty());
}

// ENUM_SAME_BIT_FLAGS ----------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(gaining_bit_flags_is_one_finding_not_one_per_value) {
  const std::string new_fbs = enum_schema(kRGB, "enum Color : ubyte (bit_flags)", "color: Color = Green;");
  const auto findings = diff_texts(enum_schema(kRGB, "enum Color : ubyte", "color: Color = Green;"), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"ENUM_SAME_BIT_FLAGS"});
  const Finding finding = single(findings, "ENUM_SAME_BIT_FLAGS");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "fb.Color");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "enum Color"));
  BOOST_TEST(contains(finding.message, "Color gained the bit_flags attribute"), finding.message);
  BOOST_TEST(contains(finding.message, "Green (1 -> 2)"), finding.message);
  BOOST_TEST(contains(finding.fix, "remove `(bit_flags)` on Color"), finding.fix);
}

BOOST_AUTO_TEST_CASE(losing_bit_flags_is_one_finding) {
  const auto findings = diff_texts(enum_schema(kRGB, "enum Color : ubyte (bit_flags)"), enum_schema(kRGB, "enum Color : ubyte"));
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"ENUM_SAME_BIT_FLAGS"});
  const Finding finding = single(findings, "ENUM_SAME_BIT_FLAGS");
  BOOST_TEST(contains(finding.message, "Color lost the bit_flags attribute"), finding.message);
  BOOST_TEST(contains(finding.fix, "restore `(bit_flags)` on Color"), finding.fix);
}

BOOST_AUTO_TEST_CASE(appending_a_flag_is_compatible) {
  BOOST_TEST(diff_texts(enum_schema(kRGB, "enum Color : ubyte (bit_flags)"),
                        enum_schema({"Red", "Green", "Blue", "Black"}, "enum Color : ubyte (bit_flags)"))
                 .empty());
}

BOOST_AUTO_TEST_SUITE_END()
