// `fbcompat diff` as a user runs it: exit codes, the text and JSON reports, --strict, bad input, and
// the old side read from a git ref. Also `fbcompat rules` and `fbcompat explain`.
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <regex>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "fbcompat/core/rule.h"
#include "fbcompat/release/rule_catalogue.h"
#include "support/finding_assertions.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

std::string union_schema(const std::string& members) {
  return "namespace fb;\n"
         "\n"
         "table A { x: int; }\n"
         "table B { y: int; }\n"
         "table C { z: int; }\n"
         "table D { w: int; }\n"
         "\n"
         "union U { " +
         members +
         " }\n"
         "\n"
         "table Root { nodes: [U]; }\n"
         "root_type Root;\n";
}

const std::string kOld = union_schema("A, B, C");
const std::string kInserted = union_schema("A, D, B, C");   // UNION_MEMBER_SAME_ID: an error
const std::string kAppended = union_schema("A, B, C, D");   // compatible, no findings
const std::string kRenamed = union_schema("A, Bee: B, C");  // UNION_MEMBER_SAME_NAME: a warning only

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// One line on stderr, nothing on stdout, exit 2: how every bad input must end.
void expect_bad_input(const CommandResult& result, const std::string& must_name) {
  BOOST_TEST(result.exit_code == 2, result.err);
  BOOST_TEST(result.out.empty(), result.out);
  BOOST_TEST(lines_of(result.err).size() == 1u, result.err);
  BOOST_TEST(contains(result.err, must_name), result.err);
  BOOST_TEST(!contains(result.err, "internal error"), result.err);
}

// A repository whose first commit (tagged v1) holds schema.fbs including inc/types.fbs, which
// declares the union.
struct SchemaRepository {
  TempDir dir;
  std::string main_file;
  std::string types_file;

  SchemaRepository() {
    main_file = dir.write("schema.fbs", "include \"types.fbs\";\nnamespace app;\ntable Program { nodes: [fb.U]; }\nroot_type Program;\n");
    types_file = dir.write("inc/types.fbs", kOld);
    BOOST_TEST_REQUIRE(run_git(dir.path(), {"init", "-q"}) == 0);
    BOOST_TEST_REQUIRE(run_git(dir.path(), {"add", "schema.fbs", "inc/types.fbs"}) == 0);
    BOOST_TEST_REQUIRE(run_git(dir.path(), {"commit", "-q", "-m", "v1"}) == 0);
    BOOST_TEST_REQUIRE(run_git(dir.path(), {"tag", "v1"}) == 0);
  }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(diff_cli)

// Exit codes and the text report ---------------------------------------------------------------

BOOST_AUTO_TEST_CASE(a_compatible_change_exits_0) {
  TempDir dir;
  const auto result = run_cli({"diff", dir.write("old.fbs", kOld), dir.write("new.fbs", kAppended)});
  BOOST_TEST(result.exit_code == 0, result.err);
  BOOST_TEST(result.err.empty());
  BOOST_TEST(contains(result.out, "no findings: compatible"), result.out);
}

BOOST_AUTO_TEST_CASE(warnings_alone_exit_0) {
  TempDir dir;
  const auto result = run_cli({"diff", dir.write("old.fbs", kOld), dir.write("new.fbs", kRenamed)});
  BOOST_TEST(result.exit_code == 0, result.out);
  BOOST_TEST(contains(result.out, ": warning: [UNION_MEMBER_SAME_NAME]"), result.out);
  BOOST_TEST(contains(result.out, "0 errors, 1 warning: compatible"), result.out);
}

BOOST_AUTO_TEST_CASE(a_breaking_change_exits_1_with_a_compiler_style_report) {
  TempDir dir;
  const std::string new_path = dir.write("new.fbs", kInserted);
  // In a directory with no fbcompat.toml above it: nothing but the findings and the verdict.
  const auto result = run_cli({"diff", dir.write("old.fbs", kOld), new_path}, dir.path());
  BOOST_TEST(result.exit_code == 1, result.err);
  BOOST_TEST(result.err.empty(), result.err);
  const std::vector<std::string> lines = lines_of(result.out);
  BOOST_TEST_REQUIRE(lines.size() == 5u, result.out);
  const Place inserted = place_of(kInserted, "D, B");
  BOOST_TEST(lines[0].rfind(fmt::format("{}:{}:{}: error: [UNION_MEMBER_SAME_ID] D was inserted into U at type id 2",
                                        new_path, inserted.line, inserted.column),
                            0) == 0u,
             lines[0]);
  BOOST_TEST(lines[1] == "  = subject: fb.U.D (WIRE)");
  BOOST_TEST(lines[2] == "  = fix: move D to the end of U, after C, as type id 4");
  BOOST_TEST(lines[3] == "1 finding can be fixed mechanically: --fix makes the change, --format patch shows it");
  BOOST_TEST(lines[4] == fmt::format("1 error, 0 warnings: NOT compatible: {} against {}", new_path, dir.path() + "/old.fbs"));
}

BOOST_AUTO_TEST_CASE(every_problem_is_reported_in_one_run) {
  TempDir dir;
  const std::string old_fbs = kOld + "file_identifier \"XN00\";\n";
  const std::string new_fbs = union_schema("A, D, B") + "file_identifier \"XN01\";\n";
  const auto result = run_cli({"diff", dir.write("old.fbs", old_fbs), dir.write("new.fbs", new_fbs)});
  BOOST_TEST(result.exit_code == 1);
  const std::regex finding_line(R"(^.+:\d+:\d+: (error|warning): \[([A-Z_]+)\] .+$)");
  std::vector<std::string> rules;
  for (const std::string& line : lines_of(result.out)) {
    std::smatch match;
    if (std::regex_match(line, match, finding_line)) rules.push_back(match[2]);
  }
  std::sort(rules.begin(), rules.end());
  BOOST_TEST(rules == (std::vector<std::string>{"FILE_SAME_IDENTIFIER", "UNION_MEMBER_NO_DELETE", "UNION_MEMBER_SAME_ID"}),
             result.out);
  BOOST_TEST(contains(result.out, "3 errors, 0 warnings: NOT compatible"), result.out);
}

// JSON -----------------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(json_reports_every_field_of_every_finding) {
  TempDir dir;
  const std::string new_path = dir.write("new.fbs", kInserted);
  const auto result = run_cli({"diff", dir.write("old.fbs", kOld), new_path, "--format", "json"});
  BOOST_TEST(result.exit_code == 1);
  const nlohmann::json report = nlohmann::json::parse(result.out);
  BOOST_TEST(report.at("compatible") == false);
  BOOST_TEST_REQUIRE(report.at("findings").size() == 1u);
  const nlohmann::json& finding = report.at("findings").at(0);
  BOOST_TEST(finding.at("rule") == "UNION_MEMBER_SAME_ID");
  BOOST_TEST(finding.at("category") == "WIRE");
  BOOST_TEST(finding.at("severity") == "error");
  BOOST_TEST(finding.at("subject") == "fb.U.D");
  BOOST_TEST(contains(finding.at("message").get<std::string>(), "B (2 -> 3) and C (3 -> 4)"));
  BOOST_TEST(finding.at("fix") == "move D to the end of U, after C, as type id 4");
  BOOST_TEST(finding.at("file") == new_path);
  BOOST_TEST(finding.at("line") == place_of(kInserted, "D, B").line);
}

