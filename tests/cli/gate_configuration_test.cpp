// The gate's configuration is the judged repository's: the index's fbcompat.toml for --staged, the work
// tree's root one for --against, wherever the command runs; one above or beside the repository never
// judges it. A change that loosens the configuration is reported in the same run, judged by the base's
// configuration. A configuration that is not a regular file inside the repository is refused unread.
#include <sys/stat.h>

#include <boost/test/unit_test.hpp>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/test_support.h"

using namespace fbcompat::test;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const std::string kUnion =
    "namespace demo;\ntable A { x: int; }\ntable B { x: int; }\ntable C { x: int; }\n"
    "union U { A, B }\ntable Root { u: U; }\nroot_type Root;\n";
// C inserted before B: UNION_MEMBER_SAME_ID, an error.
const std::string kInserted =
    "namespace demo;\ntable A { x: int; }\ntable B { x: int; }\ntable C { x: int; }\n"
    "union U { A, C, B }\ntable Root { u: U; }\nroot_type Root;\n";
const std::string kAccepting = "[rules]\nUNION_MEMBER_SAME_ID = \"info\"\n";

// A directory holding a repository (repo/) and whatever is put around it.
struct Workspace {
  TempDir dir;
  std::string repo = dir.path() + "/repo";

  Workspace() {
    dir.write("repo/schemas/u.fbs", kUnion);
    BOOST_TEST_REQUIRE(git({"init", "-q"}) == 0);
    BOOST_TEST_REQUIRE(git({"add", "-A"}) == 0);
    BOOST_TEST_REQUIRE(git({"commit", "-q", "-m", "base"}) == 0);
  }
  int git(const std::vector<std::string>& arguments) const { return run_git(repo, arguments); }
  void write(const std::string& name, const std::string& text) const { dir.write(name, text); }
};

nlohmann::json with_rule(const nlohmann::json& findings, const std::string& rule) {
  nlohmann::json selected = nlohmann::json::array();
  for (const auto& finding : findings) {
    if (finding.at("rule") == rule) selected.push_back(finding);
  }
  return selected;
}

