// The module gate: `fbcompat diff --against git:REF [PATH...]` and `fbcompat diff --staged` on a
// repository of this test's own making, shaped like a project that is not ExecuTorch: several schema
// files, one included by another, one file of messages with no root_type, files added, moved, rewritten
// as they moved, and deleted; run from the root and from a subdirectory; every report format.
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/test_support.h"

using namespace fbcompat::test;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const std::string kCommon = "namespace demo;\ntable Header { id: int; sent_at: long; }\n";
const std::string kEvents =
    "include \"inc/common.fbs\";\nnamespace demo;\n\ntable Click { x: int; y: int; }\ntable Key { code: int; }\n"
    "union Event { Click, Key }\ntable Envelope { header: Header; event: Event; }\nroot_type Envelope;\n";
// Barrage-shaped: messages each sent as a buffer of its own, so no root_type.
const std::string kMessages = "namespace barrage;\n\ntable Ping { seq: long; }\ntable Pong { seq: long; }\n";
const std::string kSettings =
    "namespace demo;\ntable Settings { volume: int; muted: bool; brightness: int; }\nroot_type Settings;\n";

// A repository whose first commit (tagged base) holds the module; the tests change its work tree.
struct ModuleRepository {
  TempDir dir;

  ModuleRepository() {
    dir.write("schemas/inc/common.fbs", kCommon);
    dir.write("schemas/events.fbs", kEvents);
    dir.write("schemas/messages.fbs", kMessages);
    dir.write("schemas/settings.fbs", kSettings);
    dir.write("tools/fixtures/sample.fbs", "table Fixture { a: int; }\n");
    dir.write("README.md", "not a schema\n");
    BOOST_TEST_REQUIRE(git({"init", "-q"}) == 0);
    BOOST_TEST_REQUIRE(git({"add", "-A"}) == 0);
    BOOST_TEST_REQUIRE(git({"commit", "-q", "-m", "base"}) == 0);
    BOOST_TEST_REQUIRE(git({"tag", "base"}) == 0);
  }

  int git(const std::vector<std::string>& arguments) const { return run_git(dir.path(), arguments); }
  std::string path(const std::string& name) const { return dir.path() + "/" + name; }
  CommandResult diff(std::vector<std::string> arguments, const std::string& in = "") const {
    arguments.insert(arguments.begin(), "diff");
    return run_cli(arguments, in.empty() ? dir.path() : path(in));
  }
};

nlohmann::json findings_of(const CommandResult& result) { return nlohmann::json::parse(result.out).at("findings"); }