BOOST_AUTO_TEST_CASE(json_of_a_compatible_change_is_compatible_with_no_findings) {
  TempDir dir;
  const auto clean = run_cli({"diff", dir.write("old.fbs", kOld), dir.write("new.fbs", kAppended), "--format", "json"});
  BOOST_TEST(clean.exit_code == 0);
  const nlohmann::json report = nlohmann::json::parse(clean.out);
  BOOST_TEST(report.at("compatible") == true);
  BOOST_TEST(report.at("findings").empty());

  const auto warned = run_cli({"diff", dir.path() + "/old.fbs", dir.write("renamed.fbs", kRenamed), "--format", "json"});
  BOOST_TEST(warned.exit_code == 0);
  const nlohmann::json warned_report = nlohmann::json::parse(warned.out);
  BOOST_TEST(warned_report.at("compatible") == true);
  BOOST_TEST_REQUIRE(warned_report.at("findings").size() == 1u);
  BOOST_TEST(warned_report.at("findings").at(0).at("severity") == "warning");
  BOOST_TEST(warned_report.at("findings").at(0).at("category") == "JSON");
}

// --strict -------------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(strict_turns_warnings_into_errors) {
  TempDir dir;
  const std::string old_path = dir.write("old.fbs", kOld);
  const std::string new_path = dir.write("new.fbs", kRenamed);
  const auto text = run_cli({"diff", old_path, new_path, "--strict"});
  BOOST_TEST(text.exit_code == 1, text.out);
  BOOST_TEST(contains(text.out, ": error: [UNION_MEMBER_SAME_NAME]"), text.out);
  const auto json = run_cli({"diff", old_path, new_path, "--strict", "--format", "json"});
  BOOST_TEST(json.exit_code == 1);
  const nlohmann::json report = nlohmann::json::parse(json.out);
  BOOST_TEST(report.at("compatible") == false);
  BOOST_TEST(report.at("findings").at(0).at("severity") == "error");
  // Nothing to report stays compatible.
  BOOST_TEST(run_cli({"diff", old_path, dir.write("same.fbs", kAppended), "--strict"}).exit_code == 0);
}

