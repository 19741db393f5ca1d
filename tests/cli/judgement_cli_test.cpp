// What every report says about the configuration that judged it, as a user sees
// it: the file it used, each finding it accepted with the reason and the
// [[ignore]] that accepted it, in every format; and the audit's warning for an
// ignore that accepts nothing.
#include <fmt/format.h>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "fbcompat/core/policy.h"
#include "support/finding_assertions.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

std::string union_schema(const std::string& members) {
  return "namespace fb;\n\ntable A { x: int; }\ntable B { y: int; }\ntable D { "
         "w: int; }\n\nunion U { " +
         members + " }\n\ntable Root { nodes: [U]; }\nroot_type Root;\n";
}

// Line 4 is the [[ignore]] header: what reports point at.
const std::string kAcceptInsertion =
    "# The gate's configuration.\n"
    "[rules]\n"
    "\n"
    "[[ignore]]\n"
    "rule = \"UNION_MEMBER_SAME_ID\"\n"
    "subject = \"fb.U.D\"\n"
    "reason = \"no program with B was ever exported\"\n";

// A directory with old.fbs, new.fbs (D inserted before B) and the
// configuration.
struct Gate {
  TempDir dir;
  Gate(const std::string& config) {
    dir.write("old.fbs", union_schema("A, B"));
    dir.write("new.fbs", union_schema("A, D, B"));
    if (!config.empty()) dir.write("fbcompat.toml", config);
  }
  CommandResult diff(std::vector<std::string> extra = {}) const {
    std::vector<std::string> arguments{"diff", "old.fbs", "new.fbs"};
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    return run_cli(arguments, dir.path());
  }
};

const char* const kReason = "no program with B was ever exported";

}  // namespace

BOOST_AUTO_TEST_SUITE(judgement_cli)

BOOST_AUTO_TEST_CASE(text_names_the_configuration_and_each_accepted_finding) {
  const Gate gate(kAcceptInsertion);
  const CommandResult result = gate.diff();
  BOOST_TEST(result.exit_code == 0, result.out << result.err);
  BOOST_TEST(contains(result.out, "no findings: compatible: new.fbs against old.fbs\n"), result.out);
  BOOST_TEST(contains(result.out, "configuration: fbcompat.toml; 1 finding accepted:\n"), result.out);
  BOOST_TEST(contains(result.out, fmt::format("  accepted [UNION_MEMBER_SAME_ID] fb.U.D at "
                                              "new.fbs:7: {} (fbcompat.toml:4)\n",
                                              kReason)),
             result.out);
}

BOOST_AUTO_TEST_CASE(without_a_configuration_nothing_is_added) {
  const Gate gate("");
  const CommandResult text = gate.diff();
  BOOST_TEST(text.exit_code == 1);
  BOOST_TEST(!contains(text.out, "configuration:"), text.out);
  const CommandResult json = gate.diff({"--format", "json"});
  BOOST_TEST(nlohmann::json::parse(json.out).at("configuration").is_null(), json.out);
}

BOOST_AUTO_TEST_CASE(a_configuration_that_accepts_nothing_is_still_named) {
  const Gate gate("[rules]\nUNION_MEMBER_SAME_NAME = \"error\"\n");
  const CommandResult result = gate.diff();
  BOOST_TEST(result.exit_code == 1);
  BOOST_TEST(contains(result.out, "\nconfiguration: fbcompat.toml; no findings accepted\n"), result.out);
}

BOOST_AUTO_TEST_CASE(json_lists_the_accepted_finding_with_its_reason_and_place) {
  const Gate gate(kAcceptInsertion);
  const CommandResult result = gate.diff({"--format", "json"});
  BOOST_TEST(result.exit_code == 0, result.err);
  const nlohmann::json document = nlohmann::json::parse(result.out);
  BOOST_TEST(document.at("compatible").get<bool>());
  BOOST_TEST(document.at("findings").empty());
  const nlohmann::json& configuration = document.at("configuration");
  BOOST_TEST(configuration.at("file").get<std::string>() == "fbcompat.toml");
  BOOST_TEST_REQUIRE(configuration.at("accepted").size() == 1u);
  const nlohmann::json& accepted = configuration.at("accepted")[0];
  BOOST_TEST(accepted.at("rule").get<std::string>() == "UNION_MEMBER_SAME_ID");
  BOOST_TEST(accepted.at("subject").get<std::string>() == "fb.U.D");
  BOOST_TEST(accepted.at("file").get<std::string>() == "new.fbs");
  BOOST_TEST(accepted.at("reason").get<std::string>() == kReason);
  BOOST_TEST(accepted.at("accepted_at").get<std::string>() == "fbcompat.toml:4");
}

BOOST_AUTO_TEST_CASE(sarif_keeps_the_accepted_finding_as_a_suppressed_result) {
  const Gate gate(kAcceptInsertion);
  const CommandResult result = gate.diff({"--format", "sarif"});
  BOOST_TEST(result.exit_code == 0, result.err);
  const nlohmann::json run = nlohmann::json::parse(result.out).at("runs")[0];
  BOOST_TEST(run.at("properties").at("configuration").get<std::string>() == "fbcompat.toml");
  BOOST_TEST_REQUIRE(run.at("results").size() == 1u);
  const nlohmann::json& result_json = run.at("results")[0];
  BOOST_TEST(result_json.at("ruleId").get<std::string>() == "UNION_MEMBER_SAME_ID");
  const nlohmann::json& suppression = result_json.at("suppressions")[0];
  BOOST_TEST(suppression.at("kind").get<std::string>() == "external");
  BOOST_TEST(suppression.at("status").get<std::string>() == "accepted");
  BOOST_TEST(suppression.at("justification").get<std::string>() == kReason);
}

