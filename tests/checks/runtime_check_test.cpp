// runtime-check: node definitions (the reference runtime's registry, or a C++ runtime's dispatch read
// from source) against the node union of each version's runtime schema.
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <set>
#include <string>

#include "fbcompat/core/rule.h"
#include "fbcompat/release/rule_catalogue.h"
#include "fbcompat/checks/runtime_check.h"
#include "fbcompat/xnnpack/delegate.h"
#include "fbcompat/core/schema_loader.h"
#include "fbcompat/xnnpack/runtime/reference_runtime.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

const std::string kRelease141 = "schemas/xnnpack/v1.1.0/runtime_schema.fbs";
// The newest version's runtime schema: the version after v1.1.0, which appends XNNDepthToSpace2d.
std::string newest_runtime_schema() { return newest_schema("runtime_schema.fbs"); }
// The schema each version's runtime reads, oldest first.
std::vector<std::string> runtime_schemas() {
  return {
      "schemas/xnnpack/v0.1.0/schema.fbs",         "schemas/xnnpack/v0.2.0/runtime_schema.fbs",
      "schemas/xnnpack/v0.4.0/runtime_schema.fbs", "schemas/xnnpack/v0.6.0/runtime_schema.fbs",
      "schemas/xnnpack/v0.7.0/runtime_schema.fbs", kRelease141,
      newest_runtime_schema(),
  };
}

Schema load(const std::string& relative) {
  auto schema = load_schema(source_path(relative));
  BOOST_TEST_REQUIRE(schema.ok(), (schema.ok() ? "" : schema.error().to_string()));
  return std::move(schema).value();
}

// The XNNPACK family's conventions: its runtime dispatches on XNodeUnion, `case XNodeUnion::XNNFoo:`
// labels and `_DEFINE(Foo)` macro uses.
const RuntimeDispatch& xnnpack_dispatch() {
  static const RuntimeDispatch dispatch = xnnpack::delegate_family_without_schemas()->runtime_dispatch();
  return dispatch;
}

std::vector<Finding> check(const Schema& schema, const std::vector<RuntimeDefinition>& definitions) {
  RuntimeCheckOptions options;
  options.union_name = xnnpack_dispatch().union_name;
  auto findings = check_runtime_definitions(schema, definitions, options);
  BOOST_TEST_REQUIRE(findings.ok(), (findings.ok() ? "" : findings.error().to_string()));
  return std::move(findings).value();
}

std::set<std::string> members_of(const std::vector<RuntimeDefinition>& definitions) {
  std::set<std::string> members;
  for (const RuntimeDefinition& definition : definitions) members.insert(definition.member);
  return members;
}

std::string data(const std::string& name) { return source_path("tests/data/runtime_check/" + name); }

}  // namespace

BOOST_AUTO_TEST_SUITE(runtime_check)

BOOST_AUTO_TEST_CASE(rules_are_registered_with_pages) {
  for (const char* id : {"RUNTIME_NODE_WITHOUT_DEFINER", "RUNTIME_DEFINER_WITHOUT_NODE",
                         "RUNTIME_NODE_UNSUPPORTED_BY_XNNPACK", "RUNTIME_NODE_ID_MISMATCH"}) {
    const RuleInfo* rule = find_rule(id);
    BOOST_TEST_REQUIRE(rule != nullptr, id);
    BOOST_TEST((rule->scope == RuleScope::Runtime));
    const std::string page(rule_page(id));
    BOOST_TEST(page.rfind(std::string("# ") + id + "\n", 0) == 0u, id);
    for (const char* section : {"Category:", "Default severity:", "Command:", "## Why it matters",
                                "## Breaking example", "## Fixed example", "## Notes"}) {
      BOOST_TEST(page.find(section) != std::string::npos, id << " lacks " << section);
    }
  }
  BOOST_TEST((find_rule("RUNTIME_NODE_WITHOUT_DEFINER")->default_severity == Severity::Error));
  BOOST_TEST((find_rule("RUNTIME_DEFINER_WITHOUT_NODE")->category == Category::Source));
  BOOST_TEST((find_rule("RUNTIME_NODE_UNSUPPORTED_BY_XNNPACK")->default_severity == Severity::Warning));
}

