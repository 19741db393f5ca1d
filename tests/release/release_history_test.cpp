// The XNNPACK delegate's real schema history (schemas/xnnpack/<version>/, written from the release
// facts): what the gate says about each step that was released, and about the incident it exists
// for, a member inserted in the middle of XNodeUnion.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "fbcompat/core/manifest.h"
#include "support/finding_assertions.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

std::string version_file(const std::string& version, const std::string& file) {
  return source_path("schemas/xnnpack/" + version + "/" + file);
}

Schema load_version(const std::string& version, const std::string& file) {
  Expected<Schema> schema = load_schema(version_file(version, file));
  BOOST_TEST_REQUIRE(schema.ok(), version << "/" << file << ": " << (schema.ok() ? "" : schema.error().to_string()));
  return std::move(schema).value();
}

Manifest load_xnnpack_manifest() {
  Expected<Manifest> manifest = load_manifest(source_path("schemas/xnnpack/manifest.toml"));
  BOOST_TEST_REQUIRE(manifest.ok(), (manifest.ok() ? "" : manifest.error().to_string()));
  return std::move(manifest).value();
}

std::vector<Finding> errors_of(const std::vector<Finding>& findings) {
  std::vector<Finding> errors;
  for (const Finding& finding : findings) {
    if (finding.severity == Severity::Error) errors.push_back(finding);
  }
  return errors;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  BOOST_TEST_REQUIRE(at != std::string::npos, "'" << from << "' is not in the schema");
  text.replace(at, from.size(), to);
  return text;
}

// v1.1.0's runtime schema with XNNDepthToSpace2d declared and put where `anchor` (a whole member
// line) is, rather than at the end: the incident fbcompat diff exists to stop.
std::string v1_1_0_with_depth_to_space_before(const std::string& anchor) {
  std::string text = read_file(version_file("v1.1.0", "runtime_schema.fbs"));
  text = replaced(text, anchor, "  XNNDepthToSpace2d,\n" + anchor);
  return text + "\ntable XNNDepthToSpace2d {\n  input_id:uint;\n  output_id:uint;\n  block_size:uint;\n  flags:uint;\n}\n";
}

