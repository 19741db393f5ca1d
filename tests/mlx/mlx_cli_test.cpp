// The MLX family through the commands: a program with an XNNPACK and an MLX delegate described and
// load-checked whole; the audit of both families, saying once that MLX programs were not run and why;
// golden verify and freeze by family; runtime-check on MLX's dispatch; `fbcompat rules` grouped; the
// MLX rule pages' transcripts, run here; and no XNNPACK name left in the seam.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fbcompat/executorch/program.h"
#include "fbcompat/release/rule_catalogue.h"
#include "fbcompat/xnnpack/delegate.h"
#include "fbcompat/mlx/delegate.h"
#include "support/golden_support.h"
#include "support/mlx_programs.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::vector<std::uint8_t> payload_of(const std::string& golden_path, const std::string& backend) {
  auto bytes = read_program_file(source_path("golden/" + golden_path));
  if (!bytes) throw std::runtime_error(bytes.error().to_string());
  auto view = read_program(bytes->data(), bytes->size());
  if (!view) throw std::runtime_error(view.error().to_string());
  const ProgramDelegate delegate = delegate_of(*view, backend);
  return {delegate.data, delegate.data + delegate.size};
}

// One method calling an XNNPACK delegate, then an MLX one, as a program partitioned between both.
std::string write_two_delegate_program(const TempDir& dir) {
  ProgramSpec spec;
  PlanSpec plan;
  plan.inputs.push_back({{2, 4}});
  plan.outputs.push_back({{2, 3}});
  plan.delegates.push_back({xnnpack::kBackendId, payload_of("xnnpack/v1.1.0/mlp.pte", xnnpack::kBackendId),
                            DelegateLocation::Segment});
  plan.delegates.push_back({mlx::kBackendId, payload_of("mlx/v1.4.0/linear_gelu.pte", mlx::kBackendId),
                            DelegateLocation::Segment});
  spec.plans.push_back(std::move(plan));
  spec.named_data = linear_gelu_named_data();
  auto written = write_program(spec);
  BOOST_TEST_REQUIRE(written.ok(), (written.ok() ? "" : written.error().to_string()));
  return dir.write("both.pte", std::string(written->begin(), written->end()));
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(mlx_cli)

BOOST_AUTO_TEST_CASE(inspect_describes_a_program_with_an_xnnpack_and_an_mlx_delegate) {
  TempDir dir;
  const std::string program = write_two_delegate_program(dir);
  const auto text = run_cli({"inspect", program}, source_path(""));
  BOOST_TEST_REQUIRE(text.exit_code == 0, text.out + text.err);
  BOOST_TEST(contains(text.out, "plan 'forward' delegate 0: XnnpackBackend, SEGMENT 0"), text.out);
  BOOST_TEST(contains(text.out, "    XNNPACK payload: identifier XN01, XH00 header"), text.out);
  BOOST_TEST(contains(text.out, "XNNFullyConnected"), text.out);
  BOOST_TEST(contains(text.out, "plan 'forward' delegate 1: MLXBackend, SEGMENT 1"), text.out);
  BOOST_TEST(contains(text.out, "    MLX payload: no identifier, MLX0 header"), text.out);
  BOOST_TEST(contains(text.out, "1 x AddmmNode"), text.out);
  BOOST_TEST(contains(text.out, "    tensors: 2 constant, 1 input, 1 output, 0 mutable buffer, 1 temporary"), text.out);
  BOOST_TEST(contains(text.out, "loads on runtimes from v1.3.0 (release 1.3.0) on"), text.out);
  BOOST_TEST(contains(text.out, "  loads on ExecuTorch 1.4.1"), text.out);
  // No build links MLX's library: its definitions are said to be unchecked, never claimed.
  BOOST_TEST(contains(text.out, "  note: MLX's own definitions of its payloads were not checked"), text.out);

  const auto json_run = run_cli({"inspect", program, "--format", "json"}, source_path(""));
  const json document = json::parse(json_run.out);
  BOOST_TEST_REQUIRE(document["delegates"].size() == 2u);
  BOOST_TEST(document["delegates"][0]["xnnpack"]["node_count"] == 4);
  BOOST_TEST(document["delegates"][1]["mlx"]["node_count"] == 2);
  BOOST_TEST(document["delegates"][1]["mlx"]["earliest_loading_version"] == "v1.3.0");
  BOOST_TEST(document["unchecked_backends"].empty());

  // --family opens only that family's payloads; the other is listed, not opened.
  const auto only = json::parse(run_cli({"inspect", program, "--family", "mlx", "--format", "json"}, source_path("")).out);
  BOOST_TEST(!only["delegates"][0].contains("xnnpack"));
  BOOST_TEST(only["delegates"][1].contains("mlx"));
  // A schema directory names its family.
  const auto schemas = run_cli({"inspect", program, "--schemas", "schemas/mlx"}, source_path(""));
  BOOST_TEST(schemas.exit_code == 0, schemas.err);
  BOOST_TEST(contains(schemas.out, "MLX payload"), schemas.out);
  const auto unknown = run_cli({"inspect", program, "--family", "vulkan"}, source_path(""));
  BOOST_TEST(unknown.exit_code == 2);
  BOOST_TEST(contains(unknown.err, "no delegate family named 'vulkan' (fbcompat knows xnnpack, mlx)"), unknown.err);
}

BOOST_AUTO_TEST_CASE(load_check_takes_the_families_from_the_program_or_from_family) {
  TempDir dir;
  const std::string program = write_two_delegate_program(dir);
  // A release: every family reads it with the version it shipped.
  const auto both = run_cli({"load-check", program, "--runtime", "1.4.1", "--format", "json"}, source_path(""));
  BOOST_TEST(both.exit_code == 0, both.out + both.err);
  const json report = json::parse(both.out);
  BOOST_TEST_REQUIRE(report["families"].size() == 2u);
  BOOST_TEST(report["families"][0]["runtime"] == "v1.1.0");
  BOOST_TEST(report["families"][1]["runtime"] == "v1.4.0");
  BOOST_TEST_REQUIRE(report["delegates"].size() == 2u);
  BOOST_TEST(report["delegates"][1]["family"] == "mlx");
  BOOST_TEST(report["delegates"][1]["minimum_runtime"] == "v1.3.0");  // its ops are all v1.3.0's
  const auto text = run_cli({"load-check", program, "--runtime", "1.4.1"}, source_path(""));
  BOOST_TEST(contains(text.out, "(1 XNNPACK delegate, 1 MLX delegate)"), text.out);

  // A family's schema version: --family says whose.
  const auto named = run_cli({"load-check", program, "--family", "mlx", "--runtime", "v1.4.0"}, source_path(""));
  BOOST_TEST(named.exit_code == 0, named.out + named.err);
  BOOST_TEST(contains(named.out, "on the runtime of v1.4.0 (releases 1.4.0 .. 1.4.1) (1 MLX delegate)"), named.out);

  // Before 1.3.0 there is no MLX runtime: the loader finds no backend to hand the payload to.
  const auto before = run_cli({"load-check", program, "--family", "mlx", "--runtime", "1.2.0", "--format", "json"},
                              source_path(""));
  BOOST_TEST(before.exit_code == 1, before.out + before.err);
  const json refused = json::parse(before.out);
  BOOST_TEST_REQUIRE(refused["findings"].size() == 1u);
  BOOST_TEST(refused["findings"][0]["rule"] == "LOAD_PROGRAM_REFUSED");
  BOOST_TEST(contains(refused["findings"][0]["message"], "has no backend registered as MLXBackend: the MLX backend ships "
                                                         "from 1.3.0 on (Error::NotFound)"),
             refused["findings"][0]["message"]);
  BOOST_TEST(refused["delegates"][0]["code"] == "no-backend");
  BOOST_TEST(!refused["loadable"].get<bool>());
  const auto nonsense = run_cli({"load-check", program, "--family", "mlx", "--runtime", "v9"}, source_path(""));
  BOOST_TEST(nonsense.exit_code == 2);
  BOOST_TEST(contains(nonsense.err, "--runtime v9: neither an MLX schema version fbcompat knows (v1.3.0, v1.4.0, "
                                    "v1.5.0-dev) nor an ExecuTorch release one of them shipped in (1.3.0..1.3.1, 1.4.0..1.4.1)"),
             nonsense.err);
  // An XNNPACK program has no MLX delegate.
  const auto none = run_cli({"load-check", source_path("golden/xnnpack/v1.1.0/mlp.pte"), "--family", "mlx", "--runtime",
                             "1.4.1"});
  BOOST_TEST(none.exit_code == 2);
  BOOST_TEST(contains(none.err, "the program has no MLX delegate to check"), none.err);
}

// The audit of both families: MLX's history, lock, golden programs and union capacity, and one note
// that its programs were decoded and checked but not run, and why.
BOOST_AUTO_TEST_CASE(the_audit_checks_both_families_and_says_once_why_mlx_runs_nothing) {
  const auto result = run_cli({"audit"}, source_path(""));
  BOOST_TEST(result.exit_code == 0, result.out + result.err);
  BOOST_TEST(contains(result.out, "xnnpack: compatible"), result.out);
  BOOST_TEST(contains(result.out, "mlx: 3 versions, v1.3.0 (1.3.0 .. 1.3.1) .. v1.5.0-dev (unreleased)"), result.out);
  BOOST_TEST(contains(result.out, "mlx: compatible"), result.out);
  BOOST_TEST(contains(result.out, "Lock schemas/mlx/fbcompat.lock: up to date"), result.out);
  BOOST_TEST(contains(result.out, "Golden programs decode: 9 golden programs read with their own and every later runtime schema"),
             result.out);
  BOOST_TEST(count_of(result.out, "[ENVIRONMENT_LIMIT] 9 MLX golden programs were decoded and checked") == 1u, result.out);
  BOOST_TEST(contains(result.out, "but not run: running them needs an MLX runtime, which runs only on Apple silicon"),
             result.out);
  BOOST_TEST(contains(result.out, "mlx_delegate.OpNode            134 of 255 type ids; at the pace of the last 2 releases "
                                  "(1.3.0 .. v1.5.0-dev: 5 type ids, 2.5 a release), it runs out in about 48 releases"),
             result.out);

  const json report = json::parse(run_cli({"audit", "--family", "mlx", "--format", "json"}, source_path("")).out);
  BOOST_TEST(report["family"] == "mlx");
  // Every exporter against every runtime: a newer program does not load on an older runtime.
  BOOST_TEST(report["matrix"].size() == 9u);
  const json& capacity = report["capacity"][0];
  BOOST_TEST(capacity["union"] == "mlx_delegate.OpNode");
  BOOST_TEST(capacity["used"] == 134);
  BOOST_TEST(capacity["forecast"]["releases"] == json::array({"1.3.0", "1.4.0", "v1.5.0-dev"}));
  BOOST_TEST(capacity["forecast"]["gained"] == 5);
  BOOST_TEST(capacity["forecast"]["releases_left"] == 48);
}

BOOST_AUTO_TEST_CASE(golden_verify_and_freeze_take_the_family) {
  const auto mlx = run_cli({"golden", "verify", "--family", "mlx"}, source_path(""));
  BOOST_TEST(mlx.exit_code == 0, mlx.out + mlx.err);
  BOOST_TEST(contains(mlx.out, "9 golden programs in golden"), mlx.out);
  const auto all = run_cli({"golden", "verify"}, source_path(""));
  BOOST_TEST(all.exit_code == 0, all.out + all.err);
  BOOST_TEST(contains(all.out, "60 golden programs in golden"), all.out);

  TempDir dir;
  fs::copy(source_path("golden"), dir.path() + "/golden", fs::copy_options::recursive);
  fs::copy(source_path("schemas"), dir.path() + "/schemas", fs::copy_options::recursive);
  {
    std::fstream file(dir.path() + "/golden/mlx/v1.3.0/stateful.pte", std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(600);
    file.put('\x7f');
  }
  const auto changed = run_cli({"golden", "verify", "--family", "mlx"}, dir.path());
  BOOST_TEST(changed.exit_code == 1, changed.out + changed.err);
  BOOST_TEST(contains(changed.out, "[GOLDEN_SHA256_CHANGED] mlx/v1.3.0/stateful.pte changed"), changed.out);

  // A version of two families: freeze asks which.
  const auto ambiguous = run_cli({"golden", "freeze", "--version", "v1.5.0-dev"}, dir.path());
  BOOST_TEST(ambiguous.exit_code == 2);
  BOOST_TEST(contains(ambiguous.err, "version v1.5.0-dev is a version of xnnpack and mlx: name the one to freeze with --family"),
             ambiguous.err);
  const auto frozen = run_cli({"golden", "freeze", "--family", "mlx", "--version", "v1.5.0-dev"}, dir.path());
  BOOST_TEST(frozen.exit_code == 2);
  BOOST_TEST(contains(frozen.err, "v1.5.0-dev is already frozen, every program of it"), frozen.err);
}

// runtime-check reads MLX's dispatch (its generated loader's `case mlx_delegate::OpNode_X:`), the family
// found from the union the schema declares.
BOOST_AUTO_TEST_CASE(runtime_check_reads_an_mlx_dispatch) {
  TempDir dir;
  const json v130 = mlx_golden_graph("v1.3.0", "all_ops");
  std::string source = "switch (fb_instr->op_type()) {\n";
  for (const json& instruction : v130["instruction_chains"][0]["instructions"]) {
    source += "  case mlx_delegate::OpNode_" + instruction["op_type"].get<std::string>() + ": break;\n";
  }
  source += "}\n";
  const std::string loader = dir.write("MLXLoader.cpp", source);
  const auto same = run_cli({"runtime-check", "--schema", "schemas/mlx/v1.3.0/schema.fbs", "--source", loader}, source_path(""));
  BOOST_TEST(same.exit_code == 0, same.out + same.err);
  const auto newer = run_cli({"runtime-check", "--schema", "schemas/mlx/v1.4.0/schema.fbs", "--source", loader,
                              "--format", "json"},
                             source_path(""));
  BOOST_TEST(newer.exit_code == 1, newer.out + newer.err);
  const json report = json::parse(newer.out);
  BOOST_TEST_REQUIRE(report["findings"].size() == 4u);
  BOOST_TEST(report["findings"][0]["rule"] == "RUNTIME_NODE_WITHOUT_DEFINER");
  BOOST_TEST(contains(newer.out, "mlx_delegate.OpNode.BitwiseOrNode"), newer.out);
  // No family's union: say so, and how to name one.
  const std::string plain = dir.write("plain.fbs", "table T { a: int; }\nroot_type T;\n");
  const auto none = run_cli({"runtime-check", "--schema", plain, "--source", loader});
  BOOST_TEST(none.exit_code == 2);
  BOOST_TEST(contains(none.err, "declares no node union of a delegate family fbcompat knows (XNodeUnion (xnnpack), OpNode (mlx))"),
             none.err);
}

// Schema rules first, then ExecuTorch's, then each delegate family's under its name.
BOOST_AUTO_TEST_CASE(rules_are_grouped_by_what_they_check) {
  const auto text = run_cli({"rules"});
  BOOST_TEST_REQUIRE(text.exit_code == 0, text.err);
  const std::size_t schemas = text.out.find("Schema rules: any FlatBuffers schema");
  const std::size_t executorch = text.out.find("ExecuTorch rules:");
  const std::size_t families = text.out.find("Delegate family rules:");
  const std::size_t xnnpack = text.out.find("  XNNPACK delegate:");
  const std::size_t mlx = text.out.find("  MLX delegate:");
  BOOST_TEST(schemas == 0u, text.out);
  BOOST_TEST((schemas < executorch && executorch < families && families < xnnpack && xnnpack < mlx), text.out);
  BOOST_TEST(text.out.find("UNION_MEMBER_NO_DELETE") < executorch);
  BOOST_TEST(text.out.find("LOAD_PROGRAM_REFUSED") > executorch);
  BOOST_TEST(text.out.find("LOAD_PROGRAM_REFUSED") < families);
  BOOST_TEST(text.out.find("LOAD_TYPES_UNKNOWN") > xnnpack);
  BOOST_TEST(text.out.find("RUNTIME_NODE_UNSUPPORTED_BY_XNNPACK") > xnnpack);
  BOOST_TEST(text.out.find("LOAD_MLX_OPS_UNKNOWN") > mlx);

  const json listed = json::parse(run_cli({"rules", "--format", "json"}).out);
  BOOST_TEST(listed.size() == all_rules().size());
  std::map<std::string, json> by_id;
  for (const json& rule : listed) by_id[rule["id"]] = rule;
  BOOST_TEST(by_id["FIELD_SAME_SLOT"]["group"] == "Schema evolution");
  BOOST_TEST(by_id["FIELD_SAME_SLOT"]["family"].is_null());
  BOOST_TEST(by_id["LOAD_TYPES_UNKNOWN"]["family"] == "xnnpack");
  BOOST_TEST(by_id["RUNTIME_NODE_UNSUPPORTED_BY_XNNPACK"]["family"] == "xnnpack");
  BOOST_TEST(by_id["LOAD_MLX_SCHEMA_VERSION_REFUSED"]["family"] == "mlx");
  BOOST_TEST(by_id["LOAD_MLX_SCHEMA_VERSION_REFUSED"]["command"] == "load-check");
  // The first rules listed are the schema rules, the last a family's.
  BOOST_TEST(listed.front()["family"].is_null());
  BOOST_TEST(listed.back()["family"] == "mlx");
  const auto markdown = run_cli({"rules", "--format", "markdown"}).out;
  BOOST_TEST(contains(markdown, "## Schema rules: any FlatBuffers schema\n\n### Schema evolution\n"), markdown);
  BOOST_TEST(contains(markdown, "### MLX delegate\n"), markdown);
}

// The MLX family's rule pages run in the repository: its golden programs and tests/data/mlx/.
BOOST_AUTO_TEST_CASE(the_mlx_rule_pages_show_what_load_check_prints) {
  for (const char* id : {"LOAD_MLX_OPS_UNKNOWN", "LOAD_MLX_SCHEMA_VERSION_REFUSED"}) {
    BOOST_TEST_CONTEXT(id) {
      const std::string page(rule_page(id));
      BOOST_TEST_REQUIRE(!page.empty());
      std::size_t commands = 0;
      bool fires = false;
      const std::regex block("```text\n(\\$ fbcompat [^\n]*)\n([\\s\\S]*?)```");
      for (auto it = std::sregex_iterator(page.begin(), page.end(), block); it != std::sregex_iterator(); ++it) {
        const std::string command = (*it)[1].str().substr(2);
        std::vector<std::string> arguments;
        std::istringstream words(command.substr(std::string("fbcompat ").size()));
        for (std::string word; words >> word;) arguments.push_back(word);
        const auto result = run_cli(arguments, source_path(""));
        BOOST_TEST(result.out == (*it)[2].str(), "`" << command << "` prints:\n" << result.out);
        BOOST_TEST(result.err.empty(), result.err);
        fires |= contains(result.out, std::string("[") + id + "] ");
        ++commands;
      }
      BOOST_TEST(commands == 2u);
      BOOST_TEST(fires);
    }
  }
}

// The schema-version page's program is linear_gelu of v1.4.0 with its version set to 2: its payload is
// what the family's writer makes of that graph, and the rest is the golden program's.
BOOST_AUTO_TEST_CASE(the_schema_version_example_is_made_by_the_writer) {
  json graph = mlx_golden_graph("v1.4.0", "linear_gelu");
  graph["version"] = "2";
  const std::vector<std::uint8_t> made = mlx_payload(graph, "v1.4.0");
  BOOST_TEST((payload_of("../tests/data/mlx/schema_version_2.pte", mlx::kBackendId) == made));
  const std::string kept = read_file(source_path("tests/data/mlx/schema_version_2.pte"));
  const std::string golden = read_file(source_path("golden/mlx/v1.4.0/linear_gelu.pte"));
  BOOST_TEST_REQUIRE(kept.size() == golden.size());
  std::size_t differing = 0;
  for (std::size_t i = 0; i < kept.size(); ++i) differing += kept[i] != golden[i] ? 1 : 0;
  BOOST_TEST(differing == 1u);  // the one byte of the version string
}

// docs/architecture.md's row for a new delegate family says what adding MLX took, counted in files.
BOOST_AUTO_TEST_CASE(the_architecture_page_counts_what_adding_mlx_took) {
  const std::string page = read_file(source_path("docs/architecture.md"));
  const auto number = [&](const std::string& pattern) {
    std::smatch match;
    BOOST_TEST_REQUIRE(std::regex_search(page, match, std::regex(pattern)), pattern);
    return std::stoul(match[1].str());
  };
  const auto files_in = [](const std::string& dir) {
    std::size_t count = 0;
    for (const auto& entry : fs::recursive_directory_iterator(source_path(dir))) count += entry.is_regular_file() ? 1 : 0;
    return count;
  };
  BOOST_TEST(number("Adding MLX took exactly that: (\\d+) files in `compat/mlx/`") == files_in("compat/mlx"));
  BOOST_TEST(number("(\\d+) in `schemas/mlx/`") == files_in("schemas/mlx"));
  // What freeze wrote: the programs and their descriptions, not the directory's README and manifest.
  std::size_t frozen = 0;
  for (const auto& entry : fs::recursive_directory_iterator(source_path("golden/mlx"))) {
    const std::string name = entry.path().filename().string();
    frozen += entry.is_regular_file() && name != "MANIFEST.json" && name != "README.md" ? 1 : 0;
  }
  BOOST_TEST(number("the (\\d+) golden files `golden freeze` wrote") == frozen);
  // The [[history]] of MLX in fbcompat.toml: its lines up to the next blank line.
  const std::string config = read_file(source_path("fbcompat.toml"));
  const std::size_t start = config.rfind("[[history]]", config.find("name = \"mlx\""));
  const std::size_t end = std::min(config.find("\n\n", start), config.size() - 1);
  const std::string entry = config.substr(start, end - start + 1);
  BOOST_TEST(number("(\\d+) lines in `fbcompat.toml`") == static_cast<std::size_t>(std::count(entry.begin(), entry.end(), '\n')));
  // The registration: the family's line and its include, no more.
  const std::string registry = read_file(source_path("compat/release/families/delegate_families.cpp"));
  BOOST_TEST(number("(\\d+) lines in `delegate_families.cpp`") == 2u);
  BOOST_TEST(count_of(registry, "mlx::") == 3u);  // the one table line names its three functions
  BOOST_TEST(count_of(registry, "fbcompat/mlx/") == 1u);
}

// The seam is generic: outside compat/xnnpack/ and the one registration file, no string in the library or
// the CLI names XNNPACK, its backend, its union or its headers.
BOOST_AUTO_TEST_CASE(no_xnnpack_name_outside_its_family) {
  const std::regex literal("\"(?:[^\"\\\\]|\\\\.)*\"");
  const std::regex xnnpack("xnn|xh00|xnode", std::regex::icase);
  std::vector<std::string> found;
  for (const char* root : {"compat", "tools/fbcompat"}) {
    for (const auto& entry : fs::recursive_directory_iterator(source_path(root))) {
      const std::string path = entry.path().generic_string();
      const std::string relative = path.substr(source_path("").size());
      if (!entry.is_regular_file() || relative.rfind("compat/xnnpack/", 0) == 0 ||
          relative == "compat/release/families/delegate_families.cpp") {
        continue;
      }
      const std::string extension = entry.path().extension().string();
      if (extension != ".cpp" && extension != ".h" && extension != ".in") continue;
      std::ifstream in(path);
      std::size_t number = 0;
      for (std::string line; std::getline(in, line);) {
        ++number;
        const std::string code = line.substr(0, line.find("//"));
        for (auto it = std::sregex_iterator(code.begin(), code.end(), literal); it != std::sregex_iterator(); ++it) {
          if (std::regex_search(it->str(), xnnpack)) found.push_back(relative + ":" + std::to_string(number) + ": " + it->str());
        }
      }
    }
  }
  BOOST_TEST(found.empty(), "XNNPACK named outside its family:\n" << [&] {
    std::string all;
    for (const std::string& item : found) all += item + "\n";
    return all;
  }());
}

BOOST_AUTO_TEST_SUITE_END()