// Comments, string and character literals, digit separators: only real case labels count.
BOOST_AUTO_TEST_CASE(scanner_reads_only_code) {
  const std::string source = R"cpp(// case XNodeUnion::XNNCommented: \
   case XNodeUnion::XNNContinuedComment:
/* case XNodeUnion::XNNBlock: */ int x = 1'000;
const char* s = "case XNodeUnion::XNNString:";
const char* r = R"x(case XNodeUnion::XNNRaw: )" )x";
char q = '"';
switch (t) {
  case XNodeUnion::XNNAdd: break;
  case   fb_xnnpack :: XNodeUnion ::XNNSoftmax : break;
  case ::fb_xnnpack::XNodeUnion::XNNSigmoid:
  case MyXNodeUnion::XNNNotOurs:
  case XNodeUnion::NONE:
  case XNodeUnion::XNNTernary ? 1 : 2;
}
)cpp";
  const auto definitions = scan_runtime_source_text(source, "dispatch.cpp", xnnpack_dispatch().scan);
  BOOST_TEST(members_of(definitions) == (std::set<std::string>{"XNNAdd", "XNNSoftmax", "XNNSigmoid"}),
             boost::test_tools::per_element());
  BOOST_TEST_REQUIRE(definitions.size() == 3u);
  BOOST_TEST(definitions[0].file == "dispatch.cpp");
  BOOST_TEST(definitions[0].line == 8u);
  BOOST_TEST(definitions[0].column == 3u);
  BOOST_TEST(definitions[1].line == 9u);
  BOOST_TEST(!definitions[0].type_id.has_value());
}

// Macro uses define members; the macro's own #define (continued over lines) does not.
BOOST_AUTO_TEST_CASE(scanner_reads_macro_uses_not_definitions) {
  const std::string source =
      "#define _DEFINE(name) \\\n"
      "  case fb_xnnpack::XNodeUnion::XNN##name: \\\n"
      "    _DEFINE(Recursive)\n"
      "  #  define OTHER case XNodeUnion::XNNInDefine:\n"
      "switch (t) {\n"
      "  _DEFINE(Add)\n"
      "  _DEFINE( Softmax )\n"
      "  MY_DEFINE(NotAMacroUse)\n"
      "}\n";
  const auto definitions = scan_runtime_source_text(source, "compiler.cpp", xnnpack_dispatch().scan);
  BOOST_TEST_REQUIRE(definitions.size() == 2u);
  BOOST_TEST(definitions[0].member == "XNNAdd");
  BOOST_TEST(definitions[0].line == 6u);
  BOOST_TEST(definitions[1].member == "XNNSoftmax");

  SourceScanOptions custom;
  custom.macros = {"MY_DEFINE"};
  custom.macro_member_prefix = "";
  const auto renamed = scan_runtime_source_text(source, "compiler.cpp", custom);
  BOOST_TEST_REQUIRE(renamed.size() == 1u);
  BOOST_TEST(renamed[0].member == "NotAMacroUse");
}

