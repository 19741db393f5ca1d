// Schemas in a submodule are the module's too: read at the commit each side records (the work tree side:
// the submodule's checkout), never silently skipped. A submodule the change moves that cannot be read is
// refused by name, saying how to get it; one left where it was is a note.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/test_support.h"

using namespace fbcompat::test;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const std::string kProto = "namespace proto;\ntable Point { x: int; y: int; }\nroot_type Point;\n";
const std::string kProtoBroken = "namespace proto;\ntable Point { x: int; }\nroot_type Point;\n";

// A superproject (super/) with a submodule at third_party/proto, made from a repository beside it (proto/).
struct Superproject {
  TempDir dir;
  std::string proto = dir.path() + "/proto";
  std::string super = dir.path() + "/super";

  Superproject() {
    dir.write("proto/schemas/point.fbs", kProto);
    BOOST_TEST_REQUIRE(run_git(proto, {"init", "-q"}) == 0);
    BOOST_TEST_REQUIRE(run_git(proto, {"add", "-A"}) == 0);
    BOOST_TEST_REQUIRE(run_git(proto, {"commit", "-q", "-m", "point"}) == 0);
    dir.write("super/schemas/app.fbs",
              "include \"../third_party/proto/schemas/point.fbs\";\nnamespace app;\n"
              "table Shape { at: proto.Point; }\nroot_type Shape;\n");
    BOOST_TEST_REQUIRE(run_git(super, {"init", "-q"}) == 0);
    BOOST_TEST_REQUIRE(git({"-c", "protocol.file.allow=always", "submodule", "add", "-q", proto, "third_party/proto"}) == 0);
    BOOST_TEST_REQUIRE(git({"add", "-A"}) == 0);
    BOOST_TEST_REQUIRE(git({"commit", "-q", "-m", "base"}) == 0);
    BOOST_TEST_REQUIRE(git({"tag", "base"}) == 0);
  }
  int git(const std::vector<std::string>& arguments) const { return run_git(super, arguments); }

  // The submodule's upstream breaks Point; the superproject's checkout of it follows.
  void pull_breaking_change() const {
    dir.write("proto/schemas/point.fbs", kProtoBroken);
    BOOST_TEST_REQUIRE(run_git(proto, {"commit", "-q", "-am", "drop y"}) == 0);
    BOOST_TEST_REQUIRE(run_git(super + "/third_party/proto", {"pull", "-q", "origin", "main"}) == 0);
  }
};

nlohmann::json findings_of(const CommandResult& result) { return nlohmann::json::parse(result.out).at("findings"); }

}  // namespace

BOOST_AUTO_TEST_SUITE(module_submodule)

BOOST_AUTO_TEST_CASE(a_breaking_change_inside_a_submodule_is_found) {
  Superproject project;
  const auto unchanged = run_cli({"diff", "--against", "git:base"}, project.super);
  BOOST_TEST(unchanged.exit_code == 0, unchanged.out + unchanged.err);
  BOOST_TEST(contains(unchanged.out, "2 schema files in . against base"), unchanged.out);

  project.pull_breaking_change();
  // The work tree: the submodule's checkout.
  const auto work_tree = run_cli({"diff", "--against", "git:base", "--format", "json"}, project.super);
  BOOST_TEST(work_tree.exit_code == 1, work_tree.out + work_tree.err);
  const auto findings = findings_of(work_tree);
  BOOST_TEST_REQUIRE(!findings.empty(), work_tree.out);
  BOOST_TEST(findings[0].at("rule") == "FIELD_NO_DELETE");
  BOOST_TEST(findings[0].at("file") == "third_party/proto/schemas/point.fbs");
  BOOST_TEST(findings[0].at("subject") == "proto.Point.y");

  // Staged: the commit the index records, read from the submodule's repository.
  BOOST_TEST_REQUIRE(project.git({"add", "third_party/proto"}) == 0);
  const auto staged = run_cli({"diff", "--staged", "--format", "json"}, project.super);
  BOOST_TEST(staged.exit_code == 1, staged.out + staged.err);
  BOOST_TEST(findings_of(staged)[0].at("subject") == "proto.Point.y", staged.out);
  // And the superproject's file that includes it is judged against it too, once.
  BOOST_TEST(findings_of(staged).size() == 1u, staged.out);
}

BOOST_AUTO_TEST_CASE(a_submodule_that_is_not_checked_out_is_said_or_refused_never_skipped) {
  Superproject project;
  project.pull_breaking_change();
  BOOST_TEST_REQUIRE(project.git({"commit", "-q", "-am", "bump proto"}) == 0);
  // A clone without its submodules, as a CI checkout without `submodules: true` makes.
  const std::string clone = project.dir.path() + "/clone";
  BOOST_TEST_REQUIRE(run_git(project.dir.path(), {"clone", "-q", project.super, clone}) == 0);
  // The change moves the submodule, which cannot be read: refused by name, saying how.
  const auto moved = run_cli({"diff", "--against", "git:base", "--format", "json"}, clone);
  BOOST_TEST(moved.exit_code == 2, moved.out + moved.err);
  BOOST_TEST(contains(moved.err, "third_party/proto: error: is a submodule"), moved.err);
  BOOST_TEST(contains(moved.err, "git submodule update --init third_party/proto"), moved.err);
  BOOST_TEST(contains(nlohmann::json::parse(moved.out).at("error").at("message").get<std::string>(), "submodule"));
  // Left where it was: nothing in it changed, and a note says it was not read.
  const auto still = run_cli({"diff", "--against", "git:HEAD", "--format", "json"}, clone);
  BOOST_TEST(still.exit_code == 0, still.out + still.err);
  bool noted = false;
  for (const auto& finding : findings_of(still)) {
    noted |= finding.at("rule") == "FILE_NOT_CHECKED" && finding.at("subject") == "third_party/proto";
  }
  BOOST_TEST(noted, still.out);
  // Checked out, it is read.
  BOOST_TEST_REQUIRE(run_git(clone, {"-c", "protocol.file.allow=always", "submodule", "update", "-q", "--init"}) == 0);
  const auto read = run_cli({"diff", "--against", "git:base"}, clone);
  BOOST_TEST(read.exit_code == 1, read.out + read.err);
  BOOST_TEST(contains(read.out, "third_party/proto/schemas/point.fbs"), read.out);
}

BOOST_AUTO_TEST_SUITE_END()
