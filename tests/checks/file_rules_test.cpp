// The file-level rules: the file_identifier readers check, and the root_type they decode.
#include <boost/test/unit_test.hpp>

#include "support/finding_assertions.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

std::string file_schema(const std::string& identifier_line, const std::string& root_line = "root_type Graph;\n") {
  return "namespace fb;\n"
         "\n"
         "table Graph { nodes: [Node]; }\n"
         "table Node { id: uint; }\n"
         "\n" +
         root_line + identifier_line;
}

const std::string kXN00 = "file_identifier \"XN00\";\n";

}  // namespace

BOOST_AUTO_TEST_SUITE(file_rules)

// FILE_SAME_IDENTIFIER ---------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(a_changed_identifier_is_a_wire_error) {
  const std::string new_fbs = file_schema("file_identifier \"XN01\";\n");
  const auto findings = diff_texts(file_schema(kXN00), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FILE_SAME_IDENTIFIER"});
  const Finding finding = single(findings, "FILE_SAME_IDENTIFIER");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "file_identifier");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "file_identifier"));
  BOOST_TEST(contains(finding.message, "changed from \"XN00\" to \"XN01\""), finding.message);
  BOOST_TEST(contains(finding.message, "reject every buffer written with the old schema"), finding.message);
  BOOST_TEST(contains(finding.fix, "restore `file_identifier \"XN00\";`"), finding.fix);
}

BOOST_AUTO_TEST_CASE(an_added_identifier_rejects_old_buffers) {
  const std::string new_fbs = file_schema("file_identifier \"XN01\";\n");
  const auto findings = diff_texts(file_schema(""), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FILE_SAME_IDENTIFIER"});
  const Finding finding = single(findings, "FILE_SAME_IDENTIFIER");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "file_identifier"));
  BOOST_TEST(contains(finding.message, "file_identifier \"XN01\" was added"), finding.message);
  BOOST_TEST(contains(finding.message, "no identifier"), finding.message);
  BOOST_TEST(contains(finding.fix, "remove the file_identifier"), finding.fix);
}

BOOST_AUTO_TEST_CASE(a_removed_identifier_is_reported_where_it_was) {
  const std::string old_fbs = file_schema(kXN00);
  const auto findings = diff_texts(old_fbs, file_schema(""));
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FILE_SAME_IDENTIFIER"});
  const Finding finding = single(findings, "FILE_SAME_IDENTIFIER");
  BOOST_TEST(points_at(finding, "old.fbs", old_fbs, "file_identifier"));
  BOOST_TEST(contains(finding.message, "file_identifier \"XN00\" was removed"), finding.message);
  // Old buffers still carry it and new readers skip it; the break is for readers built from the old
  // schema, which check for it in buffers that no longer have it.
  BOOST_TEST(contains(finding.message, "readers built from the old schema"), finding.message);
  BOOST_TEST(contains(finding.fix, "restore `file_identifier \"XN00\";`"), finding.fix);
}

BOOST_AUTO_TEST_CASE(an_unchanged_identifier_is_compatible) {
  BOOST_TEST(diff_texts(file_schema(kXN00), file_schema(kXN00)).empty());
  BOOST_TEST(diff_texts(file_schema(""), file_schema("")).empty());
}

// FILE_SAME_ROOT_TYPE ----------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(a_changed_root_type_is_a_wire_error) {
  const std::string new_fbs = file_schema(kXN00, "root_type Node;\n");
  const auto findings = diff_texts(file_schema(kXN00), new_fbs);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FILE_SAME_ROOT_TYPE"});
  const Finding finding = single(findings, "FILE_SAME_ROOT_TYPE");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "root_type");
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "root_type"));
  BOOST_TEST(contains(finding.message, "the root_type changed from Graph to Node"), finding.message);
  BOOST_TEST(finding.fix == "restore `root_type Graph;`");
}

BOOST_AUTO_TEST_CASE(a_removed_root_type_is_reported_where_it_was) {
  const std::string old_fbs = file_schema(kXN00);
  const auto findings = diff_texts(old_fbs, file_schema(kXN00, ""));
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"FILE_SAME_ROOT_TYPE"});
  const Finding finding = single(findings, "FILE_SAME_ROOT_TYPE");
  BOOST_TEST(points_at(finding, "old.fbs", old_fbs, "root_type"));
  BOOST_TEST(contains(finding.message, "root_type Graph was removed"), finding.message);
  BOOST_TEST(finding.fix == "restore `root_type Graph;`");
}

BOOST_AUTO_TEST_CASE(adding_a_root_type_or_keeping_it_is_compatible) {
  BOOST_TEST(diff_texts(file_schema("", ""), file_schema("")).empty());
  BOOST_TEST(diff_texts(file_schema(kXN00), file_schema(kXN00)).empty());
}

BOOST_AUTO_TEST_CASE(every_problem_is_reported_in_one_run) {
  const std::string new_fbs =
      "namespace fb;\n"
      "\n"
      "table Graph { extra: int; nodes: [Node]; }\n"
      "table Node { id: int; }\n"
      "\n"
      "root_type Node;\n"
      "file_identifier \"XN01\";\n";
  const auto findings = diff_texts(file_schema(kXN00), new_fbs);
  // Node.id's uint became int: the same width, so FIELD_TYPE_SAME_WIDTH.
  BOOST_TEST(rules_of(findings) == (std::vector<std::string>{"FIELD_SAME_SLOT", "FIELD_TYPE_SAME_WIDTH",
                                                             "FILE_SAME_IDENTIFIER", "FILE_SAME_ROOT_TYPE"}));
  // In the order a reader of the new file meets them.
  for (std::size_t i = 1; i < findings.size(); ++i) BOOST_TEST(findings[i - 1].line <= findings[i].line);
}

BOOST_AUTO_TEST_SUITE_END()
