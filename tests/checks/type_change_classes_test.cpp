// Every kind of type change, classed by what really breaks, and worded by what is true of the bytes:
// FIELD_SAME_TYPE when old data's bytes no longer read as the old type, FIELD_TYPE_SAME_WIDTH when they
// read at the same width but some values as others, FIELD_TYPE_SAME_BYTES when every value reads the same
// and only JSON and generated code change; FIELD_SAME_TYPE_NAME when only a declaration's name changed;
// a field that became a union is a change of type that shifts what follows, not a reordering.
#include <boost/test/unit_test.hpp>

#include "support/finding_assertions.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

std::string item(const std::string& field, const std::string& extra = "") {
  return "namespace fb;\nenum Level : int { Low, High }\ntable Pen { ink: int; }\nunion Thing { Pen }\n" + extra +
         "table Item {\n  " + field + ";\n  after: int;\n}\nroot_type Item;\n";
}

struct Case {
  std::string from;
  std::string to;
  std::string rule;      // the one rule that fires
  Category category;
  Severity severity;
  std::string says;      // part of the message
  std::string never;     // what the message must not claim
};

}  // namespace

BOOST_AUTO_TEST_SUITE(type_change_classes)

BOOST_AUTO_TEST_CASE(each_type_change_is_classed_by_what_it_breaks) {
  const std::vector<Case> cases{
      // The bytes no longer read as the old type.
      {"a: int", "a: long", "FIELD_SAME_TYPE", Category::Wire, Severity::Error, "reading 8 bytes where old data stored 4", ""},
      {"a: int", "a: float", "FIELD_SAME_TYPE", Category::Wire, Severity::Error, "as a floating-point number", ""},
      {"a: [ubyte]", "a: string", "FIELD_SAME_TYPE", Category::Wire, Severity::Error,
       "without the zero byte a string must end with", "reading garbage"},
      {"a: string", "a: int", "FIELD_SAME_TYPE", Category::Wire, Severity::Error, "reading garbage or failing", ""},
      // Same width, some values read as others.
      {"a: int", "a: uint", "FIELD_TYPE_SAME_WIDTH", Category::Wire, Severity::Warning,
       "a negative int reads as a uint of 2^32 more (-1 as 4294967295)", "garbage"},
      {"a: ulong", "a: long", "FIELD_TYPE_SAME_WIDTH", Category::Wire, Severity::Warning,
       "a ulong from 2^63 up reads as a negative long", "garbage"},
      {"a: byte", "a: ubyte", "FIELD_TYPE_SAME_WIDTH", Category::Wire, Severity::Warning, "a negative byte", "garbage"},
      {"a: [short]", "a: [ushort]", "FIELD_TYPE_SAME_WIDTH", Category::Wire, Severity::Warning,
       "in each element, a negative short", "garbage"},
      {"a: ubyte", "a: bool", "FIELD_TYPE_SAME_WIDTH", Category::Wire, Severity::Warning,
       "a ubyte other than 0 and 1 reads as true", "garbage"},
      // Every value reads the same: JSON and generated code change.
      {"a: string", "a: [ubyte]", "FIELD_TYPE_SAME_BYTES", Category::Json, Severity::Warning,
       "Every value old data holds reads the same", "garbage"},
      {"a: string", "a: [byte]", "FIELD_TYPE_SAME_BYTES", Category::Json, Severity::Warning, "buffers are unaffected",
       "garbage"},
      {"a: bool", "a: ubyte", "FIELD_TYPE_SAME_BYTES", Category::Json, Severity::Warning, "buffers are unaffected",
       "garbage"},
      // Only a declaration's name: an enum and its integer.
      {"a: Level", "a: int", "FIELD_SAME_TYPE_NAME", Category::Source, Severity::Warning, "old data still reads correctly",
       "garbage"},
  };
  for (const Case& change : cases) {
    BOOST_TEST_CONTEXT(change.from << " -> " << change.to) {
      const auto findings = diff_texts(item(change.from), item(change.to));
      BOOST_TEST(rules_of(findings) == std::vector<std::string>{change.rule});
      if (rules_of(findings) != std::vector<std::string>{change.rule}) continue;
      const Finding& finding = findings.front();
      BOOST_TEST(finding.category == change.category);
      BOOST_TEST(finding.severity == change.severity);
      BOOST_TEST(contains(finding.message, change.says), finding.message);
      if (!change.never.empty()) BOOST_TEST(!contains(finding.message, change.never), finding.message);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_field_that_became_a_union_is_a_change_of_type_not_a_reordering) {
  const std::string new_fbs = item("a: Thing");
  const auto findings = diff_texts(item("a: Pen"), new_fbs);
  const Finding finding = single(findings, "FIELD_SAME_SLOT");
  BOOST_TEST(contains(finding.message, "a changed from fb.Pen to the union fb.Thing, which takes two slots (slots 0 and 1)"),
             finding.message);
  BOOST_TEST(contains(finding.message, "old data's fb.Pen in slot 0 is read as the union's type id"), finding.message);
  BOOST_TEST(contains(finding.message, "after (1 -> 2)"), finding.message);
  BOOST_TEST(!contains(finding.message, "reordered"), finding.message);
  BOOST_TEST(!contains(finding.fix, "field order"), finding.fix);
  BOOST_TEST(contains(finding.fix, "keep `a: fb.Pen`"), finding.fix);
  // And back: a union that became a table.
  const auto back = diff_texts(new_fbs, item("a: Pen"));
  const Finding reverse = single(back, "FIELD_SAME_SLOT");
  BOOST_TEST(contains(reverse.message, "a changed from the union fb.Thing (slots 0 and 1) to fb.Pen, which takes one slot"),
             reverse.message);
}

BOOST_AUTO_TEST_CASE(an_enum_that_changes_signedness_is_an_error_only_when_its_values_change) {
  const auto enum_of = [](const std::string& underlying, const std::string& values) {
    return "namespace fb;\nenum Mode : " + underlying + " { " + values + " }\ntable T { m: Mode; }\nroot_type T;\n";
  };
  // Every declared value below the sign bit: old data keeps its meaning.
  const auto small = diff_texts(enum_of("ubyte", "Off, On, Auto"), enum_of("byte", "Off, On, Auto"));
  const Finding harmless = single(small, "ENUM_SAME_UNDERLYING_TYPE");
  BOOST_TEST(harmless.severity == Severity::Warning);
  BOOST_TEST(harmless.category == Category::Source);
  BOOST_TEST(contains(harmless.message, "Every value Mode declares reads the same"), harmless.message);
  // A value past it: stored 3000000000 now reads as a negative int.
  const auto changed = diff_texts(enum_of("uint", "Off, On = 3000000000"), enum_of("int", "Off, On = 7"));
  BOOST_TEST(single(changed, "ENUM_SAME_UNDERLYING_TYPE").severity == Severity::Error);
  const auto negative = diff_texts(enum_of("int", "Down = -1, Zero, Up"), enum_of("uint", "Zero, Up, Top"));
  BOOST_TEST(single(negative, "ENUM_SAME_UNDERLYING_TYPE").severity == Severity::Error);
  // A change of width is never harmless.
  BOOST_TEST(single(diff_texts(enum_of("short", "A, B"), enum_of("int", "A, B")), "ENUM_SAME_UNDERLYING_TYPE").severity ==
             Severity::Error);
}

BOOST_AUTO_TEST_SUITE_END()