// Bad input ------------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(a_missing_file_exits_2_naming_it) {
  TempDir dir;
  const std::string good = dir.write("good.fbs", kOld);
  expect_bad_input(run_cli({"diff", good, dir.path() + "/missing.fbs"}), "missing.fbs");
  expect_bad_input(run_cli({"diff", dir.path() + "/missing.fbs", good}), "missing.fbs");
}

BOOST_AUTO_TEST_CASE(a_syntax_error_exits_2_naming_file_and_line) {
  TempDir dir;
  const std::string good = dir.write("good.fbs", kOld);
  const std::string broken = dir.write("broken.fbs", "namespace fb;\n\ntable T { a: int }\n");
  expect_bad_input(run_cli({"diff", good, broken}), "broken.fbs:3:");
  expect_bad_input(run_cli({"diff", broken, good}), "broken.fbs:3:");
}

BOOST_AUTO_TEST_CASE(an_include_that_is_not_found_exits_2_naming_the_include) {
  TempDir dir;
  const std::string good = dir.write("good.fbs", kOld);
  const std::string including = dir.write("including.fbs", "include \"nowhere.fbs\";\ntable T { a: int; }\n");
  const auto result = run_cli({"diff", good, including});
  expect_bad_input(result, "including.fbs:1:");
  BOOST_TEST(contains(result.err, "nowhere.fbs"), result.err);
}

BOOST_AUTO_TEST_CASE(binary_garbage_exits_2) {
  TempDir dir;
  const std::string good = dir.write("good.fbs", kOld);
  const std::string garbage = dir.write("garbage.fbs", std::string("\x7f" "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0", 20));
  expect_bad_input(run_cli({"diff", good, garbage}), "garbage.fbs");
  expect_bad_input(run_cli({"diff", garbage, good}), "garbage.fbs");
}

BOOST_AUTO_TEST_CASE(an_empty_file_exits_2) {
  TempDir dir;
  const std::string good = dir.write("good.fbs", kOld);
  const std::string empty = dir.write("empty.fbs", "");
  expect_bad_input(run_cli({"diff", good, empty}), "empty.fbs");
  expect_bad_input(run_cli({"diff", empty, good}), "empty.fbs");
}

BOOST_AUTO_TEST_CASE(usage_errors_exit_2) {
  TempDir dir;
  const std::string good = dir.write("good.fbs", kOld);
  BOOST_TEST(run_cli({"diff", good}).exit_code == 2);
  BOOST_TEST(run_cli({"diff", good, good, good}).exit_code == 2);
  BOOST_TEST(run_cli({"diff", good, good, "--format", "xml"}).exit_code == 2);
  BOOST_TEST(run_cli({"diff", good, "--against", "HEAD"}).exit_code == 2);
  BOOST_TEST(run_cli({"diff", good, good, "--against", "git:HEAD"}).exit_code == 2);
  BOOST_TEST(run_cli({"diff"}).exit_code == 2);
  BOOST_TEST(run_cli({"frobnicate"}).exit_code == 2);
}

// --against git:REF ----------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(the_old_side_and_its_includes_are_read_at_the_git_ref) {
  SchemaRepository repository;
  // The work tree changes only the included file; the old side must read it at the ref to see it.
  repository.dir.write("inc/types.fbs", kInserted);
  const auto result = run_cli({"diff", repository.main_file, "-I", repository.dir.path() + "/inc", "--against", "git:v1",
                               "--format", "json"});
  BOOST_TEST(result.exit_code == 1, result.err);
  const nlohmann::json report = nlohmann::json::parse(result.out);
  BOOST_TEST_REQUIRE(report.at("findings").size() == 1u, result.out);
  const nlohmann::json& finding = report.at("findings").at(0);
  BOOST_TEST(finding.at("rule") == "UNION_MEMBER_SAME_ID");
  BOOST_TEST(finding.at("subject") == "fb.U.D");
  BOOST_TEST(ends_with(finding.at("file").get<std::string>(), "inc/types.fbs"));
  BOOST_TEST(finding.at("line") == place_of(kInserted, "D, B").line);

  // Run from inside the repository, with relative paths, as a pre-merge hook would.
  const auto relative = run_cli({"diff", "schema.fbs", "-I", "inc", "--against", "git:HEAD"}, repository.dir.path());
  BOOST_TEST(relative.exit_code == 1, relative.err);
  BOOST_TEST(contains(relative.out, "[UNION_MEMBER_SAME_ID]"), relative.out);
}