// A 1.4.1 runtime's dispatch (type ids 1-47) is complete for 1.4.1 and misses the member the newest version appends.
BOOST_AUTO_TEST_CASE(switch_dispatch_missing_the_appended_member) {
  auto definitions = scan_runtime_sources({data("dispatch_switch_1_4_1.cpp")}, xnnpack_dispatch().scan);
  BOOST_TEST_REQUIRE(definitions.ok(), (definitions.ok() ? "" : definitions.error().to_string()));
  BOOST_TEST(definitions->size() == 47u);
  BOOST_TEST(members_of(*definitions).count("XNNDepthToSpace2d") == 0u);

  BOOST_TEST(check(load(kRelease141), *definitions).empty());

  const Schema newest = load(newest_runtime_schema());
  const auto findings = check(newest, *definitions);
  BOOST_TEST_REQUIRE(findings.size() == 1u);
  const Finding& missing = findings[0];
  BOOST_TEST(missing.rule == "RUNTIME_NODE_WITHOUT_DEFINER");
  BOOST_TEST((missing.severity == Severity::Error));
  BOOST_TEST(missing.subject == "fb_xnnpack.XNodeUnion.XNNDepthToSpace2d");
  BOOST_TEST(missing.message.find("XNNDepthToSpace2d (type id 48)") != std::string::npos, missing.message);
  BOOST_TEST(missing.message.find("dispatch_switch_1_4_1.cpp") != std::string::npos, missing.message);
  // Located at the member's line in the schema.
  BOOST_TEST(missing.file == source_path(newest_runtime_schema()));
  const EnumValue* member = newest.find_enum("fb_xnnpack.XNodeUnion")->find_value("XNNDepthToSpace2d");
  BOOST_TEST(missing.line == member->location.line);
  BOOST_TEST(missing.fix.find("case XNodeUnion::XNNDepthToSpace2d:") != std::string::npos, missing.fix);
}

BOOST_AUTO_TEST_CASE(macro_dispatch_covers_every_member) {
  auto definitions = scan_runtime_sources({data("dispatch_macros.cpp")}, xnnpack_dispatch().scan);
  BOOST_TEST_REQUIRE(definitions.ok());
  BOOST_TEST(definitions->size() == 48u);
  BOOST_TEST(members_of(*definitions).count("XNNImaginary") == 0u);
  BOOST_TEST(members_of(*definitions).count("XNNPhantom") == 0u);
  BOOST_TEST(check(load(newest_runtime_schema()), *definitions).empty());
}

BOOST_AUTO_TEST_CASE(custom_prefix_and_macro) {
  SourceScanOptions options;
  options.case_prefixes = {"Kind::"};
  options.macros = {"REGISTER_NODE"};
  options.macro_member_prefix = "XNN";
  auto definitions = scan_runtime_sources({data("dispatch_custom.cpp")}, options);
  BOOST_TEST_REQUIRE(definitions.ok());
  BOOST_TEST(members_of(*definitions) == (std::set<std::string>{"XNNAdd", "XNNGhost", "XNNSoftmax"}),
             boost::test_tools::per_element());
  const auto findings = check(load("tests/data/runtime_check/tiny_runtime.fbs"), *definitions);
  BOOST_TEST_REQUIRE(findings.size() == 2u);
  const Finding& ghost = findings[0].rule == "RUNTIME_DEFINER_WITHOUT_NODE" ? findings[0] : findings[1];
  const Finding& extra = findings[0].rule == "RUNTIME_DEFINER_WITHOUT_NODE" ? findings[1] : findings[0];
  BOOST_TEST(ghost.rule == "RUNTIME_DEFINER_WITHOUT_NODE");
  BOOST_TEST((ghost.severity == Severity::Warning));
  BOOST_TEST(ghost.subject == "tiny.XNodeUnion.XNNGhost");
  BOOST_TEST(ghost.file == data("dispatch_custom.cpp"));
  BOOST_TEST(ghost.line == 9u);
  BOOST_TEST(extra.rule == "RUNTIME_NODE_WITHOUT_DEFINER");
  BOOST_TEST(extra.message.find("XNNExtra (type id 3)") != std::string::npos, extra.message);
}

