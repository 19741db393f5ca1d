#include <boost/test/unit_test.hpp>

#include "fbcompat/release/audit.h"
#include "fbcompat/core/config.h"
#include "fbcompat/release/rule_catalogue.h"
#include "fbcompat/checks/lock.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

History bundled_history() {
  const auto config = load_config(source_path("fbcompat.toml"), all_rules());
  BOOST_TEST_REQUIRE(config.ok());
  auto history = load_history(*config->find_history("xnnpack"));
  BOOST_TEST_REQUIRE(history.ok(), (history.ok() ? "" : history.error().to_string()));
  return std::move(history.value());
}

const LockEntry* find_entry(const LockSection& section, const std::string& owner, const std::string& name) {
  for (const LockEntry& entry : section.entries) {
    if (entry.owner == owner && entry.name == name) return &entry;
  }
  return nullptr;
}

// The reader of the newest released version, every number of which the lock holds: v1.1.0's while the
// newest version is not released.
std::string newest_released_runtime_schema() {
  const std::vector<ManifestVersion>& versions = xnnpack_manifest().versions;
  for (auto version = versions.rbegin(); version != versions.rend(); ++version) {
    if (version->released() && version->has_reader()) {
      return read_file(source_path("schemas/xnnpack/" + version->name + "/runtime_schema.fbs"));
    }
  }
  BOOST_FAIL("no released version has a reader");
  return "";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(lock_file)

BOOST_AUTO_TEST_CASE(the_lock_records_released_numbers_and_retirements) {
  const Lock lock = build_lock(bundled_history());
  BOOST_TEST(lock.family == "xnnpack");
  BOOST_TEST(lock.releases.front() == "0.1.0");
  // A version binds its numbers once it is released: until then the newest binds nothing, and the last
  // release is v1.1.0's.
  const ManifestVersion& newest = newest_manifest_version();
  BOOST_TEST(lock.releases.back() == (newest.released() ? newest.last_release() : std::string("1.4.1")));
  const LockSection* writer = lock.section_for_file("schema.fbs");
  const LockSection* reader = lock.section_for_file("runtime_schema.fbs");
  BOOST_TEST_REQUIRE(writer != nullptr);
  BOOST_TEST_REQUIRE(reader != nullptr);

  const LockEntry* dq = find_entry(*writer, "fb_xnnpack.XNNTensorValue", "dq_datatype");
  BOOST_TEST_REQUIRE(dq != nullptr);
  BOOST_TEST(dq->number == 7);
  BOOST_TEST(dq->since == "0.1.0");
  BOOST_TEST(dq->retired == "0.2.0");
  const LockEntry* runtime_dq = find_entry(*reader, "fb_xnnpack.XNNTensorValue", "dq_datatype");
  BOOST_TEST_REQUIRE(runtime_dq != nullptr);
  BOOST_TEST(runtime_dq->retired.empty());

  const LockEntry* cos = find_entry(*reader, "fb_xnnpack.XNodeUnion", "XNNCos");
  BOOST_TEST_REQUIRE(cos != nullptr);
  BOOST_TEST(cos->number == 47);
  BOOST_TEST(cos->since == "1.1.0");
  // XNNDepthToSpace2d came with the newest version (the one after v1.1.0).
  const LockEntry* depth_to_space = find_entry(*reader, "fb_xnnpack.XNodeUnion", "XNNDepthToSpace2d");
  if (newest.released()) {
    BOOST_TEST_REQUIRE(depth_to_space != nullptr);
    BOOST_TEST(depth_to_space->number == 48);
    BOOST_TEST(depth_to_space->since == newest.first_release());
  } else {
    BOOST_TEST(depth_to_space == nullptr);
  }

  const LockEntry* bf16 = find_entry(*writer, "fb_xnnpack.PerChannelGroupQuant", "scale_bf16");
  BOOST_TEST_REQUIRE(bf16 != nullptr);
  BOOST_TEST(bf16->deprecated == "0.7.0");
}

BOOST_AUTO_TEST_CASE(the_bundled_lock_file_is_up_to_date_and_reads_back) {
  const std::string path = source_path("schemas/xnnpack/fbcompat.lock");
  const auto read = read_lock(path);
  BOOST_TEST_REQUIRE(read.ok(), (read.ok() ? "" : read.error().to_string()));
  // The committed file is exactly what `fbcompat lock` writes for today's history.
  BOOST_TEST(read_file(path) == format_lock(build_lock(bundled_history())));
  BOOST_TEST(read->sections.size() == 2u);
  const LockEntry* dq = find_entry(*read->section_for_file("schema.fbs"), "fb_xnnpack.XNNTensorValue", "dq_datatype");
  BOOST_TEST_REQUIRE(dq != nullptr);
  BOOST_TEST(dq->retired == "0.2.0");
}

BOOST_AUTO_TEST_CASE(reusing_a_retired_slot_names_the_release_that_retired_it) {
  const Lock lock = build_lock(bundled_history());
  std::string writer = read_file(source_path(newest_schema("schema.fbs")));
  const auto at = writer.find("  id_out:uint;");
  BOOST_TEST_REQUIRE(at != std::string::npos);
  writer.insert(at + std::string("  id_out:uint;").size(), "\n  quant_scale:float;");
  const auto findings = check_against_lock(load_text(writer), *lock.section_for_file("schema.fbs"), "the.lock");
  BOOST_TEST_REQUIRE(findings.size() == 1u);
  BOOST_TEST(findings[0].rule == "LOCK_ID_REUSED");
  BOOST_TEST(findings[0].severity == Severity::Error);
  BOOST_TEST(findings[0].subject == "fb_xnnpack.XNNTensorValue.quant_scale");
  BOOST_TEST(findings[0].message.find("released as dq_datatype (XNNDatatype) in 0.1.0 and retired in 0.2.0") != std::string::npos,
             findings[0].message);
  BOOST_TEST(findings[0].line > 0u);
}

BOOST_AUTO_TEST_CASE(giving_a_live_type_id_to_another_member_is_reuse) {
  const Lock lock = build_lock(bundled_history());
  std::string reader = newest_released_runtime_schema();
  const auto at = reader.find("  XNNCos: _XNNNode1x1,");
  BOOST_TEST_REQUIRE(at != std::string::npos);
  reader.replace(at, std::string("  XNNCos: _XNNNode1x1,").size(), "  XNNCosine: XNNELU,");
  const auto findings = check_against_lock(load_text(reader), *lock.section_for_file("runtime_schema.fbs"), "the.lock");
  BOOST_TEST_REQUIRE(findings.size() == 1u);
  BOOST_TEST(findings[0].rule == "LOCK_ID_REUSED");
  BOOST_TEST(findings[0].message.find("type id 47") != std::string::npos);
  BOOST_TEST(findings[0].message.find("released as XNNCos (_XNNNode1x1) in 1.1.0") != std::string::npos, findings[0].message);

  // A rename with the same table is not the lock's business (UNION_MEMBER_SAME_NAME reports it).
  std::string renamed = newest_released_runtime_schema();
  renamed.replace(renamed.find("  XNNCos: _XNNNode1x1,"), std::string("  XNNCos: _XNNNode1x1,").size(), "  XNNCosine: _XNNNode1x1,");
  BOOST_TEST(check_against_lock(load_text(renamed), *lock.section_for_file("runtime_schema.fbs"), "the.lock").empty());
}

BOOST_AUTO_TEST_CASE(deleting_a_released_member_is_caught_even_without_the_previous_version) {
  const Lock lock = build_lock(bundled_history());
  // The last member of the newest released reader's node union (XNNCos in v1.1.0's): deleting it moves no other.
  std::string reader = newest_released_runtime_schema();
  const Schema released = load_text(reader);
  const Enum* nodes = released.find_enum("fb_xnnpack.XNodeUnion");
  BOOST_TEST_REQUIRE(nodes != nullptr);
  const EnumValue& last = nodes->values.back();
  std::size_t line_start = 0;
  for (std::size_t line = 1; line < last.location.line; ++line) line_start = reader.find('\n', line_start) + 1;
  const std::size_t line_end = reader.find('\n', line_start) + 1;
  const std::string declaration = reader.substr(line_start, line_end - line_start);
  const bool declares_it = declaration.rfind("  " + last.name + ":", 0) == 0 || declaration.rfind("  " + last.name + ",", 0) == 0;
  BOOST_TEST_REQUIRE(declares_it, declaration);
  reader.erase(line_start, line_end - line_start);
  const auto findings = check_against_lock(load_text(reader), *lock.section_for_file("runtime_schema.fbs"), "the.lock");
  BOOST_TEST_REQUIRE(findings.size() == 1u);
  BOOST_TEST(findings[0].rule == "LOCK_RELEASED_DELETED");
  BOOST_TEST(findings[0].subject == "fb_xnnpack.XNodeUnion." + last.name);
}

BOOST_AUTO_TEST_CASE(the_audit_flags_a_stale_lock) {
  History history = bundled_history();
  Lock stale = build_lock(history);
  const std::string last_release = stale.releases.back();  // 1.4.1 while the newest version is not released
  stale.releases.pop_back();  // as if the last release had shipped after the lock was written
  AuditOptions options;
  options.lock = stale;
  options.lock_path = "stale.lock";
  const AuditReport report = audit_history(std::move(history), options);
  BOOST_TEST(!report.compatible());
  BOOST_TEST_REQUIRE(report.lock_findings.size() == 1u);
  BOOST_TEST(report.lock_findings[0].rule == "LOCK_OUT_OF_DATE");
  BOOST_TEST(report.lock_findings[0].message.find(last_release) != std::string::npos, report.lock_findings[0].message);
}

BOOST_AUTO_TEST_CASE(a_malformed_lock_is_an_error_with_a_line) {
  TempDir dir;
  const auto unknown = read_lock(dir.write("a.lock", "family = \"x\"\n[writer]\nfile = \"s.fbs\"\n[writer.union.\"U\"]\n1 = { name = \"A\", since = \"1\", colour = \"red\" }\n"));
  BOOST_TEST_REQUIRE(!unknown.ok());
  BOOST_TEST(unknown.error().message.find("colour") != std::string::npos);
  BOOST_TEST(unknown.error().line == 5u);
  const auto number = read_lock(dir.write("b.lock", "family = \"x\"\n[writer]\nfile = \"s.fbs\"\n[writer.union.\"U\"]\none = { name = \"A\", since = \"1\" }\n"));
  BOOST_TEST_REQUIRE(!number.ok());
  BOOST_TEST(number.error().message.find("not a number") != std::string::npos);
  BOOST_TEST(!read_lock(dir.path() + "/missing.lock").ok());
}

BOOST_AUTO_TEST_SUITE_END()