BOOST_AUTO_TEST_CASE(junit_github_and_markdown_show_it_too) {
  const Gate gate(kAcceptInsertion);
  const CommandResult junit = gate.diff({"--format", "junit"});
  BOOST_TEST(contains(junit.out,
                      "<testsuite name=\"configuration fbcompat.toml\" "
                      "tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"1\">"),
             junit.out);
  BOOST_TEST(contains(junit.out, fmt::format("<skipped message=\"accepted [UNION_MEMBER_SAME_ID] "
                                             "fb.U.D at new.fbs:7: {} (fbcompat.toml:4)\"/>",
                                             kReason)),
             junit.out);
  const CommandResult github = gate.diff({"--format", "github"});
  BOOST_TEST(contains(github.out,
                      "::notice title=fbcompat configuration::configuration: "
                      "fbcompat.toml; 1 finding accepted:%0A  accepted "
                      "[UNION_MEMBER_SAME_ID] fb.U.D"),
             github.out);
  BOOST_TEST(!contains(github.out, "::error"), github.out);
  const CommandResult markdown = gate.diff({"--format", "markdown"});
  BOOST_TEST(contains(markdown.out,
                      "Configuration `fbcompat.toml`: 1 finding accepted.\n- "
                      "accepted [UNION_MEMBER_SAME_ID] fb.U.D"),
             markdown.out);
}

// A family of two releases that only append, configured with one ignore for a
// finding the audit will not see (line 6 of fbcompat.toml).
struct FamilyWithStaleIgnore {
  TempDir dir;
  std::string config;
  FamilyWithStaleIgnore() {
    dir.write("schemas/x/manifest.toml",
              "family = \"x\"\n\n[[version]]\nname = \"v1\"\nreleases = "
              "[\"1.0\"]\nwriter_identifier = \"XN01\"\nreader_identifiers = []\n\n"
              "[[version]]\nname = \"v2\"\nreleases = [\"2.0\"]\nwriter_identifier = "
              "\"XN01\"\nreader_identifiers = []\n");
    dir.write("schemas/x/v1/schema.fbs", union_schema("A, B"));
    dir.write("schemas/x/v2/schema.fbs", union_schema("A, B, D"));
    config = dir.write("fbcompat.toml",
                       "[[history]]\nname = \"x\"\ndirectory = "
                       "\"schemas/x\"\nwriter = \"schema.fbs\"\n\n"
                       "[[ignore]]\nrule = \"FIELD_NO_DELETE\"\nsubject = "
                       "\"fb.Gone.x\"\nreason = \"stale\"\n");
  }
  CommandResult audit(std::vector<std::string> extra = {}) const {
    std::vector<std::string> arguments{"audit"};
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    return run_cli(arguments, dir.path());
  }
};

BOOST_AUTO_TEST_CASE(the_audit_warns_of_an_ignore_that_accepts_nothing) {
  const FamilyWithStaleIgnore project;
  const CommandResult result = project.audit();
  BOOST_TEST(result.exit_code == 0, result.err);
  BOOST_TEST(contains(result.out,
                      "\nfbcompat.toml:6: warning: [CONFIG_IGNORE_UNUSED] this "
                      "[[ignore]] of FIELD_NO_DELETE for "
                      "fb.Gone.x accepted no finding in the audit of every family"),
             result.out);
  BOOST_TEST(contains(result.out, "\nconfiguration: fbcompat.toml; no findings accepted\n"), result.out);

  // --strict: a stale ignore fails the gate, and the JSON verdict says so.
  const CommandResult strict = project.audit({"--strict", "--format", "json"});
  BOOST_TEST(strict.exit_code == 1, strict.err);
  const nlohmann::json document = nlohmann::json::parse(strict.out);
  BOOST_TEST(!document.at("compatible").get<bool>());
  BOOST_TEST(document.at("configuration").at("findings")[0].at("rule").get<std::string>() == "CONFIG_IGNORE_UNUSED");
}

BOOST_AUTO_TEST_CASE(a_partial_audit_or_a_diff_does_not_call_an_ignore_stale) {
  const FamilyWithStaleIgnore project;
  const CommandResult one_family = project.audit({"--family", "x"});
  BOOST_TEST(one_family.exit_code == 0, one_family.err);
  BOOST_TEST(!contains(one_family.out, "CONFIG_IGNORE_UNUSED"), one_family.out);
  const Gate gate(kAcceptInsertion +
                  "\n[[ignore]]\nrule = \"FIELD_NO_DELETE\"\nsubject = "
                  "\"fb.Other.x\"\nreason = \"another file\"\n");
  const CommandResult diff = gate.diff();
  BOOST_TEST(diff.exit_code == 0);
  BOOST_TEST(!contains(diff.out, "CONFIG_IGNORE_UNUSED"), diff.out);
}

BOOST_AUTO_TEST_SUITE_END()
