// `fbcompat audit`, `pair` and `lock` as a user runs them: from the repository root, with no arguments.
#include <filesystem>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "support/test_support.h"

using namespace fbcompat::test;
namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(audit_cli)

BOOST_AUTO_TEST_CASE(audit_with_no_arguments_audits_the_bundled_schemas) {
  const auto result = run_cli({"audit"}, source_path(""));
  BOOST_TEST(result.exit_code == 0, result.out + result.err);
  BOOST_TEST(result.out.find("xnnpack: compatible") != std::string::npos, result.out);
  BOOST_TEST(result.out.find("Programs load on runtimes") != std::string::npos);
  BOOST_TEST(result.out.find("accepted [FILE_SAME_IDENTIFIER]") != std::string::npos);
  BOOST_TEST(result.err.empty(), result.err);
}

BOOST_AUTO_TEST_CASE(audit_formats_and_output_file) {
  const auto json = run_cli({"audit", "--format", "json"}, source_path(""));
  BOOST_TEST(json.exit_code == 0);
  const auto parsed = nlohmann::json::parse(json.out);
  BOOST_TEST(parsed["compatible"].get<bool>());
  // Every configured history: XNNPACK's and MLX's.
  BOOST_TEST_REQUIRE(parsed["families"].size() == 2u);
  const auto& xnnpack = parsed["families"][0];
  BOOST_TEST(xnnpack["family"] == "xnnpack");
  BOOST_TEST(xnnpack["versions"].size() == 7u);
  BOOST_TEST(xnnpack["transitions"].size() == 36u);
  BOOST_TEST(xnnpack["lock"]["findings"].empty());
  const auto& mlx = parsed["families"][1];
  BOOST_TEST(mlx["family"] == "mlx");
  BOOST_TEST(mlx["versions"].size() == 3u);
  BOOST_TEST(mlx["lock"]["findings"].empty());
  // The one family's report alone when one is asked for.
  const auto one = nlohmann::json::parse(run_cli({"audit", "--family", "xnnpack", "--format", "json"}, source_path("")).out);
  BOOST_TEST(one["versions"].size() == 7u);

  TempDir dir;
  const std::string report = dir.path() + "/audit.md";
  const auto markdown = run_cli({"audit", "--format", "markdown", "-o", report}, source_path(""));
  BOOST_TEST(markdown.exit_code == 0, markdown.err);
  BOOST_TEST(markdown.out.empty());
  const std::string text = read_file(report);
  BOOST_TEST(text.find("# fbcompat release audit") == 0u);
  BOOST_TEST(text.find("| **" + newest_version() + "** |") != std::string::npos);  // the matrix has the newest's row
  // No temporary file is left beside the report.
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir.path())) files += entry.is_regular_file() ? 1 : 0;
  BOOST_TEST(files == 1u);

  const auto unwritable = run_cli({"audit", "-o", dir.path() + "/no/such/dir/audit.txt"}, source_path(""));
  BOOST_TEST(unwritable.exit_code == 2);
  BOOST_TEST(unwritable.err.find("audit.txt") != std::string::npos, unwritable.err);
}

BOOST_AUTO_TEST_CASE(pair_with_no_arguments_checks_every_version) {
  const auto result = run_cli({"pair", "--format", "json"}, source_path(""));
  BOOST_TEST(result.exit_code == 0, result.out + result.err);
  const auto parsed = nlohmann::json::parse(result.out);
  BOOST_TEST(parsed["pairs"].size() == 6u);

  // The newest writer (the version after v1.1.0, which appends XNNDepthToSpace2d) on v1.1.0's reader.
  const auto newer_writer = run_cli({"pair", "--writer", newest_schema("schema.fbs"), "--reader",
                                     "schemas/xnnpack/v1.1.0/runtime_schema.fbs", "--accept-identifier", "XN01"},
                                    source_path(""));
  BOOST_TEST(newer_writer.exit_code == 1);
  BOOST_TEST(newer_writer.out.find("[PAIR_UNION_MEMBER_MISSING]") != std::string::npos);
  BOOST_TEST(newer_writer.out.find("XNNDepthToSpace2d") != std::string::npos);

  const auto half = run_cli({"pair", "--writer", "schemas/xnnpack/v1.1.0/schema.fbs"}, source_path(""));
  BOOST_TEST(half.exit_code == 2);
}

