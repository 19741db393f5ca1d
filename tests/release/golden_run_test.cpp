// The golden programs run end to end on the reference XNNPACK runtime, as the audit runs them.
#include <boost/test/unit_test.hpp>

#include <filesystem>

#include "fbcompat/release/golden_manifest.h"
#include "fbcompat/release/golden_run.h"
#include "fbcompat/xnnpack/delegate.h"
#include "fbcompat/xnnpack/runtime/reference_runtime.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;
namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(golden_run)

BOOST_AUTO_TEST_CASE(every_runnable_golden_program_runs_or_names_the_missing_xnnpack_function) {
  const auto report = run_golden_programs(source_path("golden"), xnnpack::kFamilyName, xnnpack::reference_runtime());
  BOOST_TEST_REQUIRE(report.ok(), (report.ok() ? "" : report.error().to_string()));
  const auto manifest = load_golden_manifests(source_path("golden"));
  BOOST_TEST_REQUIRE(manifest.ok());
  std::size_t runnable = 0;
  for (const GoldenEntry& entry : manifest->entries) runnable += entry.runnable ? 1 : 0;
  BOOST_TEST(report->runnable == runnable);
  BOOST_TEST(report->matched + report->unsupported == report->runnable);
  for (const Finding& finding : report->findings) {
    BOOST_TEST(finding.rule == "GOLDEN_RUN_UNSUPPORTED", finding.message);
    BOOST_TEST(finding.severity == Severity::Warning);
  }
  // The elementwise and nearest-x2 upsample programs need concatenate (2 and 4), which the 2022 XNNPACK
  // snapshot lacks; every other program uses nodes every XNNPACK defines.
  if (FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE2 && FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE4) {
    BOOST_TEST(report->matched == runnable);
    BOOST_TEST(report->findings.empty());
    return;
  }
  // Every version's conv/pool/fully-connected and MLP programs compute what they computed when frozen,
  // both as frozen first and as their release exported them.
  BOOST_TEST(report->matched == 28u);
  bool saw_upsample = false;
  for (const Finding& finding : report->findings) {
    if (finding.subject != newest_golden("upsample_nearest_x2.pte")) continue;
    saw_upsample = true;
    BOOST_TEST(finding.message.find("node 0 (XNNConcatenate4, type id 34) cannot be defined: the linked XNNPACK has no "
                                    "xnn_define_concatenate4") != std::string::npos,
               finding.message);
  }
  BOOST_TEST(saw_upsample);
}

BOOST_AUTO_TEST_CASE(a_changed_expected_output_is_a_mismatch) {
  // A copy of the golden directory whose manifest records a different expected value for one program.
  TempDir dir;
  fs::copy(source_path("golden"), dir.path() + "/golden", fs::copy_options::recursive);
  auto manifest = load_golden_manifest(dir.path() + "/golden/MANIFEST.json");
  BOOST_TEST_REQUIRE(manifest.ok());
  std::string changed;
  for (GoldenEntry& entry : manifest->entries) {
    if (entry.path == "xnnpack/v1.1.0/mlp.pte") {
      entry.expected_outputs.at(0).values.at(0) += 1.0f;
      changed = entry.path;
    }
  }
  BOOST_TEST_REQUIRE(!changed.empty());
  dir.write("golden/MANIFEST.json", golden_manifest_json(*manifest));
  const auto report = run_golden_programs(dir.path() + "/golden", xnnpack::kFamilyName, xnnpack::reference_runtime());
  BOOST_TEST_REQUIRE(report.ok());
  std::size_t mismatches = 0;
  for (const Finding& finding : report->findings) {
    if (finding.rule != "GOLDEN_RUN_OUTPUT_MISMATCH") continue;
    ++mismatches;
    BOOST_TEST(finding.subject == changed);
    BOOST_TEST(finding.severity == Severity::Error);
    BOOST_TEST(finding.message.find("element 0") != std::string::npos, finding.message);
  }
  BOOST_TEST(mismatches == 1u);
  BOOST_TEST(report->matched == report->runnable - report->unsupported - 1);
}

BOOST_AUTO_TEST_CASE(a_missing_manifest_is_an_error) {
  TempDir dir;
  BOOST_TEST(!run_golden_programs(dir.path(), xnnpack::kFamilyName, xnnpack::reference_runtime()).ok());
}

BOOST_AUTO_TEST_SUITE_END()