const EnumValue& member_of(const Schema& schema, const std::string& member) {
  const Enum* node_union = schema.find_enum("fb_xnnpack.XNodeUnion");
  BOOST_TEST_REQUIRE(node_union != nullptr);
  const EnumValue* value = node_union->find_value(member);
  BOOST_TEST_REQUIRE(value != nullptr, member << " is not in XNodeUnion");
  return *value;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(release_history)

BOOST_AUTO_TEST_CASE(the_schemas_hold_the_union_type_ids_of_the_release_facts) {
  const Manifest manifest = load_xnnpack_manifest();
  std::size_t checked = 0;
  for (const ManifestVersion& version : manifest.versions) {
    for (const std::string file : {"schema", "runtime_schema"}) {
      const std::string facts_file = facts_path("executorch/xnnpack/" + version.name + "/" + file + ".json");
      if (!std::filesystem::exists(facts_file)) continue;  // the newest is not released; v0.1.0 had no runtime schema
      const nlohmann::json facts = nlohmann::json::parse(read_file(facts_file));
      const Schema schema = load_version(version.name, file + ".fbs");
      BOOST_TEST(schema.file_identifier == facts.at("file_identifier").get<std::string>(), version.name << "/" << file);
      for (const auto& facts_union : facts.at("unions")) {
        const Enum* declared = schema.find_enum("fb_xnnpack." + facts_union.at("name").get<std::string>());
        BOOST_TEST_REQUIRE(declared != nullptr, facts_union.at("name") << " in " << version.name << "/" << file);
        BOOST_TEST(declared->values.size() == facts_union.at("members").size());
        for (const auto& member : facts_union.at("members")) {
          const EnumValue* value = declared->find_number(member.at(0).get<std::int64_t>());
          BOOST_TEST_REQUIRE(value != nullptr, member.dump() << " in " << version.name << "/" << file);
          BOOST_TEST(value->name == member.at(1).get<std::string>());
          BOOST_TEST(value->table == "fb_xnnpack." + member.at(2).get<std::string>());
        }
      }
      ++checked;
    }
  }
  BOOST_TEST(checked == 11u);  // 6 writer schemas and 5 runtime schemas were released
}

BOOST_AUTO_TEST_CASE(every_runtime_schema_is_compatible_with_the_one_before) {
  const Manifest manifest = load_xnnpack_manifest();
  std::vector<std::string> readers;
  for (const ManifestVersion& version : manifest.versions) {
    if (std::filesystem::exists(version_file(version.name, "runtime_schema.fbs"))) readers.push_back(version.name);
  }
  BOOST_TEST_REQUIRE(readers.size() == 6u);  // v0.2.0 to the newest
  for (std::size_t i = 1; i < readers.size(); ++i) {
    const auto findings =
        diff_schemas(load_version(readers[i - 1], "runtime_schema.fbs"), load_version(readers[i], "runtime_schema.fbs"));
    BOOST_TEST(errors_of(findings).empty(), readers[i - 1] << " -> " << readers[i] << ":\n"
                                                           << (findings.empty() ? "" : findings.front().message));
    BOOST_TEST(compatible(findings));
  }
}

BOOST_AUTO_TEST_CASE(every_writer_schema_after_the_identifier_change_is_compatible_with_the_one_before) {
  const Manifest manifest = load_xnnpack_manifest();
  BOOST_TEST_REQUIRE(manifest.versions.size() == 7u);
  for (std::size_t i = 2; i < manifest.versions.size(); ++i) {
    const std::string& before = manifest.versions[i - 1].name;
    const std::string& after = manifest.versions[i].name;
    const auto findings = diff_schemas(load_version(before, "schema.fbs"), load_version(after, "schema.fbs"));
    BOOST_TEST(errors_of(findings).empty(), before << " -> " << after);
  }
}

BOOST_AUTO_TEST_CASE(the_v0_2_0_writer_broke_the_identifier_and_deleted_dq_datatype) {
  const std::string new_path = version_file("v0.2.0", "schema.fbs");
  const std::string new_text = read_file(new_path);
  const auto findings = diff_schemas(load_version("v0.1.0", "schema.fbs"), load_version("v0.2.0", "schema.fbs"));
  BOOST_TEST(rules_of(errors_of(findings)) == (std::vector<std::string>{"FIELD_NO_DELETE", "FILE_SAME_IDENTIFIER"}));

  const Finding identifier = single(findings, "FILE_SAME_IDENTIFIER");
  BOOST_TEST(identifier.severity == Severity::Error);
  BOOST_TEST(contains(identifier.message, "from \"XN00\" to \"XN01\""), identifier.message);
  BOOST_TEST(points_at(identifier, "v0.2.0/schema.fbs", new_text, "file_identifier \"XN01\""));

  const Finding deletion = single(findings, "FIELD_NO_DELETE");
  BOOST_TEST(deletion.subject == "fb_xnnpack.XNNTensorValue.dq_datatype");
  BOOST_TEST(contains(deletion.message, "field dq_datatype (slot 7) was deleted from XNNTensorValue"), deletion.message);
  BOOST_TEST(points_at(deletion, "v0.2.0/schema.fbs", new_text, "table XNNTensorValue"));
  BOOST_TEST(contains(deletion.fix, "restore `dq_datatype: fb_xnnpack.XNNDatatype (deprecated);`"), deletion.fix);

  // The fields the writer stopped writing were deprecated, as they should be: warnings only.
  std::vector<std::string> deprecated;
  for (const Finding& finding : with_rule(findings, "FIELD_NEWLY_DEPRECATED")) {
    BOOST_TEST(finding.severity == Severity::Warning);
    deprecated.push_back(finding.subject);
  }
  std::sort(deprecated.begin(), deprecated.end());
  BOOST_TEST(deprecated == (std::vector<std::string>{"fb_xnnpack.Buffer.storage", "fb_xnnpack.XNNGraph.constant_buffer",
                                                     "fb_xnnpack.XNNGraph.mem_buffer_sizes"}));
  BOOST_TEST(findings.size() == 5u);
}

BOOST_AUTO_TEST_CASE(the_v0_2_0_runtime_still_reads_what_the_v0_1_0_writer_wrote) {
  BOOST_TEST(diff_schemas(load_version("v0.1.0", "schema.fbs"), load_version("v0.2.0", "runtime_schema.fbs")).empty());
}

BOOST_AUTO_TEST_CASE(depth_to_space_inserted_before_conv_transpose_is_one_error_with_the_fix) {
  TempDir dir;
  const std::string new_text = v1_1_0_with_depth_to_space_before("  XNNConvTranspose2d: _XNNNodeConv,");
  const std::string new_path = dir.write("runtime_schema.fbs", new_text);
  const Schema old_schema = load_version("v1.1.0", "runtime_schema.fbs");
  Expected<Schema> new_schema = load_schema(new_path);
  BOOST_TEST_REQUIRE(new_schema.ok());
  const auto findings = diff_schemas(old_schema, *new_schema);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"UNION_MEMBER_SAME_ID"});

  const Finding finding = single(findings, "UNION_MEMBER_SAME_ID");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.subject == "fb_xnnpack.XNodeUnion.XNNDepthToSpace2d");
  BOOST_TEST(points_at(finding, "runtime_schema.fbs", new_text, "XNNDepthToSpace2d,"));
  const std::int64_t inserted_at = member_of(old_schema, "XNNConvTranspose2d").value;
  BOOST_TEST(inserted_at == 39);
  BOOST_TEST(contains(finding.message, "XNNDepthToSpace2d was inserted into XNodeUnion at type id 39, before "
                                       "XNNConvTranspose2d"),
             finding.message);
  // Every member from XNNConvTranspose2d on shifted, and the message names each of them.
  for (const EnumValue& member : old_schema.find_enum("fb_xnnpack.XNodeUnion")->values) {
    const std::string shift = fmt::format("{} ({} -> {})", member.name, member.value, member.value + 1);
    BOOST_TEST(contains(finding.message, shift) == (member.value >= inserted_at), shift);
  }
  BOOST_TEST(contains(finding.message, "decode XNNConvTranspose2d as XNNDepthToSpace2d"), finding.message);
  BOOST_TEST(finding.fix == "move XNNDepthToSpace2d to the end of XNodeUnion, after XNNCos, as type id 48");
}

