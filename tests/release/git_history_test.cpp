// Audits straight from git: a repository built here with the git command, read back with libgit2.
#include <cstdlib>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "fbcompat/release/audit.h"
#include "fbcompat/core/history.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

void git(const TempDir& repo, const std::string& arguments) {
  const std::string command = "git -C '" + repo.path() +
                              "' -c user.email=test@example.com -c user.name=test -c init.defaultBranch=main "
                              "-c advice.detachedHead=false " + arguments + " >/dev/null 2>&1";
  BOOST_TEST_REQUIRE(std::system(command.c_str()) == 0, command);
}

std::string schema_with(const std::string& members) {
  return "include \"common.fbs\";\nnamespace g;\ntable A { x: int; }\ntable B { y: int; }\ntable C { z: int; }\n"
         "union Node { " + members + " }\ntable Graph { nodes: [Node]; meta: Meta; }\nroot_type Graph;\n";
}

// Tags v1.0, v1.2, v1.10 (out of lexical order) and a tag v0.9 where the schema does not exist yet.
void make_repository(const TempDir& repo) {
  git(repo, "init -q");
  repo.write("README", "no schema yet\n");
  git(repo, "add -A");
  git(repo, "commit -q -m start");
  git(repo, "tag v0.9");
  repo.write("schemas/common.fbs", "namespace g;\ntable Meta { name: string; }\n");
  repo.write("schemas/graph.fbs", schema_with("A"));
  git(repo, "add -A");
  git(repo, "commit -q -m v1.0");
  git(repo, "tag v1.0");
  repo.write("schemas/graph.fbs", schema_with("A, B"));
  git(repo, "commit -q -am v1.2");
  git(repo, "tag v1.2");
  repo.write("schemas/common.fbs", "namespace g;\ntable Meta { name: string; size: int; }\n");
  repo.write("schemas/graph.fbs", schema_with("A, C, B"));
  git(repo, "commit -q -am v1.10");
  git(repo, "tag v1.10");
}

