// tools/deps/xnnpack.sh, the step of tools/setup.sh that builds the newer XNNPACK from Debian's source.
// What must hold when the sources cannot be had (offline, a mirror without them): setup still works, on a
// cached build when there is one, else on the system XNNPACK, and says so once.
#include <boost/test/unit_test.hpp>
#include <filesystem>

#include "support/deps_script.h"
#include "support/test_support.h"

using namespace fbcompat::test;
namespace fs = std::filesystem;

namespace {

CommandResult run_without_source(const std::string& cache) { return run_deps_script_without_source("xnnpack", cache); }

bool has_work_directory(const std::string& cache) { return fbcompat::test::has_work_directory(cache, "xnnpack"); }

}  // namespace

BOOST_AUTO_TEST_SUITE(xnnpack_source)

BOOST_AUTO_TEST_CASE(without_sources_or_cache_setup_uses_the_system_xnnpack_and_says_so_once) {
  const TempDir cache;
  const CommandResult result = run_without_source(cache.path());
  BOOST_TEST(result.exit_code == 0, result.err);
  BOOST_TEST(result.out.empty(), result.out);  // no prefix: the runtime links the system XNNPACK
  BOOST_TEST(line_count(result.err) == 1u, result.err);
  BOOST_TEST(result.err.rfind("setup: note: cannot read Debian's trixie and sid source indexes", 0) == 0, result.err);
  BOOST_TEST(result.err.find("building against the system XNNPACK instead") != std::string::npos, result.err);
  BOOST_TEST(!has_work_directory(cache.path()));
}

BOOST_AUTO_TEST_CASE(without_sources_a_complete_cached_build_of_this_recipe_is_reused_and_no_other) {
  const TempDir cache;
  const std::string recipe = deps_recipe("xnnpack");
  const std::string complete = cache.write("xnnpack-0.0~git20241108.4ea82e5-0123456789abcdef-" + recipe + "/.complete", "");
  // Interrupted (no stamp), made by another recipe, and another library's build: none may be used,
  // though each sorts later.
  cache.write("xnnpack-0.0~git20250101.0000000-fedcba9876543210-" + recipe + "/include/xnnpack.h", "");
  cache.write("xnnpack-0.0~git20250101.0000000-00112233aabbccdd-r0/.complete", "");
  cache.write("zz-flatbuffers-25.1.1-00112233aabbccdd-" + recipe + "/.complete", "");
  const CommandResult result = run_without_source(cache.path());
  BOOST_TEST(result.exit_code == 0, result.err);
  BOOST_TEST(result.out == fs::path(complete).parent_path().string() + "\n");
  BOOST_TEST(line_count(result.err) == 1u, result.err);
  BOOST_TEST(
      result.err.find("using the cached xnnpack-0.0~git20241108.4ea82e5-0123456789abcdef-" + recipe) != std::string::npos,
      result.err);
  BOOST_TEST(!has_work_directory(cache.path()));
}

// The tarball is found from the Sources index alone (the .dsc may be missing from the mirror): the upstream
// tarball of the newest version of exactly that package, with the index's sha256, never the .dsc or
// Debian's own tarball, nor a package whose name only starts the same.
BOOST_AUTO_TEST_CASE(the_newest_upstream_tarball_and_its_checksum_come_from_the_sources_index) {
  const TempDir dir;
  const std::string index = dir.write("Sources",
                                      "Package: xnnpack-extra\n"
                                      "Version: 9.9-1\n"
                                      "Directory: pool/main/x/xnnpack-extra\n"
                                      "Checksums-Sha256:\n"
                                      " 9999 1 xnnpack-extra_9.9.orig.tar.xz\n"
                                      "\n"
                                      "Package: xnnpack\n"
                                      "Binary: libxnnpack-dev,\n"
                                      " libxnnpack0\n"
                                      "Version: 0.0~git20241108.4ea82e5-2\n"
                                      "Checksums-Sha256:\n"
                                      " aaaa 2437 xnnpack_0.0~git20241108.4ea82e5-2.dsc\n"
                                      " bbbb 2707704 xnnpack_0.0~git20241108.4ea82e5.orig.tar.xz\n"
                                      " cccc 5908 xnnpack_0.0~git20241108.4ea82e5-2.debian.tar.xz\n"
                                      "Directory: pool/main/x/xnnpack\n"
                                      "\n"
                                      "Package: xnnpack\n"
                                      "Version: 0.0~git20220216.ae108ef-1\n"
                                      "Directory: pool/main/x/xnnpack\n"
                                      "Checksums-Sha256:\n"
                                      " dddd 1 xnnpack_0.0~git20220216.ae108ef.orig.tar.gz\n");
  const CommandResult result = run_program("/bin/bash", {"-c", "source \"$0\" && newest_orig_tarball xnnpack < \"$1\"",
                                                         source_path("tools/deps/debian_source.sh"), index});
  BOOST_TEST(result.exit_code == 0, result.err);
  BOOST_TEST(
      result.out == "0.0~git20241108.4ea82e5-2 pool/main/x/xnnpack xnnpack_0.0~git20241108.4ea82e5.orig.tar.xz bbbb\n",
      result.out);
}

BOOST_AUTO_TEST_SUITE_END()