BOOST_AUTO_TEST_CASE(depth_to_space_inserted_after_add_shifts_every_other_member) {
  TempDir dir;
  const std::string new_text = v1_1_0_with_depth_to_space_before("  XNNFullyConnected,");
  const Schema old_schema = load_version("v1.1.0", "runtime_schema.fbs");
  Expected<Schema> new_schema = load_schema(dir.write("runtime_schema.fbs", new_text));
  BOOST_TEST_REQUIRE(new_schema.ok());
  const auto findings = diff_schemas(old_schema, *new_schema);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"UNION_MEMBER_SAME_ID"});
  const Finding finding = single(findings, "UNION_MEMBER_SAME_ID");
  BOOST_TEST(contains(finding.message, "at type id 2, before XNNFullyConnected"), finding.message);
  std::size_t shifts_named = 0;
  for (const EnumValue& member : old_schema.find_enum("fb_xnnpack.XNodeUnion")->values) {
    if (member.value < 2) continue;
    shifts_named += contains(finding.message, fmt::format("{} ({} -> {})", member.name, member.value, member.value + 1));
  }
  BOOST_TEST(shifts_named == 46u);
  BOOST_TEST(finding.fix == "move XNNDepthToSpace2d to the end of XNodeUnion, after XNNCos, as type id 48");
}

// The newest version is v1.1.0 with XNNDepthToSpace2d appended to the node union.
BOOST_AUTO_TEST_CASE(depth_to_space_appended_as_the_newest_version_does_is_compatible) {
  for (const std::string file : {"schema.fbs", "runtime_schema.fbs"}) {
    const Schema after = load_version(newest_version(), file);
    BOOST_TEST(diff_schemas(load_version("v1.1.0", file), after).empty(), file);
    BOOST_TEST(member_of(after, "XNNDepthToSpace2d").value == 48);
  }
}

BOOST_AUTO_TEST_CASE(deleting_a_member_of_the_real_union_names_the_members_that_moved_down) {
  const std::string old_text = read_file(version_file("v1.1.0", "runtime_schema.fbs"));
  const std::string new_text = replaced(old_text, "  XNNCopy: _XNNNode1x1,                                // 46\n", "");
  TempDir dir;
  Expected<Schema> new_schema = load_schema(dir.write("runtime_schema.fbs", new_text));
  BOOST_TEST_REQUIRE(new_schema.ok());
  const auto findings = diff_schemas(load_version("v1.1.0", "runtime_schema.fbs"), *new_schema);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"UNION_MEMBER_NO_DELETE"});
  const Finding finding = single(findings, "UNION_MEMBER_NO_DELETE");
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.subject == "fb_xnnpack.XNodeUnion.XNNCopy");
  BOOST_TEST(points_at(finding, "runtime_schema.fbs", new_text, "XNNCos: _XNNNode1x1"));
  BOOST_TEST(contains(finding.message, "XNNCopy (type id 46, table _XNNNode1x1) was deleted from XNodeUnion"),
             finding.message);
  BOOST_TEST(contains(finding.message, "XNNCos (47 -> 46)"), finding.message);
  BOOST_TEST(contains(finding.message, "decode XNNCopy as XNNCos and XNNCos as an unknown type id (47)"), finding.message);
  BOOST_TEST(contains(finding.fix, "restore `XNNCopy: _XNNNode1x1` as type id 46, between XNNSin and XNNCos"),
             finding.fix);
}

BOOST_AUTO_TEST_SUITE_END()
