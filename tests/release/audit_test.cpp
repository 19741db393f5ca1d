#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>

#include "fbcompat/release/audit.h"
#include "fbcompat/release/audit_report.h"
#include "fbcompat/core/config.h"
#include "fbcompat/release/rule_catalogue.h"
#include "fbcompat/core/history.h"
#include "support/test_support.h"
#include "project/version_order.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

// A family of single-file versions (no reader role), written into a TempDir.
struct SyntheticVersion {
  std::string name;
  bool released;
  std::string schema;
};

HistoryConfig write_family(const TempDir& dir, const std::vector<SyntheticVersion>& versions) {
  std::string manifest = "family = \"demo\"\n";
  for (const SyntheticVersion& version : versions) {
    manifest += "\n[[version]]\nname = \"" + version.name + "\"\nreleases = [" +
                (version.released ? "\"" + version.name.substr(1) + "\"" : std::string()) +
                "]\nwriter_identifier = \"DM01\"\nreader_identifiers = [\"DM01\"]\n";
    dir.write("demo/" + version.name + "/schema.fbs", version.schema);
    dir.write("demo/" + version.name + "/runtime_schema.fbs", version.schema);
  }
  dir.write("demo/manifest.toml", manifest);
  HistoryConfig family;
  family.name = "demo";
  family.directory = dir.path() + "/demo";
  return family;
}

std::string node_schema(const std::string& members) {
  return "namespace demo;\ntable A { x: int; }\ntable B { y: int; }\ntable C { z: int; }\ntable D { w: int; }\n"
         "union Node { " + members + " }\ntable Graph { nodes: [Node]; }\nroot_type Graph;\nfile_identifier \"DM01\";\n";
}

AuditReport audit_family_dir(const HistoryConfig& family) {
  auto history = load_history(family);
  BOOST_TEST_REQUIRE(history.ok(), (history.ok() ? "" : history.error().to_string()));
  return audit_history(std::move(history.value()), AuditOptions{});
}

