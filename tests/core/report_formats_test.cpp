// Every report format, checked against what its consumers require: SARIF 2.1.0's required properties,
// JUnit XML that parses, GitHub workflow commands with their escaping, colour only when asked.
#include <sstream>

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "fbcompat/core/report.h"
#include "fbcompat/core/version.h"
#include "fbcompat/core/rule.h"
#include "fbcompat/release/rule_catalogue.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;
using nlohmann::json;

namespace {

// A mid-union insertion (an error) and a rename (a warning), with a message that needs escaping.
std::vector<std::string> diff_arguments(const TempDir& dir, const std::string& format) {
  const std::string old_path = dir.write("old.fbs", "table A { x: int; }\ntable B { y: int; }\nunion U { A, B }\n"
                                                    "table R { u: U; name: string; }\nroot_type R;\n");
  const std::string new_path = dir.write("new.fbs", "table A { x: int; }\ntable B { y: int; }\ntable C { z: int; }\n"
                                                    "union U { A, C, B }\ntable R { u: U; label: string; }\nroot_type R;\n");
  return {"diff", old_path, new_path, "--format", format};
}

std::vector<Finding> sample_findings() {
  Finding error;
  error.rule = "UNION_MEMBER_SAME_ID";
  error.category = Category::Wire;
  error.severity = Severity::Error;
  error.subject = "fb.U.C";
  error.message = "C was inserted: 100% <wrong> & \"bad\"\nsecond line, with: colons";
  error.fix = "move C to the end";
  error.file = "dir,with:odd%chars/new.fbs";
  error.line = 4;
  error.column = 14;
  Finding warning = error;
  warning.rule = "FIELD_SAME_NAME";
  warning.category = Category::Json;
  warning.severity = Severity::Warning;
  warning.line = 0;
  return {error, warning};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(report_formats)

BOOST_AUTO_TEST_CASE(sarif_has_every_required_property) {
  const json sarif = json::parse(format_sarif_report(sample_findings(), all_rules()));
  BOOST_TEST(sarif.at("version") == "2.1.0");
  BOOST_TEST(sarif.at("$schema").get<std::string>().find("sarif-2.1.0") != std::string::npos);
  BOOST_TEST_REQUIRE(sarif.at("runs").size() == 1u);
  const json& run = sarif["runs"][0];
  const json& driver = run.at("tool").at("driver");
  BOOST_TEST(driver.at("name") == "fbcompat");
  BOOST_TEST(driver.at("rules").size() == all_rules().size());
  for (const json& rule : driver["rules"]) {
    BOOST_TEST(rule.at("id").is_string());
    BOOST_TEST(rule.at("shortDescription").at("text").is_string());
  }
  BOOST_TEST_REQUIRE(run.at("results").size() == 2u);
  for (const json& result : run["results"]) {
    BOOST_TEST(result.at("message").at("text").is_string());
    const std::string level = result.at("level");
    BOOST_TEST((level == "error" || level == "warning" || level == "note" || level == "none"));
    const std::size_t index = result.at("ruleIndex");
    BOOST_TEST(driver["rules"][index]["id"] == result.at("ruleId"));
    const json& location = result.at("locations").at(0).at("physicalLocation");
    BOOST_TEST(location.at("artifactLocation").at("uri").is_string());
  }
  // A region is only given with a line, and lines and columns are 1-based.
  BOOST_TEST(run["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 4);
  BOOST_TEST(run["results"][0]["locations"][0]["physicalLocation"]["region"]["startColumn"] == 14);
  BOOST_TEST(!run["results"][1]["locations"][0]["physicalLocation"].contains("region"));
}

BOOST_AUTO_TEST_CASE(sarif_uris_are_percent_encoded_and_relative_to_the_source_root) {
  std::vector<Finding> findings = sample_findings();
  findings[0].file = "schemas/my file#1/100%.fbs";
  findings[1].file = "/abs/dir/x y.fbs";
  const json sarif = json::parse(format_sarif_report(findings, all_rules()));
  const json& run = sarif["runs"][0];
  BOOST_TEST(run.at("originalUriBaseIds").contains("SRCROOT"));
  const json& relative = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
  BOOST_TEST(relative.at("uri") == "schemas/my%20file%231/100%25.fbs");
  BOOST_TEST(relative.at("uriBaseId") == "SRCROOT");
  const json& absolute = run["results"][1]["locations"][0]["physicalLocation"]["artifactLocation"];
  BOOST_TEST(absolute.at("uri") == "file:///abs/dir/x%20y.fbs");
  BOOST_TEST(!absolute.contains("uriBaseId"));
  // No link that leads nowhere: the rule pages ship with fbcompat, so help is text.
  for (const json& rule : run["tool"]["driver"]["rules"]) {
    BOOST_TEST(!rule.contains("helpUri"));
    BOOST_TEST(rule.at("help").at("text").get<std::string>().find("fbcompat explain") != std::string::npos);
  }
  BOOST_TEST(run["tool"]["driver"]["semanticVersion"] == fbcompat_version());
}

BOOST_AUTO_TEST_CASE(junit_parses_as_xml_with_one_failure_per_error) {
  std::istringstream xml(format_junit_report(sample_findings(), "new.fbs against old.fbs"));
  boost::property_tree::ptree tree;
  BOOST_REQUIRE_NO_THROW(boost::property_tree::read_xml(xml, tree));
  const auto& suites = tree.get_child("testsuites");
  BOOST_TEST(suites.get<int>("<xmlattr>.tests") == 2);
  BOOST_TEST(suites.get<int>("<xmlattr>.failures") == 1);
  const auto& suite = suites.get_child("testsuite");
  BOOST_TEST(suite.get<std::string>("<xmlattr>.name") == "new.fbs against old.fbs");
  int failures = 0;
  int cases = 0;
  for (const auto& [name, child] : suite) {
    if (name != "testcase") continue;
    ++cases;
    if (const auto failure = child.get_child_optional("failure")) {
      ++failures;
      BOOST_TEST(failure->get<std::string>("<xmlattr>.message").find("<wrong> & \"bad\"") != std::string::npos);
    }
  }
  BOOST_TEST(cases == 2);
  BOOST_TEST(failures == 1);

  std::istringstream empty(format_junit_report({}, "clean"));
  boost::property_tree::ptree clean;
  BOOST_REQUIRE_NO_THROW(boost::property_tree::read_xml(empty, clean));
  BOOST_TEST(clean.get<int>("testsuites.<xmlattr>.failures") == 0);
  BOOST_TEST(clean.get<int>("testsuites.testsuite.<xmlattr>.tests") == 1);
}

BOOST_AUTO_TEST_CASE(github_commands_escape_data_and_properties) {
  const std::string text = format_github_report(sample_findings(), "a, b: c");
  std::istringstream lines(text);
  std::string first, second, summary;
  std::getline(lines, first);
  std::getline(lines, second);
  std::getline(lines, summary);
  BOOST_TEST(first.rfind("::error file=dir%2Cwith%3Aodd%25chars/new.fbs,line=4,col=14,title=", 0) == 0u, first);
  BOOST_TEST(first.find("100%25 <wrong>") != std::string::npos, first);
  BOOST_TEST(first.find("%0Asecond line, with: colons") != std::string::npos, first);  // data keeps ':' and ','
  BOOST_TEST(first.find('\n') == std::string::npos);
  BOOST_TEST(second.rfind("::warning file=", 0) == 0u);
  BOOST_TEST(second.find(",line=") == std::string::npos);  // no line: no line property
  BOOST_TEST(summary.rfind("::notice title=fbcompat::NOT compatible: 1 error(s), 1 warning(s): a, b: c", 0) == 0u, summary);
}

BOOST_AUTO_TEST_CASE(markdown_is_a_table_that_escapes_pipes) {
  std::vector<Finding> findings = sample_findings();
  findings[0].message = "a | b";
  const std::string text = format_markdown_report(findings, "x");
  BOOST_TEST(text.find("| Severity | Rule | Where | Subject | What breaks | Fix |") != std::string::npos);
  BOOST_TEST(text.find("a \\| b") != std::string::npos, text);
  BOOST_TEST(text.find("**NOT compatible**") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(every_format_from_the_cli) {
  TempDir dir;
  for (const std::string format : {"text", "json", "markdown", "sarif", "github", "junit"}) {
    const auto result = run_cli(diff_arguments(dir, format));
    BOOST_TEST(result.exit_code == 1, format << ": " << result.err);
    BOOST_TEST(!result.out.empty(), format);
    BOOST_TEST(result.err.empty(), format << ": " << result.err);
    if (format == "json" || format == "sarif") BOOST_TEST(!json::parse(result.out, nullptr, false).is_discarded(), format);
    if (format == "junit") {
      std::istringstream xml(result.out);
      boost::property_tree::ptree tree;
      BOOST_CHECK_NO_THROW(boost::property_tree::read_xml(xml, tree));
    }
    if (format == "github") BOOST_TEST(result.out.find("::error file=") != std::string::npos);
  }
  const auto bad = run_cli(diff_arguments(dir, "yaml"));
  BOOST_TEST(bad.exit_code == 2);
  // Every findings command takes every format.
  for (const std::string format : {"sarif", "github", "junit", "markdown"}) {
    const auto audit = run_cli({"audit", "--format", format}, source_path(""));
    BOOST_TEST(audit.exit_code == 0, "audit " << format << ": " << audit.err);
    const auto pair = run_cli({"pair", "--format", format}, source_path(""));
    BOOST_TEST(pair.exit_code == 0, "pair " << format << ": " << pair.err);
    const auto golden = run_cli({"golden", "verify", "--format", format}, source_path(""));
    BOOST_TEST(golden.exit_code == 0, "golden verify " << format << ": " << golden.err);
    const auto runtime = run_cli({"runtime-check", "--schema", newest_schema("runtime_schema.fbs"),
                                  "--builtin", "--format", format},
                                 source_path(""));
    BOOST_TEST(runtime.exit_code == 0, "runtime-check " << format << ": " << runtime.err);
  }
}

BOOST_AUTO_TEST_CASE(colour_only_when_asked_or_on_a_terminal) {
  TempDir dir;
  auto arguments = diff_arguments(dir, "text");
  const auto plain = run_cli(arguments);  // stdout is a file, and run_cli sets NO_COLOR
  BOOST_TEST(plain.out.find("\033[") == std::string::npos);
  arguments.push_back("--color");
  arguments.push_back("always");
  const auto coloured = run_cli(arguments);
  BOOST_TEST(coloured.out.find("\033[1;31m") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
