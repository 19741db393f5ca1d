// --fix through the module gate, on the project's own XNNPACK schema copies (schemas/xnnpack/): the
// seed's hazard (a member inserted mid-XNodeUnion in both schema.fbs and runtime_schema.fbs) becomes an
// append in both with one `fbcompat diff --against git:main --fix`; an enum renumbered, a field inserted
// mid-table and a deleted field are fixed and then checked compatible against the same base; --staged
// writes the work tree and stages nothing.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "support/declared_names.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string copy_of(const std::string& version, const std::string& file) {
  return read_file(source_path("schemas/xnnpack/" + version + "/" + file));
}

// `text` with its line holding `line` (which must be there once) taken out and put back after the line
// holding `after`.
std::string line_moved(const std::string& text, const std::string& line, const std::string& after) {
  const std::size_t at = text.find(line);
  BOOST_TEST_REQUIRE(at != std::string::npos);
  const std::size_t begin = text.rfind('\n', at) + 1;
  const std::size_t end = text.find('\n', at) + 1;
  const std::string moved = text.substr(begin, end - begin);
  std::string result = text.substr(0, begin) + text.substr(end);
  const std::size_t anchor = result.find(after);
  BOOST_TEST_REQUIRE(anchor != std::string::npos);
  const std::size_t insert = result.find('\n', anchor) + 1;
  return result.insert(insert, moved);
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  BOOST_TEST_REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

// A repository whose main branch holds one version's two XNNPACK schema files.
struct XnnpackRepository {
  TempDir dir;

  explicit XnnpackRepository(const std::string& version) {
    write("schema.fbs", copy_of(version, "schema.fbs"));
    write("runtime_schema.fbs", copy_of(version, "runtime_schema.fbs"));
    BOOST_TEST_REQUIRE(git({"init", "-q", "-b", "main"}) == 0);
    BOOST_TEST_REQUIRE(git({"add", "-A"}) == 0);
    BOOST_TEST_REQUIRE(git({"commit", "-q", "-m", version}) == 0);
  }

  int git(const std::vector<std::string>& arguments) const { return run_git(dir.path(), arguments); }
  void write(const std::string& file, const std::string& text) const { dir.write("schemas/xnnpack/" + file, text); }
  std::string read(const std::string& file) const { return read_file(dir.path() + "/schemas/xnnpack/" + file); }
  CommandResult fbcompat(const std::vector<std::string>& arguments) const { return run_cli(arguments, dir.path()); }
};

const char* const kFiles[] = {"schema.fbs", "runtime_schema.fbs"};

}  // namespace

BOOST_AUTO_TEST_SUITE(fix_module)

// Done when: the next version's node, inserted mid-union in both files instead of appended, is appended in
// both by one command, which leaves each file exactly as the version that appended it.
BOOST_AUTO_TEST_CASE(a_mid_union_insertion_in_both_xnnpack_schemas_becomes_an_append_in_both) {
  const XnnpackRepository repository("v1.1.0");
  const std::string newest = newest_version();
  for (const char* file : kFiles) {
    const std::string appended = copy_of(newest, file);
    BOOST_TEST_REQUIRE(contains(appended, "  XNNDepthToSpace2d,"));
    repository.write(file, line_moved(appended, "  XNNDepthToSpace2d,", "  XNNConcatenate5:"));
  }
  const CommandResult breaking = repository.fbcompat({"diff", "--against", "git:main"});
  BOOST_TEST(breaking.exit_code == 1, breaking.out << breaking.err);
  BOOST_TEST(contains(breaking.out, "schemas/xnnpack/schema.fbs"), breaking.out);
  BOOST_TEST(contains(breaking.out, "schemas/xnnpack/runtime_schema.fbs"), breaking.out);

  const CommandResult fix = repository.fbcompat({"diff", "--against", "git:main", "--fix"});
  BOOST_TEST(fix.exit_code == 1, "files changed: " << fix.out << fix.err);
  BOOST_TEST(contains(fix.err, "--fix rewrote schemas/xnnpack/runtime_schema.fbs and schemas/xnnpack/schema.fbs"),
             fix.err);
  BOOST_TEST(contains(fix.out, "= fixed: XNNDepthToSpace2d moved to the end of XNodeUnion, as type id 48"), fix.out);
  for (const char* file : kFiles) BOOST_TEST(repository.read(file) == copy_of(newest, file), file);
  const CommandResult again = repository.fbcompat({"diff", "--against", "git:main"});
  BOOST_TEST(again.exit_code == 0, again.out << again.err);
}