const Transition* find_transition(const AuditReport& report, const std::string& role, const std::string& from,
                                  const std::string& to) {
  for (const Transition& transition : report.transitions) {
    if (report.history.roles[transition.role] == role && report.history.versions[transition.from].name == from &&
        report.history.versions[transition.to].name == to) {
      return &transition;
    }
  }
  return nullptr;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(audit)

BOOST_AUTO_TEST_CASE(the_bundled_xnnpack_history_is_compatible) {
  const auto config = load_config(source_path("fbcompat.toml"), all_rules());
  BOOST_TEST_REQUIRE(config.ok());
  auto history = load_history(*config->find_history("xnnpack"));
  BOOST_TEST_REQUIRE(history.ok(), (history.ok() ? "" : history.error().to_string()));
  const AuditReport report = audit_history(std::move(history.value()), AuditOptions{});
  BOOST_TEST(report.compatible());
  // 7 writers give 21 pairs, 6 readers 15: every version against every later one.
  BOOST_TEST(report.transitions.size() == 36u);
  BOOST_TEST(report.matrix.size() == 49u);

  // 0.1.0 -> 0.2.0 changed the writer's identifier and dropped dq_datatype; both are accepted, with reasons.
  const Transition* first = find_transition(report, "writer", "v0.1.0", "v0.2.0");
  BOOST_TEST_REQUIRE(first != nullptr);
  BOOST_TEST(first->findings.size() == 3u);  // the FIELD_NEWLY_DEPRECATED warnings
  BOOST_TEST_REQUIRE(first->accepted.size() == 2u);
  for (const AcceptedFinding& accepted : first->accepted) {
    BOOST_TEST((accepted.finding.rule == "FIELD_NO_DELETE" || accepted.finding.rule == "FILE_SAME_IDENTIFIER"));
    BOOST_TEST(accepted.reason.find("every later runtime (v0.2.0.." + newest_version() + ")") != std::string::npos,
               accepted.reason);
  }

  // Each version's programs need at least that version's runtime, and every later runtime loads them.
  for (std::size_t v = 0; v < report.history.versions.size(); ++v) {
    BOOST_TEST(report.minimum_runtime(v).value_or(99) == v, report.history.versions[v].name);
  }
  // The newest version's programs (the version after v1.1.0) do not load on 1.4.1's runtime, naming the node.
  std::size_t newest_on_1_4_1 = 0;
  for (const MatrixCell& cell : report.matrix) {
    if (report.history.versions[cell.writer].name == newest_version() && report.history.versions[cell.reader].name == "v1.1.0") {
      ++newest_on_1_4_1;
      BOOST_TEST(!cell.loads());
      BOOST_TEST_REQUIRE(cell.findings.size() == 1u);
      BOOST_TEST(cell.findings[0].subject == "fb_xnnpack.XNodeUnion.XNNDepthToSpace2d");
    }
  }
  BOOST_TEST(newest_on_1_4_1 == 1u);
  bool saw_capacity = false;
  for (const UnionCapacity& capacity : report.capacity) {
    if (capacity.union_name == "fb_xnnpack.XNodeUnion") {
      saw_capacity = true;
      BOOST_TEST(capacity.used == 48);
      BOOST_TEST(capacity.capacity == 255);
    }
  }
  BOOST_TEST(saw_capacity);

  // The introduced-in table: XNNCos came with 1.1.0, XNNDepthToSpace2d with the newest version, dq_datatype left the
  // writer in 0.2.0.
  int checked = 0;
  for (const HistoryEntry& entry : report.entries) {
    const std::string& role = report.history.roles[entry.role];
    const std::string introduced = entry.introduced ? report.history.versions[*entry.introduced].name : "";
    if (role == "reader" && entry.name == "XNNCos") {
      BOOST_TEST(introduced == "v1.1.0");
      ++checked;
    } else if (role == "reader" && entry.name == "XNNDepthToSpace2d" && entry.kind == EntryKind::UnionMember) {
      BOOST_TEST(entry.number == 48);
      BOOST_TEST(introduced == newest_version());
      ++checked;
    } else if (role == "writer" && entry.name == "dq_datatype") {
      BOOST_TEST(introduced == "v0.1.0");
      BOOST_TEST_REQUIRE(entry.retired.has_value());
      BOOST_TEST(report.history.versions[*entry.retired].name == "v0.2.0");
      ++checked;
    } else if (role == "writer" && entry.name == "scale_bf16") {
      BOOST_TEST_REQUIRE(entry.deprecated.has_value());
      BOOST_TEST(report.history.versions[*entry.deprecated].name == "v0.7.0");
      ++checked;
    }
  }
  BOOST_TEST(checked == 4);
}

BOOST_AUTO_TEST_CASE(a_member_that_never_shipped_fails_the_gate_not_the_release) {
  TempDir dir;
  const HistoryConfig family = write_family(dir, {{"v1.0", true, node_schema("A, B")},
                                                 {"v1.1-dev1", false, node_schema("A, B, C")},
                                                 {"v1.1-dev2", false, node_schema("A, B")},
                                                 {"v1.1", true, node_schema("A, B, D")}});
  const AuditReport report = audit_family_dir(family);
  BOOST_TEST(report.compatible());
  const Transition* removal = find_transition(report, "writer", "v1.1-dev1", "v1.1-dev2");
  BOOST_TEST_REQUIRE(removal != nullptr);
  BOOST_TEST(removal->consecutive);
  BOOST_TEST(!removal->shipped);
  BOOST_TEST(!removal->compatible());
  BOOST_TEST(removal->findings.front().rule == "UNION_MEMBER_NO_DELETE");
  // Between unshipped versions, only neighbours are compared.
  BOOST_TEST(find_transition(report, "writer", "v1.1-dev1", "v1.1") == nullptr);
  BOOST_TEST(find_transition(report, "writer", "v1.0", "v1.1") != nullptr);
  const std::string text = format_audit_text({report});
  BOOST_TEST(text.find("an unreleased step: fails the pre-merge gate, not the release") != std::string::npos, text);
}

BOOST_AUTO_TEST_CASE(a_released_member_removed_later_fails_the_release) {
  TempDir dir;
  const HistoryConfig family = write_family(dir, {{"v1.0", true, node_schema("A, B, C")},
                                                 {"v1.1", true, node_schema("A, B, C")},
                                                 {"v1.2", false, node_schema("A, C")}});
  const AuditReport report = audit_family_dir(family);
  BOOST_TEST(!report.compatible());
  const Transition* transitive = find_transition(report, "writer", "v1.0", "v1.2");
  BOOST_TEST_REQUIRE(transitive != nullptr);
  BOOST_TEST(!transitive->consecutive);
  BOOST_TEST(transitive->shipped);
  BOOST_TEST(!transitive->compatible());
}

BOOST_AUTO_TEST_CASE(an_insertion_mid_union_fails_with_the_named_member) {
  TempDir dir;
  const HistoryConfig family = write_family(dir, {{"v1.0", true, node_schema("A, B, C")},
                                                 {"v1.1", false, node_schema("A, D, B, C")}});
  const AuditReport report = audit_family_dir(family);
  BOOST_TEST(!report.compatible());
  const Transition* step = find_transition(report, "reader", "v1.0", "v1.1");
  BOOST_TEST_REQUIRE(step != nullptr);
  BOOST_TEST_REQUIRE(step->findings.size() == 1u);
  BOOST_TEST(step->findings[0].rule == "UNION_MEMBER_SAME_ID");
  BOOST_TEST(step->findings[0].subject == "demo.Node.D");
  // The matrix agrees: v1.0 programs do not load on the v1.1 runtime.
  for (const MatrixCell& cell : report.matrix) {
    if (cell.writer == 0 && cell.reader == 1) BOOST_TEST(!cell.loads());
  }
}

BOOST_AUTO_TEST_CASE(reports_render_in_every_format) {
  TempDir dir;
  const HistoryConfig family = write_family(dir, {{"v1.0", true, node_schema("A, B")}, {"v1.1", true, node_schema("A, B, C")}});
  const AuditReport report = audit_family_dir(family);
  const auto json = nlohmann::json::parse(format_audit_json({report}));
  BOOST_TEST(json["compatible"].get<bool>());
  BOOST_TEST(json["versions"].size() == 2u);
  BOOST_TEST(json["transitions"].size() == 2u);  // writer and reader, v1.0 -> v1.1
  BOOST_TEST(json["transitions"][0]["from"] == "v1.0");
  BOOST_TEST(json["transitions"][0].contains("findings"));
  BOOST_TEST(json["matrix"].size() == 4u);
  const std::string markdown = format_audit_markdown({report});
  BOOST_TEST(markdown.find("### Compatibility matrix") != std::string::npos);
  BOOST_TEST(markdown.find("| **v1.1** | no: ") != std::string::npos, markdown);  // v1.1's C is unknown to v1.0
  BOOST_TEST(markdown.find("### Introduced in") != std::string::npos);
  BOOST_TEST(markdown.find("| Node | 3 | C | C | v1.1 (1.1) | - | - |") != std::string::npos, markdown);
  BOOST_TEST(markdown.find("### Union capacity") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(versions_sort_as_people_read_them) {
  BOOST_TEST(version_less("v1.9.2", "v1.10.0"));
  BOOST_TEST(!version_less("v1.10.0", "v1.9.2"));
  BOOST_TEST(version_less("1.4.1", "1.5.0-dev"));
  BOOST_TEST(version_less("v0.2.0", "v0.10.0"));
  BOOST_TEST(!version_less("v1.0", "v1.0"));
  // A pre-release comes before its release, and pre-releases in their own order.
  BOOST_TEST(version_less("v1.0.0-rc1", "v1.0.0"));
  BOOST_TEST(!version_less("v1.0.0", "v1.0.0-rc1"));
  BOOST_TEST(version_less("v1.0.0-rc2", "v1.0.0-rc10"));
  BOOST_TEST(version_less("v1.0.0", "v1.0.1-rc1"));
  BOOST_TEST(version_less("v0.9.9", "v1.0.0-alpha"));
  BOOST_TEST(version_less("1.5.0-dev", "1.5.0"));
  BOOST_TEST(version_less("v1.0.1rc1", "v1.0.1"));
  BOOST_TEST(version_less("v1.0.1", "v1.0.2rc1"));
  // A prefix with a dash is not a pre-release.
  BOOST_TEST(version_less("release-1.9", "release-1.10"));
}

BOOST_AUTO_TEST_SUITE_END()
