// tools/deps/flatbuffers.sh, the step of tools/setup.sh that builds the newer flatbuffers from Debian's
// source. What must hold when the source cannot be had (offline, a mirror without it): setup still
// works, on a cached build when there is one, else on the system flatbuffers, and says so once.
#include <boost/test/unit_test.hpp>
#include <filesystem>

#include "support/deps_script.h"
#include "support/test_support.h"

using namespace fbcompat::test;
namespace fs = std::filesystem;

namespace {

CommandResult run_without_source(const std::string& cache) { return run_deps_script_without_source("flatbuffers", cache); }

bool has_work_directory(const std::string& cache) { return fbcompat::test::has_work_directory(cache, "flatbuffers"); }

}  // namespace

BOOST_AUTO_TEST_SUITE(flatbuffers_source)

BOOST_AUTO_TEST_CASE(without_source_or_cache_setup_uses_the_system_flatbuffers_and_says_so_once) {
  const TempDir cache;
  const CommandResult result = run_without_source(cache.path());
  BOOST_TEST(result.exit_code == 0, result.err);
  BOOST_TEST(result.out.empty(), result.out);  // no prefix: the build finds the system flatbuffers
  BOOST_TEST(line_count(result.err) == 1u, result.err);
  BOOST_TEST(result.err.rfind("setup: note: cannot read Debian's trixie source index", 0) == 0, result.err);
  BOOST_TEST(result.err.find("building against the system flatbuffers instead") != std::string::npos, result.err);
  BOOST_TEST(!has_work_directory(cache.path()));
}

BOOST_AUTO_TEST_CASE(without_source_a_complete_cached_build_of_this_recipe_is_reused_and_no_other) {
  const TempDir cache;
  const std::string recipe = deps_recipe("flatbuffers");
  const std::string complete = cache.write("flatbuffers-23.5.26+dfsg-4-0123456789abcdef-" + recipe + "/.complete", "");
  // Interrupted (no stamp), and made by an older recipe: neither may be used, though both sort later.
  cache.write("flatbuffers-25.1.1+dfsg-1-fedcba9876543210-" + recipe + "/include/flatbuffers/base.h", "");
  cache.write("flatbuffers-24.3.25+dfsg-1-00112233aabbccdd-r0/.complete", "");
  const CommandResult result = run_without_source(cache.path());
  BOOST_TEST(result.exit_code == 0, result.err);
  BOOST_TEST(result.out == fs::path(complete).parent_path().string() + "\n");
  BOOST_TEST(line_count(result.err) == 1u, result.err);
  BOOST_TEST(result.err.find("using the cached flatbuffers-23.5.26+dfsg-4-0123456789abcdef-" + recipe) != std::string::npos,
             result.err);
  BOOST_TEST(!has_work_directory(cache.path()));
}

BOOST_AUTO_TEST_SUITE_END()
