// The struct rules: a struct is stored inline, byte for byte, so its layout never changes.
#include <boost/test/unit_test.hpp>

#include "support/finding_assertions.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

std::string struct_schema(const std::string& vec3) {
  return "namespace fb;\n"
         "\n" +
         vec3 +
         "\n"
         "table Mesh { origin: Vec3; points: [Vec3]; }\n"
         "root_type Mesh;\n";
}

const std::string kVec3 = "struct Vec3 { x: float; y: float; z: float; }\n";

// The one finding of a layout change: STRUCT_SAME_LAYOUT on Vec3, and nothing on the fields using it.
Finding layout_finding(const std::string& new_vec3) {
  const std::string new_fbs = struct_schema(new_vec3);
  const auto findings = diff_texts(struct_schema(kVec3), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"STRUCT_SAME_LAYOUT"});
  const Finding finding = single(findings, "STRUCT_SAME_LAYOUT");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "fb.Vec3");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "struct Vec3"));
  BOOST_TEST(contains(finding.message, "the layout of struct Vec3 changed"), finding.message);
  BOOST_TEST(contains(finding.fix, "restore struct Vec3 as it was"), finding.fix);
  return finding;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(struct_rules)

// STRUCT_SAME_LAYOUT -----------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(adding_a_field_grows_the_struct) {
  const Finding finding = layout_finding("struct Vec3 { x: float; y: float; z: float; w: float; }\n");
  BOOST_TEST(contains(finding.message, "size 12 -> 16 bytes"), finding.message);
  BOOST_TEST(contains(finding.message, "w (float at byte 12) added"), finding.message);
}

BOOST_AUTO_TEST_CASE(removing_a_field_shrinks_the_struct) {
  const Finding finding = layout_finding("struct Vec3 { x: float; y: float; }\n");
  BOOST_TEST(contains(finding.message, "size 12 -> 8 bytes"), finding.message);
  BOOST_TEST(contains(finding.message, "z (float at byte 8) removed"), finding.message);
}

BOOST_AUTO_TEST_CASE(changing_a_field_type_in_place) {
  const Finding finding = layout_finding("struct Vec3 { x: float; y: float; z: int; }\n");
  BOOST_TEST(contains(finding.message, "byte 8: z float -> z int"), finding.message);
  BOOST_TEST(!contains(finding.message, "size"), finding.message);
}

BOOST_AUTO_TEST_CASE(widening_a_field_moves_the_fields_after_it) {
  const Finding finding = layout_finding("struct Vec3 { x: double; y: float; z: float; }\n");
  BOOST_TEST(contains(finding.message, "size 12 -> 16 bytes"), finding.message);
  BOOST_TEST(contains(finding.message, "alignment 4 -> 8"), finding.message);
  BOOST_TEST(contains(finding.message, "byte 0: x float -> x double"), finding.message);
  BOOST_TEST(contains(finding.message, "y moved from byte 4 to byte 8"), finding.message);
}

BOOST_AUTO_TEST_CASE(reordering_fields_of_the_same_type) {
  const Finding finding = layout_finding("struct Vec3 { y: float; x: float; z: float; }\n");
  BOOST_TEST(contains(finding.message, "x moved from byte 0 to byte 4"), finding.message);
  BOOST_TEST(contains(finding.message, "y moved from byte 4 to byte 0"), finding.message);
}

BOOST_AUTO_TEST_CASE(forcing_a_wider_alignment) {
  const Finding finding = layout_finding("struct Vec3 (force_align: 16) { x: float; y: float; z: float; }\n");
  BOOST_TEST(contains(finding.message, "alignment 4 -> 16"), finding.message);
  BOOST_TEST(contains(finding.message, "size 12 -> 16 bytes"), finding.message);
}

BOOST_AUTO_TEST_CASE(changing_a_fixed_array_length) {
  const std::string old_fbs = struct_schema("struct Vec3 { v: [float:3]; }\n");
  const auto findings = diff_texts(old_fbs, struct_schema("struct Vec3 { v: [float:4]; }\n"));
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"STRUCT_SAME_LAYOUT"});
  const Finding finding = single(findings, "STRUCT_SAME_LAYOUT");
  BOOST_TEST(contains(finding.message, "size 12 -> 16 bytes"), finding.message);
  BOOST_TEST(contains(finding.message, "byte 0: v [float:3] -> v [float:4]"), finding.message);
}

BOOST_AUTO_TEST_CASE(a_nested_struct_change_is_reported_on_the_struct_that_changed) {
  const std::string old_fbs = "struct P { a: short; }\nstruct Q { p: P; b: short; }\ntable T { q: Q; }\n";
  const std::string new_fbs = "struct P { a: int; }\nstruct Q { p: P; b: short; }\ntable T { q: Q; }\n";
  const auto findings = diff_texts(old_fbs, new_fbs);
  const Finding finding = single(findings, "STRUCT_SAME_LAYOUT");
  BOOST_TEST(finding.subject == "P");
  // Q changed size because P did: that is a consequence, said in P's finding, not a second problem.
  BOOST_TEST(findings.size() == 1u);
}

BOOST_AUTO_TEST_CASE(an_unchanged_struct_is_compatible) {
  BOOST_TEST(diff_texts(struct_schema(kVec3), struct_schema(kVec3)).empty());
}

// STRUCT_FIELD_SAME_NAME -------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(renaming_a_struct_field_in_place_is_a_json_warning) {
  const std::string new_fbs = struct_schema("struct Vec3 { x: float; y: float; depth: float; }\n");
  const auto findings = diff_texts(struct_schema(kVec3), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"STRUCT_FIELD_SAME_NAME"});
  const Finding finding = single(findings, "STRUCT_FIELD_SAME_NAME");
  BOOST_TEST(finding.severity == Severity::Warning);
  BOOST_TEST(finding.category == Category::Json);
  BOOST_TEST(finding.subject == "fb.Vec3.depth");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "depth: float"));
  BOOST_TEST(contains(finding.message, "z (byte 8) was renamed depth"), finding.message);
  BOOST_TEST(finding.fix == "keep the name z, or accept the JSON and source change");
  BOOST_TEST(compatible(findings));
}

BOOST_AUTO_TEST_CASE(a_renamed_struct_field_with_a_new_type_is_a_layout_change_only) {
  const auto findings = diff_texts(struct_schema(kVec3), struct_schema("struct Vec3 { x: float; y: float; depth: int; }\n"));
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"STRUCT_SAME_LAYOUT"});
  BOOST_TEST(contains(single(findings, "STRUCT_SAME_LAYOUT").message, "byte 8: z float -> depth int"));
}

BOOST_AUTO_TEST_SUITE_END()