BOOST_AUTO_TEST_CASE(an_unchanged_work_tree_is_compatible_with_its_ref) {
  SchemaRepository repository;
  const auto unchanged = run_cli({"diff", repository.main_file, "-I", repository.dir.path() + "/inc", "--against", "git:HEAD"});
  BOOST_TEST(unchanged.exit_code == 0, unchanged.err << unchanged.out);
  repository.dir.write("inc/types.fbs", kAppended);
  const auto appended = run_cli({"diff", repository.main_file, "-I", repository.dir.path() + "/inc", "--against", "git:v1"});
  BOOST_TEST(appended.exit_code == 0, appended.err << appended.out);
}

BOOST_AUTO_TEST_CASE(a_ref_that_does_not_exist_exits_2) {
  SchemaRepository repository;
  expect_bad_input(run_cli({"diff", repository.main_file, "-I", repository.dir.path() + "/inc", "--against",
                            "git:no-such-branch"}),
                   "no-such-branch");
}

BOOST_AUTO_TEST_CASE(a_path_that_names_no_schema_on_either_side_is_named) {
  SchemaRepository repository;
  const auto result = run_cli({"diff", repository.dir.path() + "/renamed.fbs", "--against", "git:v1"});
  expect_bad_input(result, "renamed.fbs");
  BOOST_TEST(contains(result.err, "no tracked schema file (.fbs) here, in the work tree or at v1"), result.err);
}

BOOST_AUTO_TEST_CASE(a_shallow_clone_says_to_fetch_more_history) {
  SchemaRepository repository;
  repository.dir.write("inc/types.fbs", kAppended);
  BOOST_TEST_REQUIRE(run_git(repository.dir.path(), {"commit", "-q", "-a", "-m", "v2"}) == 0);
  TempDir clones;
  BOOST_TEST_REQUIRE(run_git(clones.path(), {"clone", "-q", "--depth", "1", "file://" + repository.dir.path(), "shallow"}) == 0);
  const std::string shallow = clones.path() + "/shallow";
  const auto result = run_cli({"diff", shallow + "/schema.fbs", "-I", shallow + "/inc", "--against", "git:HEAD~1"});
  expect_bad_input(result, "HEAD~1");
  BOOST_TEST(contains(result.err, "this clone is shallow"), result.err);
  BOOST_TEST(contains(result.err, "git fetch --unshallow"), result.err);
}

BOOST_AUTO_TEST_CASE(a_file_outside_any_repository_exits_2) {
  TempDir dir;
  const std::string file = dir.write("schema.fbs", kOld);
  expect_bad_input(run_cli({"diff", file, "--against", "git:HEAD"}), dir.path());
  BOOST_TEST(contains(run_cli({"diff", file, "--against", "git:HEAD"}).err, "not in a git repository"));
}

// rules and explain ----------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(rules_lists_every_rule) {
  const auto text = run_cli({"rules"});
  BOOST_TEST(text.exit_code == 0, text.err);
  BOOST_TEST(all_rules().size() >= 31u);
  for (const RuleInfo& rule : all_rules()) BOOST_TEST(contains(text.out, std::string(rule.id)), rule.id);

  const auto json = run_cli({"rules", "--format", "json"});
  BOOST_TEST(json.exit_code == 0);
  const nlohmann::json listed = nlohmann::json::parse(json.out);
  BOOST_TEST_REQUIRE(listed.size() == all_rules().size());
  for (std::size_t i = 0; i < listed.size(); ++i) {
    BOOST_TEST(listed[i].at("id") == std::string(all_rules()[i].id));
    BOOST_TEST(listed[i].at("category") == category_name(all_rules()[i].category));
    BOOST_TEST(listed[i].at("severity") == severity_name(all_rules()[i].default_severity));
  }
}

BOOST_AUTO_TEST_CASE(wire_rules_are_errors_and_json_and_source_rules_warnings) {
  for (const RuleInfo& rule : all_rules()) {
    if (rule.scope != RuleScope::Evolution) continue;
    // UNION_CAPACITY is about the wire format but breaks nothing yet: it warns ahead of the limit.
    // FIELD_TYPE_SAME_WIDTH reads every old value at its width, and changes only some values (past the sign
    // bit, other than 0 and 1), which the schema's owner knows whether data holds: it warns, naming them.
    const bool error_expected =
        rule.category == Category::Wire && rule.id != "UNION_CAPACITY" && rule.id != "FIELD_TYPE_SAME_WIDTH";
    BOOST_TEST((rule.default_severity == Severity::Error) == error_expected, rule.id);
  }
}

BOOST_AUTO_TEST_CASE(explain_prints_a_page_and_rejects_unknown_ids) {
  const auto known = run_cli({"explain", "UNION_MEMBER_SAME_ID"});
  BOOST_TEST(known.exit_code == 0, known.err);
  BOOST_TEST(!known.out.empty());
  const auto unknown = run_cli({"explain", "NO_SUCH_RULE"});
  expect_bad_input(unknown, "NO_SUCH_RULE");
}

BOOST_AUTO_TEST_SUITE_END()
