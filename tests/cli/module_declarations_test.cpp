// The module gate judges declarations across the module, not files: repositories of this test's own
// making, each with a history built here, where a file is split, a declaration moves into an included
// file, a duplicate file is deleted, a file is renamed and rewritten past git's rename detection, a
// fixture never parses and a file stops parsing. Every case gets a verdict (exit 0 or 1), and moves are
// no breaks.
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/test_support.h"

using namespace fbcompat::test;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A repository whose first commit (tagged base) holds `files`; the tests change its work tree.
struct Repository {
  TempDir dir;

  explicit Repository(std::initializer_list<std::pair<std::string, std::string>> files) {
    for (const auto& [name, text] : files) dir.write(name, text);
    BOOST_TEST_REQUIRE(git({"init", "-q"}) == 0);
    BOOST_TEST_REQUIRE(git({"add", "-A"}) == 0);
    BOOST_TEST_REQUIRE(git({"commit", "-q", "-m", "base"}) == 0);
    BOOST_TEST_REQUIRE(git({"tag", "base"}) == 0);
  }

  int git(const std::vector<std::string>& arguments) const { return run_git(dir.path(), arguments); }
  void write(const std::string& name, const std::string& text) const { dir.write(name, text); }
  void remove(const std::string& name) const { BOOST_TEST_REQUIRE(git({"rm", "-q", name}) == 0); }
  void stage() const { BOOST_TEST_REQUIRE(git({"add", "-A"}) == 0); }
  CommandResult diff(const std::vector<std::string>& arguments, const std::string& in = "") const {
    std::vector<std::string> command{"diff"};
    command.insert(command.end(), arguments.begin(), arguments.end());
    return run_cli(command, in.empty() ? dir.path() : dir.path() + "/" + in);
  }
  nlohmann::json findings(const std::vector<std::string>& extra = {}) const {
    std::vector<std::string> arguments{"--against", "git:base", "--format", "json"};
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    const CommandResult result = diff(arguments);
    BOOST_TEST_REQUIRE(result.exit_code != 2, result.err);
    return nlohmann::json::parse(result.out).at("findings");
  }
};

nlohmann::json with_rule(const nlohmann::json& findings, const std::string& rule) {
  nlohmann::json selected = nlohmann::json::array();
  for (const auto& finding : findings) {
    if (finding.at("rule") == rule) selected.push_back(finding);
  }
  return selected;
}

std::string text_of(const nlohmann::json& finding, const char* key = "message") { return finding.at(key).get<std::string>(); }

// Arrow's tensors, before its sparse tensors left Tensor.fbs for a file of their own.
const std::string kTensor =
    "namespace arrow;\n"
    "table Tensor { shape: [long]; data: [ubyte]; }\n"
    "table SparseIndex { indices: [long]; }\n"
    "table SparseTensor { shape: [long]; index: SparseIndex; }\n"
    "root_type Tensor;\n";
const std::string kMessage =
    "include \"Tensor.fbs\";\nnamespace arrow;\n"
    "union Body { Tensor, SparseTensor }\n"
    "table Message { version: int; body: Body; }\n"
    "root_type Message;\n";