// The configuration's own findings, which every JSON report carries under "configuration".
nlohmann::json configuration_findings(const CommandResult& result) {
  const auto document = nlohmann::json::parse(result.out);
  const auto& configuration = document.at("configuration");
  return configuration.is_null() ? nlohmann::json::array() : configuration.at("findings");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(gate_configuration)

BOOST_AUTO_TEST_CASE(a_configuration_above_or_beside_the_repository_never_judges_it) {
  Workspace workspace;
  workspace.write("repo/schemas/u.fbs", kInserted);
  // Above the repository, and beside it: each would accept the break.
  workspace.write("fbcompat.toml", kAccepting);
  workspace.write("other/fbcompat.toml", kAccepting);
  const auto above = run_cli({"diff", "--against", "git:HEAD", "repo/schemas"}, workspace.dir.path());
  BOOST_TEST(above.exit_code == 1, above.out + above.err);
  const auto beside = run_cli({"diff", "--against", "git:HEAD", "../repo"}, workspace.dir.path() + "/other");
  BOOST_TEST(beside.exit_code == 1, beside.out + beside.err);
  BOOST_TEST(contains(beside.out, "error: [UNION_MEMBER_SAME_ID]"), beside.out);
  // The repository's own, at its root, judges it from anywhere: here from a subdirectory of it.
  workspace.write("repo/fbcompat.toml", "[[ignore]]\nrule = \"UNION_MEMBER_SAME_ID\"\nsubject = \"demo.U.C\"\n"
                                        "reason = \"no Root with B was ever written\"\n");
  const auto own = run_cli({"diff", "--against", "git:HEAD", "--format", "json"}, workspace.repo + "/schemas");
  const auto document = nlohmann::json::parse(own.out);
  BOOST_TEST(document.at("findings").empty(), own.out);
  BOOST_TEST(document.at("configuration").at("file") == "fbcompat.toml", own.out);
  // Added in this change, its ignore accepts this change's error: reported, as an error.
  BOOST_TEST(own.exit_code == 1, own.out + own.err);
  const auto loosened = with_rule(configuration_findings(own), "CONFIG_LOOSENED");
  BOOST_TEST_REQUIRE(loosened.size() == 1u, own.out);
  BOOST_TEST(loosened[0].at("severity") == "error");
  BOOST_TEST(contains(loosened[0].at("message").get<std::string>(), "UNION_MEMBER_SAME_ID demo.U.C"), own.out);
}

BOOST_AUTO_TEST_CASE(a_change_that_lowers_a_rule_with_its_own_break_is_reported_as_an_error) {
  Workspace workspace;
  workspace.write("repo/fbcompat.toml", "");
  BOOST_TEST_REQUIRE(workspace.git({"add", "-A"}) == 0);
  BOOST_TEST_REQUIRE(workspace.git({"commit", "-q", "-m", "configuration"}) == 0);
  workspace.write("repo/schemas/u.fbs", kInserted);
  workspace.write("repo/fbcompat.toml", kAccepting);
  const auto text = run_cli({"diff", "--against", "git:HEAD"}, workspace.repo);
  BOOST_TEST(text.exit_code == 1, text.out + text.err);
  BOOST_TEST(contains(text.out, "fbcompat.toml:2: error: [CONFIG_LOOSENED] [rules] UNION_MEMBER_SAME_ID = \"info\" "
                                "lowers the rule from error to info, which HEAD does not"),
             text.out);
  // The loosening alone, with no break of this change: a warning, and the gate passes.
  workspace.write("repo/schemas/u.fbs", kUnion);
  const auto alone = run_cli({"diff", "--against", "git:HEAD", "--format", "json"}, workspace.repo);
  BOOST_TEST(alone.exit_code == 0, alone.out + alone.err);
  const auto loosened = with_rule(configuration_findings(alone), "CONFIG_LOOSENED");
  BOOST_TEST_REQUIRE(loosened.size() == 1u, alone.out);
  BOOST_TEST(loosened[0].at("severity") == "warning");
  // Once landed, it is the base's: nothing to report.
  BOOST_TEST_REQUIRE(workspace.git({"commit", "-q", "-am", "lower"}) == 0);
  const auto landed = run_cli({"diff", "--against", "git:HEAD", "--format", "json"}, workspace.repo);
  BOOST_TEST(configuration_findings(landed).empty(), landed.out);
}

BOOST_AUTO_TEST_CASE(a_change_that_excludes_its_own_break_is_reported) {
  Workspace workspace;
  workspace.write("repo/schemas/u.fbs", kInserted);
  workspace.write("repo/fbcompat.toml", "[module]\nexclude = [\"schemas/u.fbs\"]\n");
  const auto result = run_cli({"diff", "--against", "git:HEAD", "--format", "json"}, workspace.repo);
  BOOST_TEST(result.exit_code == 1, result.out + result.err);
  const auto loosened = with_rule(configuration_findings(result), "CONFIG_LOOSENED");
  BOOST_TEST_REQUIRE(loosened.size() == 1u, result.out);
  BOOST_TEST(contains(loosened[0].at("message").get<std::string>(), "the change to schemas/u.fbs"), result.out);
}

BOOST_AUTO_TEST_CASE(staged_reads_the_configuration_from_the_index) {
  Workspace workspace;
  workspace.write("repo/schemas/u.fbs", kInserted);
  BOOST_TEST_REQUIRE(workspace.git({"add", "schemas/u.fbs"}) == 0);
  // Only in the work tree, not staged: it is not what the commit holds, and does not judge it.
  workspace.write("repo/fbcompat.toml", kAccepting);
  const auto unstaged = run_cli({"diff", "--staged", "--format", "json"}, workspace.repo);
  BOOST_TEST(unstaged.exit_code == 1, unstaged.out + unstaged.err);
  BOOST_TEST(nlohmann::json::parse(unstaged.out).at("configuration").is_null(), unstaged.out);
  BOOST_TEST(with_rule(nlohmann::json::parse(unstaged.out).at("findings"), "UNION_MEMBER_SAME_ID").size() == 1u);
  // Staged, it judges, and its loosening is reported with the break it accepts.
  BOOST_TEST_REQUIRE(workspace.git({"add", "fbcompat.toml"}) == 0);
  workspace.write("repo/fbcompat.toml", "");  // the work tree's copy no longer matters
  const auto staged = run_cli({"diff", "--staged", "--format", "json"}, workspace.repo);
  BOOST_TEST(staged.exit_code == 1, staged.out + staged.err);
  const auto findings = nlohmann::json::parse(staged.out).at("findings");
  BOOST_TEST(with_rule(findings, "UNION_MEMBER_SAME_ID").at(0).at("severity") == "info", staged.out);
  const auto loosened = with_rule(configuration_findings(staged), "CONFIG_LOOSENED");
  BOOST_TEST_REQUIRE(loosened.size() == 1u, staged.out);
  BOOST_TEST(loosened[0].at("severity") == "error");
}

BOOST_AUTO_TEST_CASE(a_configuration_that_links_out_of_the_repository_is_refused_unread) {
  Workspace workspace;
  workspace.write("secret.toml", "[private]\napi_token = \"hunter2\"\n");
  std::filesystem::create_symlink(workspace.dir.path() + "/secret.toml", workspace.repo + "/fbcompat.toml");
  BOOST_TEST_REQUIRE(workspace.git({"add", "fbcompat.toml"}) == 0);
  BOOST_TEST_REQUIRE(workspace.git({"commit", "-q", "-m", "link"}) == 0);
  for (const bool ci : {false, true}) {
    if (ci) ::setenv("CI", "true", 1);
    const auto result = run_cli({"diff", "--against", "git:HEAD"}, workspace.repo);
    if (ci) ::unsetenv("CI");
    BOOST_TEST(result.exit_code == 2, result.out + result.err);
    BOOST_TEST(contains(result.err, "is a symbolic link to a file outside"), result.err);
    BOOST_TEST(!contains(result.err + result.out, "private"), result.err);
    BOOST_TEST(!contains(result.err + result.out, "api_token"), result.err);
  }
  // Staged as a link, it is refused from the index too.
  const auto staged = run_cli({"diff", "--staged"}, workspace.repo);
  BOOST_TEST(staged.exit_code == 2, staged.out + staged.err);
  BOOST_TEST(contains(staged.err, "is staged as a symbolic link"), staged.err);
  // A link to a file inside the repository is followed.
  std::filesystem::remove(workspace.repo + "/fbcompat.toml");
  workspace.write("repo/config/fbcompat.toml", "");
  std::filesystem::create_symlink("config/fbcompat.toml", workspace.repo + "/fbcompat.toml");
  const auto inside = run_cli({"diff", "--against", "git:HEAD"}, workspace.repo);
  BOOST_TEST(inside.exit_code == 0, inside.out + inside.err);
}

BOOST_AUTO_TEST_CASE(a_configuration_that_is_no_regular_file_is_refused_saying_what_it_is) {
  Workspace workspace;
  BOOST_TEST_REQUIRE(::mkfifo((workspace.repo + "/fbcompat.toml").c_str(), 0600) == 0);
  const auto fifo = run_cli({"diff", "--against", "git:HEAD"}, workspace.repo);
  BOOST_TEST(fifo.exit_code == 2, fifo.out + fifo.err);
  BOOST_TEST(contains(fifo.err, "fbcompat.toml: error: is a FIFO, not a configuration file"), fifo.err);
  // The commands that look for it from the current directory say the same.
  const auto rules = run_cli({"lock", "--check"}, workspace.repo);
  BOOST_TEST(rules.exit_code == 2, rules.out + rules.err);
  BOOST_TEST(contains(rules.err, "is a FIFO"), rules.err);
  std::filesystem::remove(workspace.repo + "/fbcompat.toml");
  std::filesystem::create_directory(workspace.repo + "/fbcompat.toml");
  const auto directory = run_cli({"diff", "--against", "git:HEAD"}, workspace.repo);
  BOOST_TEST(directory.exit_code == 2, directory.out + directory.err);
  BOOST_TEST(contains(directory.err, "is a directory, not a configuration file"), directory.err);
  const auto given = run_cli({"diff", "--against", "git:HEAD", "--config", "fbcompat.toml"}, workspace.repo);
  BOOST_TEST(given.exit_code == 2, given.out + given.err);
  BOOST_TEST(contains(given.err, "is a directory"), given.err);
}

BOOST_AUTO_TEST_SUITE_END()