// An enum renumbered (a value inserted mid-enum, in both files), a field inserted mid-table (in the
// writer) and a field deleted (from both): each fixed, then the same base finds the module compatible.
BOOST_AUTO_TEST_CASE(xnnpack_breaking_steps_are_fixed_and_checked_compatible) {
  const std::string newest = newest_version();
  const XnnpackRepository repository(newest);
  for (const char* file : kFiles) {
    std::string text = copy_of(newest, file);
    text = replaced(text, "  xnn_datatype_fp16,      // 2\n", "  xnn_datatype_fp16,      // 2\n  xnn_datatype_fp8,\n");
    text = replaced(text, "  debug_handle:uint;\n", "");
    if (std::string(file) == "schema.fbs") text = replaced(text, "  num_dims:uint;\n", "  num_dims:uint;\n  stride:uint;\n");
    repository.write(file, text);
  }
  const CommandResult breaking = repository.fbcompat({"diff", "--against", "git:main", "--format", "json"});
  std::set<std::string> rules;
  const nlohmann::json report = nlohmann::json::parse(breaking.out);
  for (const auto& finding : report.at("findings")) {
    rules.insert(finding.at("rule").get<std::string>());
    BOOST_TEST(finding.at("fix_status") == "fixable", finding.dump());
  }
  BOOST_TEST((rules == std::set<std::string>{"ENUM_VALUE_SAME_NUMBER", "FIELD_NO_DELETE", "FIELD_SAME_SLOT"}),
             breaking.out);

  std::vector<std::set<std::string>> declared;
  for (const char* file : kFiles) declared.push_back(declared_names(load_text(repository.read(file), file)));
  const CommandResult fix = repository.fbcompat({"diff", "--against", "git:main", "--fix"});
  BOOST_TEST(fix.exit_code == 1, fix.out << fix.err);
  const CommandResult again = repository.fbcompat({"diff", "--against", "git:main"});
  BOOST_TEST(again.exit_code == 0, again.out << again.err);
  for (std::size_t i = 0; i < 2; ++i) {
    const std::string text = repository.read(kFiles[i]);
    for (const std::string& name : declared[i]) {
      BOOST_TEST(declared_names(load_text(text, kFiles[i])).count(name) == 1u, name << " was lost from " << kFiles[i]);
    }
    BOOST_TEST(contains(text, "  xnn_datatype_bf16,      // 14\n  xnn_datatype_fp8,\n}"), text);
    BOOST_TEST(contains(text, "  xnode_union:XNodeUnion;       // slots: xnode_union_type = 0, xnode_union = 1\n"
                              "  debug_handle: uint (deprecated);  // restored by fbcompat: deprecated, it keeps its slot\n"
                              "  output_min_max:OutputMinMax;\n"),
               text);
  }
  BOOST_TEST(contains(repository.read("schema.fbs"),
                      "  id_out:uint;\n  stride:uint;\n  // slot 7 (dq_datatype in 0.1.0 and in the runtime schema) removed.\n"));
}

// --staged: the index is what is checked; the fix goes to the work tree, nothing is staged, and it says so.
// A work tree that differs from the index is not touched.
BOOST_AUTO_TEST_CASE(staged_fixes_write_the_work_tree_and_stage_nothing) {
  const XnnpackRepository repository("v1.1.0");
  const std::string newest = newest_version();
  const std::string broken = line_moved(copy_of(newest, "schema.fbs"), "  XNNDepthToSpace2d,", "  XNNConcatenate5:");
  repository.write("schema.fbs", broken);
  BOOST_TEST_REQUIRE(repository.git({"add", "schemas/xnnpack/schema.fbs"}) == 0);
  const CommandResult fix = repository.fbcompat({"diff", "--staged", "--against", "git:main", "--fix"});
  BOOST_TEST(fix.exit_code == 1, fix.out << fix.err);
  BOOST_TEST(contains(fix.err, "in the work tree and staged nothing: `git add` the fixes to commit them"), fix.err);
  BOOST_TEST(repository.read("schema.fbs") == copy_of(newest, "schema.fbs"));
  const CommandResult staged = repository.fbcompat({"diff", "--staged", "--against", "git:main"});
  BOOST_TEST(staged.exit_code == 1, "the index was changed: " << staged.out);
  BOOST_TEST_REQUIRE(repository.git({"add", "schemas/xnnpack/schema.fbs"}) == 0);
  BOOST_TEST(repository.fbcompat({"diff", "--staged", "--against", "git:main"}).exit_code == 0);

  // Staged: the broken text; in the work tree: something else besides. Not fixed, saying why.
  repository.write("schema.fbs", broken);
  BOOST_TEST_REQUIRE(repository.git({"add", "schemas/xnnpack/schema.fbs"}) == 0);
  const std::string edited = broken + "// an unstaged note\n";
  repository.write("schema.fbs", edited);
  const CommandResult refused = repository.fbcompat({"diff", "--staged", "--against", "git:main", "--fix"});
  BOOST_TEST(refused.exit_code == 2, "a fix not written is a failed write: " << refused.out << refused.err);
  BOOST_TEST(contains(refused.err, "its work-tree text is not what is staged"), refused.err);
  BOOST_TEST(contains(refused.out, "= not fixed: "), refused.out);
  BOOST_TEST(repository.read("schema.fbs") == edited);
}

BOOST_AUTO_TEST_SUITE_END()