std::vector<std::string> names(const History& history) {
  std::vector<std::string> result;
  for (const HistoryVersion& version : history.versions) result.push_back(version.name);
  return result;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(git_history)

BOOST_AUTO_TEST_CASE(a_glob_orders_refs_by_version_and_skips_refs_without_the_file) {
  TempDir repo;
  make_repository(repo);
  const auto history = load_git_history(repo.path(), "schemas/graph.fbs", {"v*"});
  BOOST_TEST_REQUIRE(history.ok(), (history.ok() ? "" : history.error().to_string()));
  BOOST_TEST(names(*history) == (std::vector<std::string>{"v1.0", "v1.2", "v1.10"}), boost::test_tools::per_element());
  BOOST_TEST_REQUIRE(history->notes.size() == 1u);
  BOOST_TEST(history->notes[0].find("v0.9") != std::string::npos);
  // Includes are read at the same ref: v1.10's Meta has two fields, v1.0's one.
  BOOST_TEST(history->schema(0, 0)->find_composite("g.Meta")->fields.size() == 1u);
  BOOST_TEST(history->schema(2, 0)->find_composite("g.Meta")->fields.size() == 2u);
  BOOST_TEST(history->schema(2, 0)->file_of(history->schema(2, 0)->find_composite("g.Meta")->location) ==
             "git:v1.10:schemas/common.fbs");
}

BOOST_AUTO_TEST_CASE(pre_releases_come_before_their_release_and_globs_match_whole_names) {
  TempDir repo;
  make_repository(repo);
  git(repo, "tag v1.10-rc2 v1.2");
  git(repo, "tag v1.10-rc10 v1.2");
  git(repo, "branch v1/feature v1.2");  // "v*" must not reach across the '/'
  const auto history = load_git_history(repo.path(), "schemas/graph.fbs", {"v*"});
  BOOST_TEST_REQUIRE(history.ok(), (history.ok() ? "" : history.error().to_string()));
  BOOST_TEST(names(*history) == (std::vector<std::string>{"v1.0", "v1.2", "v1.10-rc2", "v1.10-rc10", "v1.10"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_file_is_followed_across_renames) {
  TempDir repo;
  make_repository(repo);
  git(repo, "mv schemas/graph.fbs schemas/graph_v2.fbs");
  git(repo, "commit -q -m moved");
  git(repo, "tag v2.0");
  const auto history = load_git_history(repo.path(), "schemas/graph_v2.fbs", {"v*"});
  BOOST_TEST_REQUIRE(history.ok(), (history.ok() ? "" : history.error().to_string()));
  BOOST_TEST(names(*history) == (std::vector<std::string>{"v1.0", "v1.2", "v1.10", "v2.0"}), boost::test_tools::per_element());
  const Schema* first = history->schema(0, 0);
  BOOST_TEST(first->files.front() == "git:v1.0:schemas/graph.fbs");
  bool noted = false;
  for (const std::string& note : history->notes) noted |= note.find("was schemas/graph.fbs at v1.10") != std::string::npos;
  BOOST_TEST(noted);
}

BOOST_AUTO_TEST_CASE(the_audit_finds_the_insertion_between_tags) {
  TempDir repo;
  make_repository(repo);
  auto history = load_git_history(repo.path(), "schemas/graph.fbs", {"v1.0", "v1.2", "v1.10"});
  BOOST_TEST_REQUIRE(history.ok());
  const AuditReport report = audit_history(std::move(history.value()), AuditOptions{});
  BOOST_TEST(!report.compatible());
  bool found = false;
  for (const Transition& transition : report.transitions) {
    for (const Finding& finding : transition.findings) {
      if (finding.rule == "UNION_MEMBER_SAME_ID" && finding.subject == "g.Node.C") {
        found = true;
        BOOST_TEST(finding.file == "git:v1.10:schemas/graph.fbs");
      }
    }
  }
  BOOST_TEST(found);
}

BOOST_AUTO_TEST_CASE(a_bare_clone_reads_the_same) {
  TempDir repo;
  make_repository(repo);
  TempDir bare;
  const std::string clone = "git clone -q --bare '" + repo.path() + "' '" + bare.path() + "/bare.git' >/dev/null 2>&1";
  BOOST_TEST_REQUIRE(std::system(clone.c_str()) == 0);
  const auto history = load_git_history(bare.path() + "/bare.git", "schemas/graph.fbs", {"v*"});
  BOOST_TEST_REQUIRE(history.ok(), (history.ok() ? "" : history.error().to_string()));
  BOOST_TEST(history->versions.size() == 3u);
}

BOOST_AUTO_TEST_CASE(bad_refs_and_paths_are_errors) {
  TempDir repo;
  make_repository(repo);
  const auto missing_ref = load_git_history(repo.path(), "schemas/graph.fbs", {"v1.0", "v9.9"});
  BOOST_TEST_REQUIRE(!missing_ref.ok());
  BOOST_TEST(missing_ref.error().message.find("v9.9") != std::string::npos);
  const auto no_match = load_git_history(repo.path(), "schemas/graph.fbs", {"release-*"});
  BOOST_TEST(!no_match.ok());
  const auto absent_everywhere = load_git_history(repo.path(), "schemas/none.fbs", {"v*"});
  BOOST_TEST(!absent_everywhere.ok());
  TempDir not_a_repo;
  BOOST_TEST(!load_git_history(not_a_repo.path(), "x.fbs", {"v1"}).ok());
}

BOOST_AUTO_TEST_CASE(the_cli_audits_git_and_diffs_against_a_ref) {
  TempDir repo;
  make_repository(repo);
  const auto audit = run_cli({"audit", "--git", repo.path(), "--path", "schemas/graph.fbs", "--refs", "v*", "--format", "json"});
  BOOST_TEST(audit.exit_code == 1, audit.err);
  const auto json = nlohmann::json::parse(audit.out);
  BOOST_TEST(json["versions"].size() == 3u);
  BOOST_TEST(json["notes"].size() == 1u);

  // The work tree moved on: diff it against a tag, includes read at that tag.
  const auto diff = run_cli({"diff", repo.path() + "/schemas/graph.fbs", "--against", "git:v1.2"});
  BOOST_TEST(diff.exit_code == 1, diff.out + diff.err);
  BOOST_TEST(diff.out.find("[UNION_MEMBER_SAME_ID]") != std::string::npos, diff.out);
  BOOST_TEST(diff.out.find("1 schema file (1 modified) in schemas/graph.fbs against v1.2") != std::string::npos, diff.out);
  const auto same = run_cli({"diff", repo.path() + "/schemas/graph.fbs", "--against", "git:HEAD"});
  BOOST_TEST(same.exit_code == 0, same.out + same.err);

  const auto bad_ref = run_cli({"diff", repo.path() + "/schemas/graph.fbs", "--against", "git:nope"});
  BOOST_TEST(bad_ref.exit_code == 2);
  BOOST_TEST(bad_ref.err.find("nope") != std::string::npos, bad_ref.err);
  BOOST_TEST(bad_ref.out.empty());
  // A file the ref does not have is new: nothing to compare, so nothing breaks.
  const auto absent = run_cli({"diff", repo.path() + "/schemas/graph.fbs", "--against", "git:v0.9"});
  BOOST_TEST(absent.exit_code == 0, absent.out + absent.err);
  BOOST_TEST(absent.out.find("1 schema file (1 added)") != std::string::npos, absent.out);
}

BOOST_AUTO_TEST_SUITE_END()
