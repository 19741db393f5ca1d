// The load-time check on every golden program, as the runtime of every version would run it. The
// expected verdict is computed independently, from the program's JSON description and the runtime's
// schema: the identifier is accepted, and every node, value, quantization and data type it uses is a
// member that runtime's reader schema declares.
#include <set>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "fbcompat/release/golden_manifest.h"
#include "fbcompat/xnnpack/delegate.h"
#include "fbcompat/load_check/load_check.h"
#include "fbcompat/core/manifest.h"
#include "fbcompat/executorch/program.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;
using nlohmann::json;

namespace {

// The findings without LOAD_DEFINITIONS_NOT_CHECKED: a build whose XNNPACK cannot stand for the
// backend's (the sanitizer build's Debian 12 XNNPACK) adds that note, which is not what these tests judge.
json judged(const json& findings) {
  json kept = json::array();
  for (const json& finding : findings) {
    if (finding["rule"] != "LOAD_DEFINITIONS_NOT_CHECKED") kept.push_back(finding);
  }
  return kept;
}

struct Uses {
  std::set<std::string> nodes, values, quantizations, datatypes;
};

void collect(const json& node, Uses& uses) {
  if (node.is_object()) {
    for (const auto& [key, value] : node.items()) {
      if (key == "xnode_union_type") uses.nodes.insert(value.get<std::string>());
      if (key == "xvalue_union_type") uses.values.insert(value.get<std::string>());
      if (key == "quant_params_type") uses.quantizations.insert(value.get<std::string>());
      if (key == "datatype" || key == "dq_datatype") uses.datatypes.insert(value.get<std::string>());
      collect(value, uses);
    }
  } else if (node.is_array()) {
    for (const json& element : node) collect(element, uses);
  }
}

bool declares_all(const Schema& schema, const std::string& enumeration, const std::set<std::string>& names) {
  const Enum* declared = schema.find_enum("fb_xnnpack." + enumeration);
  if (declared == nullptr) return names.empty();
  for (const std::string& name : names) {
    if (declared->find_value(name) == nullptr) return false;
  }
  return true;
}

// The schema a version's runtime reads: its runtime_schema.fbs, or schema.fbs for 0.1.0.
Schema runtime_schema(const ManifestVersion& version) {
  const std::string dir = source_path("schemas/xnnpack/" + version.name + "/");
  auto schema = load_schema(version.has_reader() ? dir + "runtime_schema.fbs" : dir + "schema.fbs");
  BOOST_TEST_REQUIRE(schema.ok());
  return std::move(schema.value());
}

std::vector<std::string> accepted(const ManifestVersion& version) {
  return version.has_reader() ? version.reader_identifiers : std::vector<std::string>{version.writer_identifier};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(load_check_golden)

BOOST_AUTO_TEST_CASE(every_golden_program_against_every_runtime) {
  const auto family = load_manifest(source_path("schemas/xnnpack/manifest.toml"));
  const auto golden = load_golden_manifest(source_path("golden/MANIFEST.json"));
  BOOST_TEST_REQUIRE(family.ok());
  BOOST_TEST_REQUIRE(golden.ok());
  std::vector<Schema> schemas;
  for (const ManifestVersion& version : family->versions) schemas.push_back(runtime_schema(version));

  std::size_t checks = 0;
  std::size_t refused = 0;
  std::size_t programs = 0;
  for (const GoldenEntry& entry : golden->entries) {
    if (entry.family != xnnpack::kFamilyName) continue;
    ++programs;
    Uses uses;
    collect(json::parse(read_file(source_path("golden/" + entry.description))), uses);
    const std::string identifier = family->find(entry.version)->writer_identifier;
    const auto bytes = read_program_file(source_path("golden/" + entry.path));
    BOOST_TEST_REQUIRE(bytes.ok());
    const auto program = read_program(bytes->data(), bytes->size());
    BOOST_TEST_REQUIRE(program.ok());
    const ProgramDelegate& delegate = program->plans.at(0).delegates.at(0);
    for (std::size_t v = 0; v < family->versions.size(); ++v) {
      const ManifestVersion& runtime = family->versions[v];
      const auto identifiers = accepted(runtime);
      const bool expected = std::find(identifiers.begin(), identifiers.end(), identifier) != identifiers.end() &&
                            declares_all(schemas[v], "XNodeUnion", uses.nodes) &&
                            declares_all(schemas[v], "XValueUnion", uses.values) &&
                            declares_all(schemas[v], "XNNQuantParams", uses.quantizations) &&
                            declares_all(schemas[v], "XNNDatatype", uses.datatypes);
      const RuntimeProfile* profile = find_runtime_profile(runtime.name.c_str());
      BOOST_TEST_REQUIRE(profile != nullptr);
      const LoadCheckResult result = check_xnnpack_payload(delegate.data, delegate.size, *profile);
      BOOST_TEST((result.code != LoadCheckCode::Corrupt), entry.path << " on " << runtime.name << ": " << result.message);
      BOOST_TEST(result.loadable() == expected, entry.path << " on " << runtime.name << ": " << result.message);
      if (entry.version == runtime.name) BOOST_TEST(result.loadable(), entry.path << ": " << result.message);
      refused += result.loadable() ? 0 : 1;
      ++checks;
    }
  }
  BOOST_TEST(checks == programs * family->versions.size());
  BOOST_TEST(refused > 0u);  // newer programs on older runtimes
}

BOOST_AUTO_TEST_CASE(depth_to_space_programs_are_refused_by_1_4_1_naming_the_node) {
  const auto golden = load_golden_manifest(source_path("golden/MANIFEST.json"));
  BOOST_TEST_REQUIRE(golden.ok());
  std::size_t programs = 0;
  for (const GoldenEntry& entry : golden->entries) {
    if (std::find(entry.nodes.begin(), entry.nodes.end(), "XNNDepthToSpace2d") == entry.nodes.end()) continue;
    ++programs;
    BOOST_TEST(entry.version == newest_version());  // XNNDepthToSpace2d came with the version after v1.1.0
    const auto bytes = read_program_file(source_path("golden/" + entry.path));
    BOOST_TEST_REQUIRE(bytes.ok());
    const auto program = read_program(bytes->data(), bytes->size());
    BOOST_TEST_REQUIRE(program.ok());
    const ProgramDelegate& delegate = program->plans.at(0).delegates.at(0);
    const LoadCheckResult old_runtime = check_xnnpack_payload(delegate.data, delegate.size, *find_runtime_profile("v1.1.0"));
    BOOST_TEST((old_runtime.code == LoadCheckCode::UnknownTypes));
    BOOST_TEST(std::string(old_runtime.message).find("XNNDepthToSpace2d (node type 48, " + newest_added_in() + ")") !=
                   std::string::npos,
               old_runtime.message);
    BOOST_TEST(std::string(old_runtime.message).find("knows node types 1..47") != std::string::npos, old_runtime.message);
    BOOST_TEST_REQUIRE(old_runtime.minimum_runtime != nullptr);
    BOOST_TEST(std::string(old_runtime.minimum_runtime->version) == newest_version());
    BOOST_TEST(check_xnnpack_payload(delegate.data, delegate.size, *find_runtime_profile(newest_version().c_str())).loadable());
  }
  BOOST_TEST(programs >= 2u);  // all_members and the upsample
}

BOOST_AUTO_TEST_CASE(the_cli_runs_the_check_on_a_program) {
  // Shaped as the development head exports it: every release of v1.1.0 loads its container and data,
  // and its backend refuses node type 48; the load-time check says which runtime the program needs.
  const auto refused =
      run_cli({"load-check", source_path("golden/" + newest_golden("upsample_nearest_x2_exported.pte")), "--runtime", "v1.1.0"});
  BOOST_TEST(refused.exit_code == 1);
  BOOST_TEST(refused.out.find("error: [LOAD_PROGRAM_REFUSED] ExecuTorch 1.1.0, 1.2.0, 1.3.0, 1.4.0, 1.4.1 refuse it in the "
                              "XNNPACK delegate's own checks") != std::string::npos,
             refused.out);
  BOOST_TEST(refused.out.find("has node type 48") != std::string::npos, refused.out);
  BOOST_TEST(refused.out.find("error: [LOAD_TYPES_UNKNOWN]") != std::string::npos, refused.out);
  BOOST_TEST(refused.out.find("this program needs XNNDepthToSpace2d") != std::string::npos, refused.out);
  BOOST_TEST(refused.out.find("fix: load the program with the runtime of " + newest_version() + " (") != std::string::npos,
             refused.out);
  const auto accepted_run = run_cli({"load-check", source_path("golden/xnnpack/v0.1.0/mlp.pte"), "--runtime", newest_version(),
                                     "--format", "json"});
  BOOST_TEST(accepted_run.exit_code == 0, accepted_run.err);
  const json report = json::parse(accepted_run.out);
  BOOST_TEST(report["loadable"].get<bool>());
  BOOST_TEST(report["compatible"].get<bool>());
  BOOST_TEST(judged(report["findings"]).empty());
  BOOST_TEST(report["delegates"][0]["minimum_runtime"] == "v0.1.0");
  const auto unknown = run_cli({"load-check", source_path("golden/xnnpack/v0.1.0/mlp.pte"), "--runtime", "v9"});
  BOOST_TEST(unknown.exit_code == 2);
  BOOST_TEST(unknown.err.find(newest_version()) != std::string::npos, unknown.err);  // the known versions, the newest among them
  TempDir dir;
  const auto garbage = run_cli({"load-check", dir.write("x.pte", "not a program at all"), "--runtime", "v1.1.0"});
  BOOST_TEST(garbage.exit_code == 2);
  BOOST_TEST(garbage.err.find("x.pte") != std::string::npos, garbage.err);
}

// The refusal in every report format: a finding like any other command's.
BOOST_AUTO_TEST_CASE(the_cli_reports_a_refusal_in_every_format) {
  const std::string program = source_path("golden/" + newest_golden("upsample_nearest_x2_exported.pte"));
  // Release 1.3.0 (of v1.1.0) loads the program's container; its XNNPACK backend has no node 48: the
  // loader's refusal, then the load-time check's.
  const auto run = [&](const std::string& format) {
    const auto result = run_cli({"load-check", program, "--runtime", "1.3.0", "--format", format});
    BOOST_TEST(result.exit_code == 1, format << ": " << result.err);
    return result.out;
  };
  const json report = json::parse(run("json"));
  BOOST_TEST(!report["compatible"].get<bool>());
  BOOST_TEST(!report["loadable"].get<bool>());
  BOOST_TEST_REQUIRE(report["findings"].size() == 2u);
  BOOST_TEST(report["findings"][0]["rule"] == "LOAD_PROGRAM_REFUSED");
  BOOST_TEST(report["findings"][1]["rule"] == "LOAD_TYPES_UNKNOWN");
  BOOST_TEST(report["findings"][1]["file"] == program);
  const json sarif = json::parse(run("sarif"));
  BOOST_TEST(sarif["version"] == "2.1.0");
  BOOST_TEST(sarif["runs"][0]["results"][0]["ruleId"] == "LOAD_PROGRAM_REFUSED");
  BOOST_TEST(sarif["runs"][0]["results"][1]["ruleId"] == "LOAD_TYPES_UNKNOWN");
  BOOST_TEST(run("github").find("::error file=" + program) != std::string::npos);
  BOOST_TEST(run("junit").find("<failure") != std::string::npos);
  BOOST_TEST(run("markdown").find("LOAD_TYPES_UNKNOWN") != std::string::npos);
  BOOST_TEST(report["runtime"] == "v1.1.0");
  BOOST_TEST(report["releases"] == json::array({"1.3.0"}));
}

// A schema version stands for every release that shipped it: one loader per distinct set of rules.
BOOST_AUTO_TEST_CASE(the_cli_loads_the_program_as_each_release_of_the_runtime_would) {
  // The golden programs were frozen without compile_specs, which 1.1.0 and 1.2.0 read unchecked.
  const std::string program = source_path("golden/xnnpack/v1.1.0/mlp.pte");
  const auto version = run_cli({"load-check", program, "--runtime", "v1.1.0", "--format", "json"});
  BOOST_TEST(version.exit_code == 1, version.err);
  const json report = json::parse(version.out);
  BOOST_TEST(report["releases"] == json::array({"1.1.0", "1.2.0", "1.3.0", "1.4.0", "1.4.1"}));
  BOOST_TEST(!report["loadable"].get<bool>());
  const json findings = judged(report["findings"]);
  BOOST_TEST_REQUIRE(findings.size() == 1u);
  const json& finding = findings[0];
  BOOST_TEST(finding["rule"] == "LOAD_PROGRAM_REFUSED");
  BOOST_TEST(finding["subject"] == "forward");
  const std::string message = finding["message"];
  BOOST_TEST(message.find("ExecuTorch 1.1.0, 1.2.0 would crash in the delegate's data of method 'forward'") == 0u,
             message);
  BOOST_TEST(finding["fix"].get<std::string>().find("of those checked: 1.3.0, 1.4.0, 1.4.1") != std::string::npos);

  // A release number is that release alone, read with the schema version it shipped.
  const auto newer = run_cli({"load-check", program, "--runtime", "1.4.1"});
  BOOST_TEST(newer.exit_code == 0, newer.out + newer.err);
  BOOST_TEST(newer.out.find("on the runtime of ExecuTorch 1.4.1 (v1.1.0)") != std::string::npos, newer.out);
  const auto older = run_cli({"load-check", program, "--runtime", "v1.2.0"});
  BOOST_TEST(older.exit_code == 1, older.out + older.err);
  BOOST_TEST(older.out.find("ExecuTorch 1.2.0 would crash") != std::string::npos, older.out);

  // Neither a version nor a release one of them shipped in: bad input that lists both.
  const auto unknown = run_cli({"load-check", program, "--runtime", "2.0.0"});
  BOOST_TEST(unknown.exit_code == 2);
  BOOST_TEST(unknown.err.find("1.1.0..1.4.1") != std::string::npos, unknown.err);
  BOOST_TEST(unknown.err.find("v1.1.0") != std::string::npos, unknown.err);
}

// Bytes that no release reads as a program are bad input, with the loader's reason.
BOOST_AUTO_TEST_CASE(the_cli_says_why_a_file_is_not_a_program) {
  TempDir dir;
  std::string bytes = read_file(source_path("golden/xnnpack/v1.5.0-dev/mlp.pte"));
  bytes[5] = 'X';  // ET12 -> EX12
  const auto result = run_cli({"load-check", dir.write("renamed.pte", bytes), "--runtime", "v1.1.0"});
  BOOST_TEST(result.exit_code == 2);
  BOOST_TEST(result.out.empty());
  BOOST_TEST(result.err.find("renamed.pte") != std::string::npos, result.err);
  BOOST_TEST(result.err.find("refuses it in the program container") != std::string::npos, result.err);
}

BOOST_AUTO_TEST_SUITE_END()
