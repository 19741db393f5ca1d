// Structured output always: when the gate cannot judge (exit 2), every format still writes a well-formed
// report carrying the error, to stdout or -o, so that CI has something to show. And GitHub, which shows
// ten annotations of a level per step, is told how many more there are.
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>

#include "support/test_support.h"

using namespace fbcompat::test;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

struct Repository {
  TempDir dir;
  Repository() {
    dir.write("schemas/a.fbs", "namespace demo;\ntable A { x: int; }\nroot_type A;\n");
    BOOST_TEST_REQUIRE(run_git(dir.path(), {"init", "-q"}) == 0);
    BOOST_TEST_REQUIRE(run_git(dir.path(), {"add", "-A"}) == 0);
    BOOST_TEST_REQUIRE(run_git(dir.path(), {"commit", "-q", "-m", "base"}) == 0);
  }
  CommandResult diff(const std::vector<std::string>& arguments) const {
    std::vector<std::string> command{"diff"};
    command.insert(command.end(), arguments.begin(), arguments.end());
    return run_cli(command, dir.path());
  }
};

void check_error_report(const std::string& format, const std::string& report) {
  BOOST_TEST_CONTEXT(format) {
    BOOST_TEST(contains(report, "no-such-ref"), report);
    if (format == "json") {
      const auto document = nlohmann::json::parse(report);
      BOOST_TEST(document.at("compatible") == false);
      BOOST_TEST(document.at("findings").empty());
      BOOST_TEST(contains(document.at("error").at("message").get<std::string>(), "no commit named 'no-such-ref'"));
    } else if (format == "sarif") {
      const auto document = nlohmann::json::parse(report);
      BOOST_TEST(document.at("version") == "2.1.0");
      const auto& run = document.at("runs").at(0);
      BOOST_TEST(run.at("results").empty());
      const auto& invocation = run.at("invocations").at(0);
      BOOST_TEST(invocation.at("executionSuccessful") == false);
      const auto& notification = invocation.at("toolExecutionNotifications").at(0);
      BOOST_TEST(notification.at("level") == "error");
      BOOST_TEST(contains(notification.at("message").at("text").get<std::string>(), "no-such-ref"));
    } else if (format == "junit") {
      boost::property_tree::ptree tree;
      std::istringstream xml(report);
      BOOST_REQUIRE_NO_THROW(boost::property_tree::read_xml(xml, tree));
      BOOST_TEST(tree.get<int>("testsuites.<xmlattr>.failures") == 1);
      BOOST_TEST(contains(tree.get<std::string>("testsuites.testsuite.testcase.failure.<xmlattr>.message"), "no-such-ref"));
    } else if (format == "github") {
      BOOST_TEST(report.rfind("::error ", 0) == 0, report);
      BOOST_TEST(contains(report, "title=fbcompat could not check::"), report);
      BOOST_TEST(std::count(report.begin(), report.end(), '\n') == 1, report);  // one workflow command
    } else if (format == "markdown") {
      BOOST_TEST(contains(report, "### fbcompat: **could not check**"), report);
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(gate_error_output)

BOOST_AUTO_TEST_CASE(every_format_carries_the_error_on_exit_2) {
  Repository repository;
  for (const std::string format : {"json", "sarif", "junit", "github", "markdown"}) {
    const auto result = repository.diff({"--against", "git:no-such-ref", "--format", format});
    BOOST_TEST(result.exit_code == 2, format);
    BOOST_TEST(contains(result.err, "no-such-ref"), result.err);  // still said on stderr, for people
    check_error_report(format, result.out);
    // -o writes it too, and nothing to stdout.
    const auto written = repository.diff({"--against", "git:no-such-ref", "--format", format, "-o", "report.out"});
    BOOST_TEST(written.exit_code == 2, format);
    BOOST_TEST(written.out.empty(), written.out);
    check_error_report(format, read_file(repository.dir.path() + "/report.out"));
  }
  // Text: the error line on stderr, and in the file with -o.
  const auto text = repository.diff({"--against", "git:no-such-ref"});
  BOOST_TEST(text.out.empty(), text.out);
  const auto text_file = repository.diff({"--against", "git:no-such-ref", "-o", "report.txt"});
  BOOST_TEST(text_file.exit_code == 2);
  BOOST_TEST(contains(read_file(repository.dir.path() + "/report.txt"), "no commit named 'no-such-ref'"));
}

BOOST_AUTO_TEST_CASE(usage_mistakes_and_bad_schemas_are_reported_the_same_way) {
  Repository repository;
  const auto usage = repository.diff({"schemas/a.fbs", "--format", "json"});
  BOOST_TEST(usage.exit_code == 2);
  BOOST_TEST(contains(nlohmann::json::parse(usage.out).at("error").at("message").get<std::string>(),
                      "give the old and the new schema"));
  repository.dir.write("broken.fbs", "table T { a: int\n");
  const auto broken = repository.diff({"schemas/a.fbs", "broken.fbs", "--format", "sarif"});
  BOOST_TEST(broken.exit_code == 2);
  const auto notification =
      nlohmann::json::parse(broken.out).at("runs").at(0).at("invocations").at(0).at("toolExecutionNotifications").at(0);
  const auto& location = notification.at("locations").at(0).at("physicalLocation");
  const std::string uri = location.at("artifactLocation").at("uri").get<std::string>();
  BOOST_TEST(uri.size() >= 10u);
  BOOST_TEST(uri.compare(uri.size() - 10, 10, "broken.fbs") == 0, uri);
  BOOST_TEST(location.at("region").at("startLine") == 2);
}

BOOST_AUTO_TEST_CASE(a_report_on_the_error_never_replaces_an_input) {
  Repository repository;
  repository.dir.write("schemas/a.fbs", "table A { x: int\n");  // the module fails; -o names its file
  const auto refused = repository.diff({"schemas/a.fbs", "schemas/a.fbs", "--format", "json", "-o", "schemas/a.fbs"});
  BOOST_TEST(refused.exit_code == 2);
  BOOST_TEST(contains(refused.err, "-o:"), refused.err);
  BOOST_TEST(read_file(repository.dir.path() + "/schemas/a.fbs") == "table A { x: int\n");
}

BOOST_AUTO_TEST_CASE(beyond_ten_annotations_github_is_told_how_many_more) {
  // Twelve tables each lose a field: twelve errors.
  std::string old_text = "namespace demo;\n";
  std::string new_text = "namespace demo;\n";
  for (int i = 0; i < 12; ++i) {
    old_text += "table T" + std::to_string(i) + " { a: int; b: int; }\n";
    new_text += "table T" + std::to_string(i) + " { a: int; }\n";
  }
  TempDir dir;
  dir.write("old.fbs", old_text);
  dir.write("new.fbs", new_text);
  const auto result = run_cli({"diff", "old.fbs", "new.fbs", "--format", "github"}, dir.path());
  BOOST_TEST(result.exit_code == 1);
  std::size_t errors = 0;
  std::istringstream lines(result.out);
  for (std::string line; std::getline(lines, line);) errors += line.rfind("::error ", 0) == 0 ? 1 : 0;
  BOOST_TEST(errors == 10u, result.out);
  BOOST_TEST(contains(result.out, "3 more errors than GitHub shows per step (the first 9 are annotated above): the job "
                                  "summary (--format markdown) lists every finding"),
             result.out);
  BOOST_TEST(contains(result.out, "::notice title=fbcompat::NOT compatible: 12 error(s)"), result.out);
  // The Markdown report (the job summary) lists all twelve.
  const auto markdown = run_cli({"diff", "old.fbs", "new.fbs", "--format", "markdown"}, dir.path());
  std::size_t rows = 0;
  std::istringstream table(markdown.out);
  for (std::string line; std::getline(table, line);) rows += line.rfind("| error |", 0) == 0 ? 1 : 0;
  BOOST_TEST(rows == 12u, markdown.out);
}

BOOST_AUTO_TEST_SUITE_END()