// The reference runtime against each version: no member without a definer and no id mismatch; the
// members the linked XNNPACK cannot define are warnings; members appended later are notes.
BOOST_AUTO_TEST_CASE(builtin_definitions_against_every_version) {
  const auto definitions = xnnpack::builtin_runtime_definitions();
  std::set<std::string> unsupported;
  for (const RuntimeDefinition& definition : definitions) {
    BOOST_TEST(definition.type_id.has_value());
    if (!definition.supported) unsupported.insert(definition.member);
  }
  for (const std::string& relative : runtime_schemas()) {
    BOOST_TEST_CONTEXT(relative) {
      const Schema schema = load(relative);
      const Enum& node_union = *schema.find_enum("fb_xnnpack.XNodeUnion");
      std::size_t expected_warnings = 0;
      for (const EnumValue& member : node_union.values) expected_warnings += unsupported.count(member.name);
      const std::size_t expected_notes = definitions.size() - node_union.values.size();

      const auto findings = check(schema, definitions);
      BOOST_TEST(compatible(findings));
      const FindingCounts counts = count_findings(findings);
      BOOST_TEST(counts.errors == 0u);
      BOOST_TEST(counts.warnings == expected_warnings);
      BOOST_TEST(counts.infos == expected_notes);
      for (const Finding& finding : findings) {
        if (finding.severity == Severity::Warning) BOOST_TEST(finding.rule == "RUNTIME_NODE_UNSUPPORTED_BY_XNNPACK");
        if (finding.severity == Severity::Info) BOOST_TEST(finding.rule == "RUNTIME_DEFINER_WITHOUT_NODE");
      }
    }
  }
  // On the newest schema, one warning per node type the linked XNNPACK cannot define (none on the XNNPACK
  // setup builds, 16 on Debian 12's), at the family file's registration.
  const auto newest = check(load(newest_runtime_schema()), definitions);
  BOOST_TEST(newest.size() == unsupported.size());
  bool concatenate_named = false;
  for (const Finding& finding : newest) {
    if (finding.subject == "fb_xnnpack.XNodeUnion.XNNConcatenate4") {
      concatenate_named = true;
      BOOST_TEST(finding.message.find("the linked XNNPACK has no xnn_define_concatenate4") != std::string::npos);
      BOOST_TEST(finding.file == "compat/xnnpack/runtime/define_concatenate.cpp");
    }
  }
  BOOST_TEST(concatenate_named == !FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE4);
}

// A runtime compiled from a schema that inserted a member mid-union dispatches old members on new ids.
BOOST_AUTO_TEST_CASE(builtin_ids_must_match_the_schema) {
  const Schema schema = load_text(R"(namespace fb_xnnpack;
table T { a: uint; }
union XNodeUnion { XNNAdd: T, XNNSoftmax: T, XNNFullyConnected: T }
table G { n: XNodeUnion; }
root_type G;
)");
  std::vector<RuntimeDefinition> definitions;
  for (const RuntimeDefinition& definition : xnnpack::builtin_runtime_definitions()) {
    if (definition.member == "XNNAdd" || definition.member == "XNNSoftmax" || definition.member == "XNNFullyConnected") {
      definitions.push_back(definition);
    }
  }
  const auto findings = check(schema, definitions);
  std::vector<Finding> mismatches = with_rule(findings, "RUNTIME_NODE_ID_MISMATCH");
  BOOST_TEST_REQUIRE(mismatches.size() == 2u);
  // In the runtime, XNNFullyConnected is 2 and XNNSoftmax 3; this schema swaps them.
  BOOST_TEST(mismatches[0].message.find("the runtime dispatches XNNSoftmax on type id 3, but this schema gives it type id 2") !=
                 std::string::npos,
             mismatches[0].message);
  BOOST_TEST(mismatches[0].line == 3u);
}

BOOST_AUTO_TEST_CASE(a_schema_without_the_union_is_an_error) {
  const Schema schema = load_text("table T { a: int; }\nroot_type T;\n");
  RuntimeCheckOptions options;
  options.union_name = "XNodeUnion";
  auto findings = check_runtime_definitions(schema, {}, options);
  BOOST_TEST_REQUIRE(!findings.ok());
  BOOST_TEST(findings.error().message == "the schema has no union named XNodeUnion");
}