nlohmann::json with_rule(const nlohmann::json& findings, const std::string& rule) {
  nlohmann::json selected = nlohmann::json::array();
  for (const auto& finding : findings) {
    if (finding.at("rule") == rule) selected.push_back(finding);
  }
  return selected;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(module_gate)

BOOST_AUTO_TEST_CASE(an_unchanged_module_is_compatible_and_every_tracked_schema_is_counted) {
  ModuleRepository repository;
  const auto result = repository.diff({"--against", "git:base"});
  BOOST_TEST(result.exit_code == 0, result.out + result.err);
  BOOST_TEST(contains(result.out, "no findings: compatible: 5 schema files in . against base"), result.out);
}

BOOST_AUTO_TEST_CASE(a_new_file_is_compatible_but_must_load) {
  ModuleRepository repository;
  repository.dir.write("schemas/audio.fbs", "namespace demo;\ntable Tone { hz: float; }\n");
  BOOST_TEST_REQUIRE(repository.git({"add", "schemas/audio.fbs"}) == 0);
  const auto added = repository.diff({"--against", "git:base"});
  BOOST_TEST(added.exit_code == 0, added.out + added.err);
  BOOST_TEST(contains(added.out, "6 schema files (1 added) in . against base"), added.out);

  // A new file that does not parse is a finding of the change, and the rest of the module is still judged.
  repository.dir.write("schemas/audio.fbs", "namespace demo;\ntable Tone { hz: float\n");
  const auto broken = repository.diff({"--against", "git:base"});
  BOOST_TEST(broken.exit_code == 1, broken.out + broken.err);
  BOOST_TEST(contains(broken.out, "schemas/audio.fbs:3:"), broken.out);
  BOOST_TEST(contains(broken.out, "error: [FILE_PARSES] schemas/audio.fbs does not parse (it is new)"), broken.out);
  BOOST_TEST(!contains(broken.out, repository.dir.path()), broken.out);  // the repository path, not the absolute one
}

BOOST_AUTO_TEST_CASE(a_deleted_file_is_breaking_when_its_declarations_go_with_it) {
  ModuleRepository repository;
  BOOST_TEST_REQUIRE(repository.git({"rm", "-q", "schemas/settings.fbs"}) == 0);
  const auto result = repository.diff({"--against", "git:base", "--format", "json"});
  BOOST_TEST(result.exit_code == 1, result.out + result.err);
  const auto deleted = with_rule(findings_of(result), "FILE_NO_DELETE");
  BOOST_TEST_REQUIRE(deleted.size() == 1u, result.out);
  BOOST_TEST(deleted[0].at("file") == "schemas/settings.fbs");
  BOOST_TEST(deleted[0].at("subject") == "schemas/settings.fbs");
  BOOST_TEST(deleted[0].at("severity") == "warning");  // what breaks data is its declarations' own finding
  BOOST_TEST(contains(deleted[0].at("message").get<std::string>(), "which base has, was deleted"));
  BOOST_TEST(contains(deleted[0].at("message").get<std::string>(), "Settings went with it"));
  const auto settings = with_rule(findings_of(result), "TYPE_NO_DELETE");
  BOOST_TEST_REQUIRE(settings.size() == 1u, result.out);
  BOOST_TEST(settings[0].at("subject") == "demo.Settings");
  BOOST_TEST(settings[0].at("file") == "schemas/settings.fbs");

  // Accepted by a configuration that landed before the change: the project's decision, not the change's.
  repository.dir.write("fbcompat.toml", "[[ignore]]\nrule = \"TYPE_NO_DELETE\"\nsubject = \"demo.Settings\"\n"
                                        "reason = \"settings moved to the device's own store\"\n");
  BOOST_TEST_REQUIRE(repository.git({"add", "fbcompat.toml"}) == 0);
  BOOST_TEST_REQUIRE(repository.git({"commit", "-q", "-m", "accept", "--", "fbcompat.toml"}) == 0);
  const auto accepted = repository.diff({"--against", "git:HEAD"});
  BOOST_TEST(accepted.exit_code == 0, accepted.out + accepted.err);
  BOOST_TEST(contains(accepted.out, "warning: [FILE_NO_DELETE]"), accepted.out);
}

BOOST_AUTO_TEST_CASE(a_moved_file_is_compared_with_its_old_self) {
  ModuleRepository repository;
  std::filesystem::create_directories(repository.path("schemas/config"));
  BOOST_TEST_REQUIRE(repository.git({"mv", "schemas/settings.fbs", "schemas/config/settings.fbs"}) == 0);
  // Moved and edited: a field deleted in the middle.
  repository.dir.write("schemas/config/settings.fbs",
                       "namespace demo;\ntable Settings { volume: int; brightness: int; }\nroot_type Settings;\n");
  const auto result = repository.diff({"--against", "git:base", "--format", "json"});
  BOOST_TEST(result.exit_code == 1, result.out + result.err);
  const auto findings = findings_of(result);
  BOOST_TEST(with_rule(findings, "FILE_NO_DELETE").empty(), result.out);
  const auto deleted = with_rule(findings, "FIELD_NO_DELETE");
  BOOST_TEST_REQUIRE(deleted.size() == 1u, result.out);
  BOOST_TEST(deleted[0].at("file") == "schemas/config/settings.fbs");
  BOOST_TEST(deleted[0].at("subject") == "demo.Settings.muted");
}

BOOST_AUTO_TEST_CASE(a_move_git_cannot_see_is_found_by_content_or_mapped_in_the_configuration) {
  ModuleRepository repository;
  BOOST_TEST_REQUIRE(repository.git({"rm", "-q", "schemas/messages.fbs"}) == 0);
  // Rewritten as it moved: too little in common for git's rename detection, but it declares what the
  // deleted file declared.
  repository.dir.write("schemas/wire/barrage.fbs",
                       "// Barrage's messages, one buffer each.\n// Moved from schemas/messages.fbs.\n\n"
                       "namespace barrage;\n\n/// A liveness probe.\ntable Ping {\n  seq: long;\n}\n");
  BOOST_TEST_REQUIRE(repository.git({"add", "schemas/wire/barrage.fbs"}) == 0);
  for (const bool mapped : {false, true}) {
    if (mapped) {
      repository.dir.write("fbcompat.toml",
                           "[module]\nrenames = { \"schemas/messages.fbs\" = \"schemas/wire/barrage.fbs\" }\n");
    }
    const auto result = repository.diff({"--against", "git:base", "--format", "json"});
    BOOST_TEST(result.exit_code == 1, result.out + result.err);
    const auto findings = findings_of(result);
    BOOST_TEST(with_rule(findings, "FILE_NO_DELETE").empty(), result.out);
    // Pong is gone, and with no root_type every table is a root: breaking, not "unused".
    const auto pong = with_rule(findings, "TYPE_NO_DELETE");
    BOOST_TEST_REQUIRE(pong.size() == 1u, result.out);
    BOOST_TEST(pong[0].at("subject") == "barrage.Pong");
    BOOST_TEST(contains(pong[0].at("message").get<std::string>(), "as a possible root"));
  }
}

BOOST_AUTO_TEST_CASE(includes_are_read_at_each_sides_ref) {
  ModuleRepository repository;
  // Only the included file changes: the field sent_at's type changes under events.fbs.
  repository.dir.write("schemas/inc/common.fbs", "namespace demo;\ntable Header { id: int; sent_at: int; }\n");
  const auto result = repository.diff({"--against", "git:base", "schemas/events.fbs", "--format", "json"});
  BOOST_TEST(result.exit_code == 1, result.out + result.err);
  const auto changed = with_rule(findings_of(result), "FIELD_SAME_TYPE");
  BOOST_TEST_REQUIRE(changed.size() == 1u, result.out);
  BOOST_TEST(changed[0].at("file") == "schemas/inc/common.fbs");
  BOOST_TEST(changed[0].at("line") == 2);
}

BOOST_AUTO_TEST_CASE(a_change_in_an_included_file_is_reported_once) {
  ModuleRepository repository;
  repository.dir.write("schemas/inc/common.fbs", "namespace demo;\ntable Header { id: int; sent_at: int; }\n");
  // common.fbs is both a module file and an include of events.fbs.
  const auto result = repository.diff({"--against", "git:base", "--format", "json"});
  BOOST_TEST(with_rule(findings_of(result), "FIELD_SAME_TYPE").size() == 1u, result.out);
}

BOOST_AUTO_TEST_CASE(an_include_that_leaves_the_tree_is_refused) {
  ModuleRepository repository;
  TempDir outside;
  outside.write("secret.fbs", "table Secret { a: int; }\n");
  repository.dir.write("schemas/leak.fbs", "include \"" + outside.path() + "/secret.fbs\";\ntable L { s: Secret; }\n");
  BOOST_TEST_REQUIRE(repository.git({"add", "schemas/leak.fbs"}) == 0);
  // The change's file cannot be checked, and says why; the file outside is never read.
  const auto result = repository.diff({"--against", "git:base"});
  BOOST_TEST(result.exit_code == 1, result.out + result.err);
  BOOST_TEST(contains(result.out, "error: [FILE_PARSES] schemas/leak.fbs does not parse"), result.out);
  BOOST_TEST(contains(result.out, "secret.fbs"), result.out);
  BOOST_TEST(contains(result.out, "includes are read only inside the repository"), result.out);
  BOOST_TEST(!contains(result.out, "Secret { a: int; }"), result.out);
}

BOOST_AUTO_TEST_CASE(a_deleted_declaration_points_at_the_nearest_place_that_survives) {
  ModuleRepository repository;
  repository.dir.write(
      "schemas/events.fbs",
      "include \"inc/common.fbs\";\nnamespace demo;\n\ntable Click { x: int; y: int; }\n"
      "union Event { Click }\ntable Envelope { header: Header; event: Event; }\nroot_type Envelope;\n");
  const auto result = repository.diff({"--against", "git:base", "--format", "json"});
  BOOST_TEST(result.exit_code == 1, result.out + result.err);
  const auto deleted = with_rule(findings_of(result), "TYPE_NO_DELETE");
  BOOST_TEST_REQUIRE(deleted.size() == 1u, result.out);
  // Key was on line 5 at base; Click, before it, is on line 4 of the new file.
  BOOST_TEST(deleted[0].at("file") == "schemas/events.fbs");
  BOOST_TEST(deleted[0].at("line") == 4);
  BOOST_TEST(contains(deleted[0].at("message").get<std::string>(), "At base it was at schemas/events.fbs:5."));
  for (const auto& finding : findings_of(result)) {
    BOOST_TEST(!contains(finding.at("file").get<std::string>(), "git:"), finding.dump());
  }
}

BOOST_AUTO_TEST_CASE(staged_checks_the_index_not_the_work_tree) {
  ModuleRepository repository;
  const std::string broken = "namespace demo;\ntable Settings { volume: int; brightness: int; }\nroot_type Settings;\n";
  // Staged: the breaking change; the work tree: put back. What is committed is what is checked.
  repository.dir.write("schemas/settings.fbs", broken);
  BOOST_TEST_REQUIRE(repository.git({"add", "schemas/settings.fbs"}) == 0);
  repository.dir.write("schemas/settings.fbs", kSettings);
  const auto staged = repository.diff({"--staged"});
  BOOST_TEST(staged.exit_code == 1, staged.out + staged.err);
  BOOST_TEST(contains(staged.out, "schemas/settings.fbs:2:"), staged.out);
  BOOST_TEST(contains(staged.out, "as staged, against HEAD"), staged.out);
  BOOST_TEST(repository.diff({"--against", "git:HEAD"}).exit_code == 0);

  // The reverse: staged fine, the work tree broken: --staged passes.
  BOOST_TEST_REQUIRE(repository.git({"reset", "-q"}) == 0);
  repository.dir.write("schemas/settings.fbs", broken);
  BOOST_TEST(repository.diff({"--staged"}).exit_code == 0);
  // Added and renamed files are staged files too.
  BOOST_TEST_REQUIRE(repository.git({"checkout", "-q", "--", "schemas/settings.fbs"}) == 0);
  BOOST_TEST_REQUIRE(repository.git({"mv", "schemas/settings.fbs", "schemas/prefs.fbs"}) == 0);
  repository.dir.write("schemas/new.fbs", "table N { a: int; }\n");
  BOOST_TEST_REQUIRE(repository.git({"add", "schemas/new.fbs"}) == 0);
  const auto moved = repository.diff({"--staged", "schemas/prefs.fbs", "schemas/new.fbs"});
  BOOST_TEST(moved.exit_code == 0, moved.out + moved.err);
  BOOST_TEST(contains(moved.out, "2 schema files (1 added, 1 renamed)"), moved.out);
}

BOOST_AUTO_TEST_CASE(paths_are_relative_to_the_repository_root_wherever_it_runs) {
  ModuleRepository repository;
  repository.dir.write("schemas/messages.fbs", "namespace barrage;\n\ntable Ping { seq: long; }\n");
  // From a subdirectory with no paths: the tracked schemas under it, named from the root.
  const auto inside = repository.diff({"--against", "git:base", "--format", "json"}, "schemas");
  BOOST_TEST(inside.exit_code == 1, inside.out + inside.err);
  const auto pong = with_rule(findings_of(inside), "TYPE_NO_DELETE");
  BOOST_TEST_REQUIRE(pong.size() == 1u, inside.out);
  BOOST_TEST(pong[0].at("file") == "schemas/messages.fbs");
  // tools/ is not under schemas/: four files, not five.
  const auto text = repository.diff({"--against", "git:base"}, "schemas");
  BOOST_TEST(contains(text.out, "4 schema files (1 modified) in schemas against base"), text.out);
  // A directory given as a path, from elsewhere.
  const auto given = run_cli({"diff", "--against", "git:base", repository.path("schemas/inc")});
  BOOST_TEST(given.exit_code == 0, given.out + given.err);
  BOOST_TEST(contains(given.out, "1 schema file in schemas/inc against base"), given.out);
}

BOOST_AUTO_TEST_CASE(the_configured_module_roots_are_the_default_paths) {
  ModuleRepository repository;
  repository.dir.write("tools/fixtures/sample.fbs", "table Other { b: int; }\n");  // breaking, but not the module's
  const auto everything = repository.diff({"--against", "git:base"});
  BOOST_TEST(everything.exit_code == 1, everything.out);
  // Configured in the same change, the narrower module would hide that break: reported as such.
  repository.dir.write("fbcompat.toml", "[module]\nroots = [\"schemas\"]\n");
  const auto hiding = repository.diff({"--against", "git:base"});
  BOOST_TEST(hiding.exit_code == 1, hiding.out);
  BOOST_TEST(contains(hiding.out, "[CONFIG_LOOSENED] [module] leaves schema files out of the module"), hiding.out);
  BOOST_TEST(contains(hiding.out, "the change to tools/fixtures/sample.fbs"), hiding.out);
  // Landed before, it is the module.
  BOOST_TEST_REQUIRE(repository.git({"add", "fbcompat.toml"}) == 0);
  BOOST_TEST_REQUIRE(repository.git({"commit", "-q", "-m", "module", "--", "fbcompat.toml"}) == 0);
  const auto module = repository.diff({"--against", "git:HEAD"});
  BOOST_TEST(module.exit_code == 0, module.out + module.err);
  BOOST_TEST(contains(module.out, "4 schema files in schemas against HEAD"), module.out);
}

BOOST_AUTO_TEST_CASE(every_format_names_files_from_the_repository_root) {
  ModuleRepository repository;
  repository.dir.write("schemas/messages.fbs", "namespace barrage;\n\ntable Ping { seq: long; }\n");
  BOOST_TEST_REQUIRE(repository.git({"rm", "-q", "schemas/settings.fbs"}) == 0);
  const auto github = repository.diff({"--against", "git:base", "../..", "--format", "github"}, "schemas/inc");
  BOOST_TEST(contains(github.out, "::error file=schemas/messages.fbs,line=3,"), github.out);
  BOOST_TEST(contains(github.out, "::error file=schemas/settings.fbs,"), github.out);
  const auto junit = repository.diff({"--against", "git:base", "../..", "--format", "junit"}, "schemas/inc");
  BOOST_TEST(contains(junit.out, "schemas/messages.fbs"), junit.out);
  BOOST_TEST(!contains(junit.out, repository.dir.path()), junit.out);
  const auto text = repository.diff({"--against", "git:base", "../.."}, "schemas/inc");
  BOOST_TEST(text.out.rfind("schemas/messages.fbs:3:1: error: [TYPE_NO_DELETE]", 0) == 0, text.out);
  BOOST_TEST(!contains(text.out, repository.dir.path()), text.out);

  const auto sarif_result = repository.diff({"--against", "git:base", "../..", "--format", "sarif"}, "schemas/inc");
  const auto sarif = nlohmann::json::parse(sarif_result.out);
  const auto& run = sarif.at("runs").at(0);
  BOOST_TEST(run.at("originalUriBaseIds").contains("SRCROOT"), sarif_result.out);
  bool saw_messages = false;
  for (const auto& result : run.at("results")) {
    const auto& artifact = result.at("locations").at(0).at("physicalLocation").at("artifactLocation");
    BOOST_TEST(artifact.at("uriBaseId") == "SRCROOT");
    saw_messages |= artifact.at("uri") == "schemas/messages.fbs";
  }
  BOOST_TEST(saw_messages, sarif_result.out);
}

BOOST_AUTO_TEST_CASE(a_family_of_versioned_copies_is_gated_by_its_newest_version_and_lock) {
  // fbcompat's own family as another project keeps it: every version's copies, a manifest and a lock.
  TempDir dir;
  std::filesystem::create_directories(dir.path() + "/schemas");
  std::filesystem::copy(source_path("schemas/xnnpack"), dir.path() + "/schemas/xnnpack",
                        std::filesystem::copy_options::recursive);
  dir.write(
      "fbcompat.toml",
      "[[history]]\nname = \"xnnpack\"\ndirectory = \"schemas/xnnpack\"\nlock = \"schemas/xnnpack/fbcompat.lock\"\n"
      "accept_identifiers = [\"XN00\", \"XN01\"]\n");
  BOOST_TEST_REQUIRE(run_git(dir.path(), {"init", "-q"}) == 0);
  BOOST_TEST_REQUIRE(run_git(dir.path(), {"add", "-A"}) == 0);
  BOOST_TEST_REQUIRE(run_git(dir.path(), {"commit", "-q", "-m", "family"}) == 0);
  // The old versions' copies are history: the lock of every release does not judge them.
  const auto unchanged = run_cli({"diff", "--against", "git:HEAD"}, dir.path());
  BOOST_TEST(unchanged.exit_code == 0, unchanged.out + unchanged.err);
  BOOST_TEST(contains(unchanged.out, "no findings: compatible"), unchanged.out);

  // The newest version gains a member in the middle of XNodeUnion: the incident this tool exists for.
  const std::string newest = dir.path() + "/schemas/xnnpack/v1.5.0-dev/schema.fbs";
  std::string text = read_file(newest);
  const auto union_start = text.find("union XNodeUnion {");
  BOOST_TEST_REQUIRE(union_start != std::string::npos);
  const auto first_member = text.find('\n', union_start) + 1;
  text.insert(first_member, "  XNNInserted: _XNNNode1x1,\n");
  dir.write("schemas/xnnpack/v1.5.0-dev/schema.fbs", text);
  const auto inserted = run_cli({"diff", "--against", "git:HEAD", "--format", "json"}, dir.path());
  BOOST_TEST(inserted.exit_code == 1, inserted.out + inserted.err);
  const auto findings = findings_of(inserted);
  BOOST_TEST(!with_rule(findings, "UNION_MEMBER_SAME_ID").empty(), inserted.out);
  BOOST_TEST(!with_rule(findings, "LOCK_ID_REUSED").empty(), inserted.out);
  for (const auto& finding : findings) BOOST_TEST(finding.at("file") == "schemas/xnnpack/v1.5.0-dev/schema.fbs");
}

BOOST_AUTO_TEST_CASE(a_symbolic_link_to_a_schema_is_neither_read_nor_compared) {
  ModuleRepository repository;
  std::filesystem::create_symlink("settings.fbs", repository.path("schemas/alias.fbs"));
  BOOST_TEST_REQUIRE(repository.git({"add", "schemas/alias.fbs"}) == 0);
  BOOST_TEST_REQUIRE(repository.git({"commit", "-q", "-m", "alias"}) == 0);
  const auto result = repository.diff({"--against", "git:base"});
  BOOST_TEST(result.exit_code == 0, result.out + result.err);
  BOOST_TEST(contains(result.out, "5 schema files in . against base"), result.out);
  BOOST_TEST(repository.diff({"--staged"}).exit_code == 0);
}

BOOST_AUTO_TEST_CASE(a_declaration_several_files_include_is_judged_once) {
  ModuleRepository repository;
  // Both events.fbs and a second file include common.fbs; Header goes, and events.fbs used it.
  repository.dir.write("schemas/audit.fbs",
                       "include \"inc/common.fbs\";\nnamespace demo;\ntable Audit { at: long; }\nroot_type Audit;\n");
  BOOST_TEST_REQUIRE(repository.git({"add", "schemas/audit.fbs"}) == 0);
  BOOST_TEST_REQUIRE(repository.git({"commit", "-q", "-m", "audit"}) == 0);
  repository.dir.write("schemas/inc/common.fbs", "namespace demo;\ntable Spare { a: int; }\n");
  repository.dir.write(
      "schemas/events.fbs",
      "include \"inc/common.fbs\";\nnamespace demo;\n\ntable Click { x: int; y: int; }\ntable Key { code: int; }\n"
      "union Event { Click, Key }\ntable Envelope { header: Spare (deprecated); event: Event; }\nroot_type "
      "Envelope;\n");
  const auto result = repository.diff({"--against", "git:HEAD", "--format", "json"});
  std::size_t about_header = 0;
  for (const auto& finding : findings_of(result)) {
    if (finding.at("subject") == "demo.Header") {
      ++about_header;
      BOOST_TEST(finding.at("rule") == "TYPE_NO_DELETE", finding.dump());  // never also "unused"
    }
  }
  BOOST_TEST(about_header == 1u, result.out);
}

BOOST_AUTO_TEST_CASE(configured_root_tables_must_exist_and_count_only_where_declared) {
  ModuleRepository repository;
  repository.dir.write("schemas/messages.fbs", "namespace barrage;\n\ntable Ping { seq: long; }\n");
  // A misspelt root (no namespace) would quietly make Pong "unused": refused.
  repository.dir.write("fbcompat.toml", "[diff]\nroot_tables = [\"Ping\"]\n");
  const auto misspelt = repository.diff({"--against", "git:base"});
  BOOST_TEST(misspelt.exit_code == 2, misspelt.out + misspelt.err);
  BOOST_TEST(contains(misspelt.err, "root_tables: 'Ping' is no table"), misspelt.err);
  // A root of settings.fbs leaves messages.fbs, which declares none of them, with every table a root.
  repository.dir.write("fbcompat.toml", "[diff]\nroot_tables = [\"demo.Settings\"]\n");
  const auto elsewhere = repository.diff({"--against", "git:base", "--format", "json"});
  BOOST_TEST(elsewhere.exit_code == 1, elsewhere.out + elsewhere.err);
  BOOST_TEST(with_rule(findings_of(elsewhere), "TYPE_NO_DELETE").size() == 1u, elsewhere.out);
}

BOOST_AUTO_TEST_CASE(the_first_commit_and_a_module_with_no_schema_have_nothing_to_break) {
  TempDir dir;
  BOOST_TEST_REQUIRE(run_git(dir.path(), {"init", "-q"}) == 0);
  dir.write("README.md", "no schema yet\n");
  BOOST_TEST_REQUIRE(run_git(dir.path(), {"add", "-A"}) == 0);
  const auto empty = run_cli({"diff", "--staged"}, dir.path());  // before the first commit, and no schema
  BOOST_TEST(empty.exit_code == 0, empty.out + empty.err);
  BOOST_TEST(contains(empty.out, "0 schema files"), empty.out);
  dir.write("first.fbs", "table First { a: int; }\n");
  BOOST_TEST_REQUIRE(run_git(dir.path(), {"add", "-A"}) == 0);
  const auto first = run_cli({"diff", "--staged"}, dir.path());
  BOOST_TEST(first.exit_code == 0, first.out + first.err);
  BOOST_TEST(contains(first.out, "1 schema file (1 added)"), first.out);
}

BOOST_AUTO_TEST_CASE(a_directory_of_released_copies_is_compared_file_by_file) {
  TempDir dir;
  dir.write("released/item.fbs", "namespace shop;\ntable Item { sku: string; price: float; }\nroot_type Item;\n");
  dir.write("released/legacy/old.fbs", "namespace shop;\ntable Old { a: int; }\n");
  dir.write("item.fbs", "namespace shop;\ntable Item { price: float; }\nroot_type Item;\n");
  dir.write("new/fresh.fbs", "namespace shop;\ntable Fresh { a: int; }\n");
  dir.write(".hidden/ignored.fbs", "table Ignored { a: int; }\n");
  // The released copies lie inside the current directory: they are the old side, not new files.
  const auto result = run_cli({"diff", "--against", "released", "--format", "json"}, dir.path());
  BOOST_TEST(result.exit_code == 1, result.out + result.err);
  const auto findings = findings_of(result);
  const auto deleted = with_rule(findings, "FILE_NO_DELETE");
  BOOST_TEST_REQUIRE(deleted.size() == 1u, result.out);
  BOOST_TEST(deleted[0].at("file") == "released/legacy/old.fbs");
  BOOST_TEST(!contains(deleted[0].at("fix").get<std::string>(), "git mv"), deleted[0].dump());
  BOOST_TEST(with_rule(findings, "FIELD_NO_DELETE").size() == 1u, result.out);
  const auto text = run_cli({"diff", "--against", "released"}, dir.path());
  BOOST_TEST(contains(text.out, "3 schema files (1 modified, 1 added, 1 deleted) in . against released"), text.out);
}

BOOST_AUTO_TEST_CASE(a_report_never_replaces_a_schema_it_read) {
  ModuleRepository repository;
  // The module's own file and an include: refused, and left as they were.
  for (const std::string victim : {"schemas/events.fbs", "schemas/inc/common.fbs"}) {
    const auto refused = repository.diff({"--against", "git:base", "-o", victim});
    BOOST_TEST(refused.exit_code == 2, refused.out + refused.err);
    BOOST_TEST(contains(refused.err, "-o:"), refused.err);
  }
  BOOST_TEST(read_file(repository.path("schemas/events.fbs")) == kEvents);
  BOOST_TEST(read_file(repository.path("schemas/inc/common.fbs")) == kCommon);
  // A report beside them is written, and written again on the next run.
  for (int run = 0; run < 2; ++run) {
    const auto written = repository.diff({"--against", "git:base", "--format", "sarif", "-o", "fbcompat.sarif"});
    BOOST_TEST(written.exit_code == 0, written.out + written.err);
  }
  BOOST_TEST(contains(read_file(repository.path("fbcompat.sarif")), "\"version\": \"2.1.0\""));
}

BOOST_AUTO_TEST_CASE(a_report_never_replaces_the_lock_the_manifest_or_the_configuration) {
  TempDir dir;
  std::filesystem::create_directories(dir.path() + "/schemas");
  std::filesystem::copy(source_path("schemas/xnnpack"), dir.path() + "/schemas/xnnpack",
                        std::filesystem::copy_options::recursive);
  dir.write("fbcompat.toml",
            "[[family]]\nname = \"xnnpack\"\ndirectory = \"schemas/xnnpack\"\nlock = \"schemas/xnnpack/fbcompat.lock\"\n");
  BOOST_TEST_REQUIRE(run_git(dir.path(), {"init", "-q"}) == 0);
  BOOST_TEST_REQUIRE(run_git(dir.path(), {"add", "-A"}) == 0);
  BOOST_TEST_REQUIRE(run_git(dir.path(), {"commit", "-q", "-m", "family"}) == 0);
  for (const std::string victim : {"schemas/xnnpack/fbcompat.lock", "schemas/xnnpack/manifest.toml", "fbcompat.toml"}) {
    const std::string before = read_file(dir.path() + "/" + victim);
    const auto refused = run_cli({"diff", "--against", "git:HEAD", "-o", victim}, dir.path());
    BOOST_TEST(refused.exit_code == 2, victim << ": " << refused.out + refused.err);
    BOOST_TEST(contains(refused.err, "-o:"), refused.err);
    BOOST_TEST(read_file(dir.path() + "/" + victim) == before, victim);
  }
}

BOOST_AUTO_TEST_CASE(bad_requests_exit_2_naming_the_cause) {
  ModuleRepository repository;
  const auto no_base = repository.diff({"--against", "git:no-such-ref"});
  BOOST_TEST(no_base.exit_code == 2);
  BOOST_TEST(contains(no_base.err, "no-such-ref"), no_base.err);
  const auto not_git = repository.diff({"--against", "origin/main"});
  BOOST_TEST(not_git.exit_code == 2);
  BOOST_TEST(contains(not_git.err, "expected git:REF"), not_git.err);
  const auto nothing = repository.diff({"--against", "git:base", "docs"});
  BOOST_TEST(nothing.exit_code == 2);
  BOOST_TEST(contains(nothing.err, "docs: error: no tracked schema file (.fbs) here"), nothing.err);
  const auto one_file = repository.diff({"schemas/events.fbs"});
  BOOST_TEST(one_file.exit_code == 2);
  BOOST_TEST(contains(one_file.err, "--against git:REF [PATH...]"), one_file.err);
}

BOOST_AUTO_TEST_SUITE_END()