// Arrow's split: the sparse tensors leave Tensor.fbs for SparseTensor.fbs (`sparse_tensor`, declared
// there), which Message.fbs now includes.
void split_tensor(const Repository& repository, const std::string& sparse_tensor) {
  repository.write("format/Tensor.fbs",
                   "namespace arrow;\ntable Tensor { shape: [long]; data: [ubyte]; }\nroot_type Tensor;\n");
  repository.write("format/SparseTensor.fbs", "include \"Tensor.fbs\";\nnamespace arrow;\n"
                                              "table SparseIndex { indices: [long]; }\n" + sparse_tensor);
  repository.write("format/Message.fbs", "include \"SparseTensor.fbs\";\n" + kMessage.substr(kMessage.find('\n') + 1));
  repository.stage();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(module_declarations)

BOOST_AUTO_TEST_CASE(a_file_split_in_two_is_no_break) {
  Repository repository({{"format/Tensor.fbs", kTensor}, {"format/Message.fbs", kMessage}});
  split_tensor(repository, "table SparseTensor { shape: [long]; index: SparseIndex; }\nroot_type SparseTensor;\n");
  const auto result = repository.diff({"--against", "git:base"});
  BOOST_TEST(result.exit_code == 0, result.out + result.err);
  BOOST_TEST(!contains(result.out, "TYPE_NO_DELETE"), result.out);
  BOOST_TEST(contains(result.out, "3 schema files (2 modified, 1 added)"), result.out);
  // What the split changes for source code: Tensor.fbs no longer declares them. One finding, a warning.
  const auto findings = repository.findings();
  BOOST_TEST_REQUIRE(findings.size() == 1u, findings.dump(2));
  BOOST_TEST(findings[0].at("rule") == "FILE_SAME_DECLARATIONS");
  BOOST_TEST(findings[0].at("category") == "FILE");
  BOOST_TEST(findings[0].at("severity") == "warning");
  BOOST_TEST(findings[0].at("file") == "format/Tensor.fbs");
  BOOST_TEST(contains(text_of(findings[0]), "SparseIndex and SparseTensor moved from format/Tensor.fbs to "
                                            "format/SparseTensor.fbs"),
             text_of(findings[0]));
}

BOOST_AUTO_TEST_CASE(a_declaration_that_moved_is_compared_with_its_new_self) {
  Repository repository({{"format/Tensor.fbs", kTensor}, {"format/Message.fbs", kMessage}});
  // Moved, and a field deleted on the way: the deletion is found where the table is now.
  split_tensor(repository, "table SparseTensor { index: SparseIndex; }\n");
  const auto findings = repository.findings();
  const auto slots = with_rule(findings, "FIELD_NO_DELETE");
  BOOST_TEST_REQUIRE(slots.size() == 1u, findings.dump(2));
  BOOST_TEST(slots[0].at("subject") == "arrow.SparseTensor.shape");
  BOOST_TEST(slots[0].at("file") == "format/SparseTensor.fbs");
  BOOST_TEST(with_rule(findings, "TYPE_NO_DELETE").empty(), findings.dump(2));
  BOOST_TEST(repository.diff({"--against", "git:base"}).exit_code == 1);
}

BOOST_AUTO_TEST_CASE(a_move_into_an_included_file_changes_nothing) {
  Repository repository({{"schemas/inc/common.fbs", "namespace demo;\ntable Header { id: int; }\n"},
                         {"schemas/events.fbs",
                          "include \"inc/common.fbs\";\nnamespace demo;\ntable Key { code: int; }\n"
                          "table Envelope { header: Header; key: Key; }\nroot_type Envelope;\n"}});
  repository.write("schemas/inc/common.fbs", "namespace demo;\ntable Header { id: int; }\ntable Key { code: int; }\n");
  repository.write("schemas/events.fbs",
                   "include \"inc/common.fbs\";\nnamespace demo;\n"
                   "table Envelope { header: Header; key: Key; }\nroot_type Envelope;\n");
  const auto result = repository.diff({"--against", "git:base"});
  BOOST_TEST(result.exit_code == 0, result.out + result.err);
  BOOST_TEST(contains(result.out, "no findings: compatible: 2 schema files (2 modified)"), result.out);
}

BOOST_AUTO_TEST_CASE(a_deleted_duplicate_whose_declarations_live_on_is_at_most_a_file_warning) {
  // ExecuTorch's case: a second copy of a declaration, in a file nothing includes.
  Repository repository({{"schema/program.fbs", "namespace et;\ntable Buffer { data: [ubyte]; }\n"
                                                "table Program { buffers: [Buffer]; }\nroot_type Program;\n"},
                         {"schema/scalar_type.fbs", "namespace et;\ntable Buffer { data: [ubyte]; }\n"}});
  repository.remove("schema/scalar_type.fbs");
  const auto result = repository.diff({"--against", "git:base", "--format", "json"});
  BOOST_TEST(result.exit_code == 0, result.out + result.err);
  const auto findings = nlohmann::json::parse(result.out).at("findings");
  BOOST_TEST_REQUIRE(findings.size() == 1u, result.out);
  BOOST_TEST(findings[0].at("rule") == "FILE_NO_DELETE");
  BOOST_TEST(findings[0].at("severity") == "warning");
  BOOST_TEST(findings[0].at("category") == "FILE");
  BOOST_TEST(contains(text_of(findings[0]), "Its declarations live on (Buffer in schema/program.fbs)"), result.out);
  BOOST_TEST(!contains(text_of(findings[0]), "Buffers written with it"), result.out);
}

BOOST_AUTO_TEST_CASE(a_file_renamed_and_rewritten_is_found_by_what_it_declares) {
  const std::string old_text =
      "// Barrage's messages.\nnamespace barrage;\n\ntable Ping { seq: long; sent: long; }\n"
      "table Pong { seq: long; }\ntable Bye { code: int; }\n";
  Repository repository({{"schemas/messages.fbs", old_text}});
  repository.remove("schemas/messages.fbs");
  // Below git's 50% similarity: every line rewritten, and Ping lost a field.
  repository.write("schemas/wire/barrage.fbs",
                   "// Moved from schemas/messages.fbs, one buffer per message.\n\nnamespace barrage;\n\n"
                   "/// A liveness probe.\ntable Ping {\n  seq: long;\n}\n\n/// Its answer.\ntable Pong {\n  seq: long;\n}\n"
                   "\n/// Goodbye.\ntable Bye {\n  code: int;\n}\n");
  repository.stage();
  const auto result = repository.diff({"--against", "git:base", "--format", "json"});
  BOOST_TEST(result.exit_code == 1, result.out + result.err);
  const auto findings = nlohmann::json::parse(result.out).at("findings");
  BOOST_TEST(with_rule(findings, "FILE_NO_DELETE").empty(), result.out);
  const auto deleted = with_rule(findings, "FIELD_NO_DELETE");
  BOOST_TEST_REQUIRE(deleted.size() == 1u, result.out);
  BOOST_TEST(deleted[0].at("subject") == "barrage.Ping.sent");
  BOOST_TEST(deleted[0].at("file") == "schemas/wire/barrage.fbs");
  BOOST_TEST(contains(repository.diff({"--against", "git:base"}).out, "1 schema file (1 renamed)"));
}

BOOST_AUTO_TEST_CASE(a_deleted_file_names_its_likely_successor) {
  Repository repository({{"schemas/shapes.fbs",
                          "// Plane shapes, each with the lengths that fix it.\nnamespace geo;\n\n"
                          "table Circle { r: float; }\ntable Square { side: float; }\ntable Triangle { a: float; }\n"}});
  repository.remove("schemas/shapes.fbs");
  // One of three went to a new file, nothing alike to git: too little to be its successor by content, but
  // the likely one.
  repository.write("schemas/round.fbs", "namespace geo;\n\n/// Round things.\ntable Circle {\n  r: float;\n}\n"
                                        "/// Stretched round things.\ntable Ellipse {\n  a: float;\n  b: float;\n}\n");
  repository.stage();
  const auto findings = repository.findings();
  const auto deleted = with_rule(findings, "FILE_NO_DELETE");
  BOOST_TEST_REQUIRE(deleted.size() == 1u, findings.dump(2));
  BOOST_TEST(contains(text_of(deleted[0]), "Its likely successor is schemas/round.fbs."), text_of(deleted[0]));
  BOOST_TEST(contains(text_of(deleted[0]), "Square and Triangle went with it"), text_of(deleted[0]));
  // With no root_type, every table is a possible root: the two that went nowhere are breaks of their own.
  BOOST_TEST(with_rule(findings, "TYPE_NO_DELETE").size() == 2u, findings.dump(2));
}

BOOST_AUTO_TEST_CASE(an_older_copy_of_a_declaration_is_no_new_home_for_it) {
  // Versioned copies declare the same names: a table deleted from the newest is deleted, whatever the
  // older copies declare.
  const std::string v1 = "namespace fam;\ntable Node { id: int; }\ntable Extra { a: int; }\n"
                         "table Graph { nodes: [Node]; extra: Extra; }\nroot_type Graph;\n";
  Repository repository({{"schemas/v1/schema.fbs", v1}, {"schemas/v2/schema.fbs", v1}});
  repository.write("schemas/v2/schema.fbs",
                   "namespace fam;\ntable Node { id: int; }\ntable Graph { nodes: [Node]; extra: Node (deprecated); }\n"
                   "root_type Graph;\n");
  const auto findings = repository.findings();
  const auto deleted = with_rule(findings, "TYPE_NO_DELETE");
  BOOST_TEST_REQUIRE(deleted.size() == 1u, findings.dump(2));
  BOOST_TEST(deleted[0].at("subject") == "fam.Extra");
  BOOST_TEST(with_rule(findings, "FILE_SAME_DECLARATIONS").empty(), findings.dump(2));
}

BOOST_AUTO_TEST_CASE(a_fixture_that_never_parses_is_one_note_with_its_real_cause) {
  Repository repository({
      {"schemas/settings.fbs", "namespace demo;\ntable Settings { volume: int; muted: bool; }\nroot_type Settings;\n"},
      {"tests/empty.fbs", ""},
      {"tests/duplicate.fbs", "table Twice { a: int; }\ntable Twice { b: int; }\n"},
      {"tests/needs_include.fbs", "include \"include_test1.fbs\";\ntable User { t: TableA; }\n"},
      {"tests/include/include_test1.fbs", "table TableA { a: int; }\n"},
  });
  // A real break elsewhere is still found.
  repository.write("schemas/settings.fbs", "namespace demo;\ntable Settings { volume: int; }\nroot_type Settings;\n");
  const auto result = repository.diff({"--against", "git:base", "--format", "json"});
  BOOST_TEST(result.exit_code == 1, result.out + result.err);
  const auto findings = nlohmann::json::parse(result.out).at("findings");
  BOOST_TEST(with_rule(findings, "FIELD_NO_DELETE").size() == 1u, result.out);
  const auto notes = with_rule(findings, "FILE_NOT_CHECKED");
  BOOST_TEST_REQUIRE(notes.size() == 3u, result.out);
  for (const auto& note : notes) {
    BOOST_TEST(note.at("severity") == "info");
    const std::string file = note.at("file").get<std::string>();
    const std::string fix = text_of(note, "fix");
    BOOST_TEST(contains(text_of(note), "it parses neither here nor at base"), text_of(note));
    BOOST_TEST(!contains(fix, "newer"), file << ": " << fix);  // none of these is a newer schema language
    if (file == "tests/empty.fbs") BOOST_TEST(contains(text_of(note), "the file is empty"), text_of(note));
    if (file == "tests/duplicate.fbs") BOOST_TEST(contains(fix, "declare each name once"), fix);
    if (file == "tests/needs_include.fbs") BOOST_TEST(contains(fix, "[module] include"), fix);
  }
  // Named the way the configuration hints: the include directory makes the fixture parse, and exclude
  // leaves the others out.
  repository.write("fbcompat.toml",
                   "[module]\ninclude = [\"tests/include\"]\nexclude = [\"tests/empty.fbs\", \"tests/dup*.fbs\"]\n");
  const auto configured = repository.findings();
  BOOST_TEST(with_rule(configured, "FILE_NOT_CHECKED").empty(), configured.dump(2));
  BOOST_TEST(with_rule(configured, "FIELD_NO_DELETE").size() == 1u, configured.dump(2));
}

BOOST_AUTO_TEST_CASE(a_file_that_stops_parsing_is_an_error_and_the_rest_is_still_judged) {
  Repository repository({
      {"schemas/inc/common.fbs", "namespace demo;\ntable Header { id: int; }\n"},
      {"schemas/events.fbs", "include \"inc/common.fbs\";\nnamespace demo;\ntable Envelope { header: Header; }\n"
                             "root_type Envelope;\n"},
      {"schemas/settings.fbs", "namespace demo;\ntable Settings { volume: int; muted: bool; }\nroot_type Settings;\n"},
  });
  repository.write("schemas/inc/common.fbs", "namespace demo;\ntable Header { id: int }\n");
  repository.write("schemas/settings.fbs", "namespace demo;\ntable Settings { volume: int; }\nroot_type Settings;\n");
  const auto result = repository.diff({"--against", "git:base", "--format", "json"});
  BOOST_TEST(result.exit_code == 1, result.out + result.err);
  const auto findings = nlohmann::json::parse(result.out).at("findings");
  // One finding for the cause, naming the file that includes it too.
  const auto broken = with_rule(findings, "FILE_PARSES");
  BOOST_TEST_REQUIRE(broken.size() == 1u, result.out);
  BOOST_TEST(broken[0].at("severity") == "error");
  BOOST_TEST(broken[0].at("file") == "schemas/inc/common.fbs");
  BOOST_TEST(broken[0].at("line") == 2);
  BOOST_TEST(contains(text_of(broken[0]), "schemas/inc/common.fbs and schemas/events.fbs do not parse (they parsed at base)"),
             text_of(broken[0]));
  BOOST_TEST(with_rule(findings, "FIELD_NO_DELETE").size() == 1u, result.out);
  // A new file that does not parse is the change's too.
  repository.write("schemas/inc/common.fbs", "namespace demo;\ntable Header { id: int; }\n");
  repository.write("schemas/new.fbs", "table N { a: int\n");
  repository.stage();
  const auto added = with_rule(repository.findings(), "FILE_PARSES");
  BOOST_TEST_REQUIRE(added.size() == 1u);
  BOOST_TEST(contains(text_of(added[0]), "schemas/new.fbs does not parse (it is new)"), text_of(added[0]));
}

BOOST_AUTO_TEST_CASE(globs_choose_the_module_and_a_subdirectory_says_it_narrowed_it) {
  Repository repository({
      {"schemas/a.fbs", "table A { x: int; y: int; }\nroot_type A;\n"},
      {"schemas/deep/b.fbs", "table B { x: int; y: int; }\nroot_type B;\n"},
      {"vendor/c.fbs", "table C { x: int; y: int; }\nroot_type C;\n"},
  });
  for (const std::string file : {"schemas/a.fbs", "schemas/deep/b.fbs", "vendor/c.fbs"}) {
    const std::string name(1, static_cast<char>(std::toupper(file[file.size() - 5])));
    repository.write(file, "table " + name + " { x: int; }\nroot_type " + name + ";\n");
  }
  repository.write("fbcompat.toml", "[module]\nroots = [\"schemas/**/*.fbs\"]\nexclude = [\"schemas/deep\"]\n");
  const auto findings = repository.findings();
  const auto deleted = with_rule(findings, "FIELD_NO_DELETE");
  BOOST_TEST_REQUIRE(deleted.size() == 1u, findings.dump(2));
  BOOST_TEST(deleted[0].at("file") == "schemas/a.fbs");

  repository.write("fbcompat.toml", "");
  const auto narrowed = repository.diff({"--against", "git:base"}, "schemas");
  BOOST_TEST(contains(narrowed.out, "2 schema files (2 modified) in schemas against base (narrowed to schemas/, the "
                                    "current directory"),
             narrowed.out);
  const auto whole = repository.diff({"--against", "git:base"});
  BOOST_TEST(!contains(whole.out, "narrowed"), whole.out);
}

BOOST_AUTO_TEST_SUITE_END()