BOOST_AUTO_TEST_CASE(cli_exit_codes_and_formats) {
  const std::string newest = source_path(newest_runtime_schema());
  // The node types the linked XNNPACK cannot define are warnings (16 on Debian 12's, none on the one setup
  // builds): compatible, and breaking under --strict only when there are any.
  std::size_t unsupported = 0;
  for (const RuntimeDefinition& definition : xnnpack::builtin_runtime_definitions()) {
    unsupported += definition.supported ? 0 : 1;
  }
  const CommandResult builtin = run_cli({"runtime-check", "--schema", newest, "--builtin"});
  BOOST_TEST(builtin.exit_code == 0, builtin.err);
  if (unsupported == 0) {
    BOOST_TEST(builtin.out.find("no findings: compatible:") != std::string::npos, builtin.out);
  } else {
    BOOST_TEST(builtin.out.find(fmt::format("0 errors, {} warnings: compatible:", unsupported)) != std::string::npos,
               builtin.out);
    BOOST_TEST(builtin.out.find("RUNTIME_NODE_UNSUPPORTED_BY_XNNPACK") != std::string::npos);
  }

  const CommandResult strict = run_cli({"runtime-check", "--schema", newest, "--builtin", "--strict"});
  BOOST_TEST(strict.exit_code == (unsupported == 0 ? 0 : 1));

  const CommandResult missing = run_cli({"runtime-check", "--schema", newest, "--source",
                                         data("dispatch_switch_1_4_1.cpp"), "--format", "json"});
  BOOST_TEST(missing.exit_code == 1, missing.err);
  const auto json = nlohmann::json::parse(missing.out);
  BOOST_TEST(json["compatible"] == false);
  BOOST_TEST_REQUIRE(json["findings"].size() == 1u);
  BOOST_TEST(json["findings"][0]["rule"] == "RUNTIME_NODE_WITHOUT_DEFINER");
  BOOST_TEST(json["findings"][0]["subject"] == "fb_xnnpack.XNodeUnion.XNNDepthToSpace2d");
  BOOST_TEST(json["findings"][0]["message"].get<std::string>().find("type id 48") != std::string::npos);

  const CommandResult complete = run_cli({"runtime-check", "--schema", newest, "--source",
                                          data("dispatch_macros.cpp"), data("dispatch_switch_1_4_1.cpp")});
  BOOST_TEST(complete.exit_code == 0, complete.out);

  const CommandResult custom =
      run_cli({"runtime-check", "--schema", data("tiny_runtime.fbs"), "--source", data("dispatch_custom.cpp"),
               "--case-prefix", "Kind::", "--macro", "REGISTER_NODE"});
  BOOST_TEST(custom.exit_code == 1);
  BOOST_TEST(custom.out.find("dispatch_custom.cpp:9:3: warning: [RUNTIME_DEFINER_WITHOUT_NODE]") != std::string::npos,
             custom.out);
  BOOST_TEST(custom.out.find("error: [RUNTIME_NODE_WITHOUT_DEFINER] XNNExtra (type id 3)") != std::string::npos,
             custom.out);
}

BOOST_AUTO_TEST_CASE(cli_bad_input_exits_2) {
  TempDir dir;
  const std::string empty = dir.write("empty.cpp", "\n  \n");
  const std::string broken = dir.write("broken.fbs", "table T {\n");
  const std::string newest = source_path(newest_runtime_schema());
  struct Case {
    std::vector<std::string> arguments;
    std::string message;
  };
  const std::vector<Case> cases{
      {{"runtime-check", "--schema", newest}, "give either --builtin"},
      {{"runtime-check", "--schema", newest, "--builtin", "--source", data("dispatch_macros.cpp")},
       "give either --builtin"},
      {{"runtime-check", "--schema", dir.path() + "/absent.fbs", "--builtin"}, "no such file"},
      {{"runtime-check", "--schema", broken, "--builtin"}, "broken.fbs"},
      {{"runtime-check", "--schema", newest, "--source", dir.path() + "/absent.cpp"}, "absent.cpp: error: no such file"},
      {{"runtime-check", "--schema", newest, "--source", empty}, "the file is empty"},
      {{"runtime-check", "--schema", data("tiny_runtime.fbs"), "--builtin", "--union", "Nodes"},
       "the schema has no union named Nodes"},
  };
  for (const Case& test : cases) {
    const CommandResult result = run_cli(test.arguments);
    BOOST_TEST(result.exit_code == 2, test.arguments.back());
    BOOST_TEST(result.err.find(test.message) != std::string::npos, result.err);
    BOOST_TEST(result.out.empty(), result.out);
  }
}

BOOST_AUTO_TEST_SUITE_END()