BOOST_AUTO_TEST_CASE(lock_check_passes_on_the_bundled_lock_and_lock_rewrites_atomically) {
  const auto check = run_cli({"lock", "--check"}, source_path(""));
  BOOST_TEST(check.exit_code == 0, check.out + check.err);
  BOOST_TEST(check.out.find("no findings: compatible: schemas/xnnpack/fbcompat.lock, schemas/mlx/fbcompat.lock against "
                            "the released schemas") != std::string::npos,
             check.out);

  // A copy of the family with a stale lock: --check fails, `lock` repairs it.
  TempDir dir;
  fs::copy(source_path("schemas"), dir.path() + "/schemas", fs::copy_options::recursive);
  fs::copy(source_path("golden"), dir.path() + "/golden", fs::copy_options::recursive);
  dir.write("fbcompat.toml", read_file(source_path("fbcompat.toml")));
  dir.write("schemas/xnnpack/fbcompat.lock", "family = \"xnnpack\"\nreleases = []\n");
  const auto stale = run_cli({"lock", "--check"}, dir.path());
  BOOST_TEST(stale.exit_code == 1);
  BOOST_TEST(stale.out.find("LOCK_OUT_OF_DATE") != std::string::npos);
  const auto stale_json = run_cli({"lock", "--check", "--format", "json"}, dir.path());
  BOOST_TEST(stale_json.exit_code == 1);
  const auto report = nlohmann::json::parse(stale_json.out);
  BOOST_TEST(!report["compatible"].get<bool>());
  BOOST_TEST(report["findings"][0]["rule"] == "LOCK_OUT_OF_DATE");
  BOOST_TEST(report["findings"][0]["subject"] == "xnnpack");
  const auto audit = run_cli({"audit"}, dir.path());
  BOOST_TEST(audit.exit_code == 1);
  BOOST_TEST(audit.out.find("[LOCK_OUT_OF_DATE]") != std::string::npos, audit.out);
  const auto write = run_cli({"lock"}, dir.path());
  BOOST_TEST(write.exit_code == 0, write.err);
  BOOST_TEST(read_file(dir.path() + "/schemas/xnnpack/fbcompat.lock") == read_file(source_path("schemas/xnnpack/fbcompat.lock")));
}

BOOST_AUTO_TEST_CASE(diff_uses_the_family_lock) {
  TempDir dir;
  std::string writer = read_file(source_path(newest_schema("schema.fbs")));
  const std::string old_path = dir.write("old_schema.fbs", writer);
  writer.insert(writer.find("  id_out:uint;") + std::string("  id_out:uint;").size(), "\n  quant_scale:float;");
  const std::string new_path = source_path(newest_schema("schema.fbs"));
  // NEW must lie in the family's directory for its lock to apply: use --lock explicitly for a copy.
  const std::string copy = dir.write("schema.fbs", writer);
  const auto result = run_cli({"diff", old_path, copy, "--lock", source_path("schemas/xnnpack/fbcompat.lock")}, source_path(""));
  BOOST_TEST(result.exit_code == 1, result.out + result.err);
  BOOST_TEST(result.out.find("[LOCK_ID_REUSED]") != std::string::npos, result.out);
  const auto unchanged = run_cli({"diff", old_path, new_path}, source_path(""));
  BOOST_TEST(unchanged.exit_code == 0, unchanged.out + unchanged.err);
}

BOOST_AUTO_TEST_CASE(bad_configuration_is_exit_2) {
  TempDir dir;
  dir.write("fbcompat.toml", "[[history]]\nname = \"x\"\ndirectory = \"nowhere\"\nreaderr = \"r.fbs\"\n");
  const auto unknown_key = run_cli({"audit"}, dir.path());
  BOOST_TEST(unknown_key.exit_code == 2);
  BOOST_TEST(unknown_key.err.find("fbcompat.toml:4") != std::string::npos, unknown_key.err);
  BOOST_TEST(unknown_key.err.find("readerr") != std::string::npos);
  dir.write("fbcompat.toml", "[[history]]\nname = \"x\"\ndirectory = \"nowhere\"\n");
  const auto missing_manifest = run_cli({"audit"}, dir.path());
  BOOST_TEST(missing_manifest.exit_code == 2);
  BOOST_TEST(missing_manifest.err.find("manifest.toml") != std::string::npos, missing_manifest.err);
  TempDir empty;
  const auto none = run_cli({"audit"}, empty.path());
  BOOST_TEST(none.exit_code == 2);
  BOOST_TEST(none.err.find("fbcompat.toml") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
