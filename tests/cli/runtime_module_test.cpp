// The reference runtime is a module the CLI loads only for the commands that run payloads: a diff
// starts without mapping the runtime or XNNPACK (the dynamic loader's own account, LD_DEBUG=files,
// says what was mapped), the audit and runtime-check --builtin load it, and a missing or foreign
// module is an error that names it, exit 2, while the commands that read schemas go on working.
#include <boost/test/unit_test.hpp>

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>

#include "support/test_support.h"

using namespace fbcompat::test;
namespace fs = std::filesystem;

namespace {

const std::string kModule = "fbcompat_reference_runtime.so";
const std::string kOld = "namespace fb;\ntable A { x: int; }\nroot_type A;\n";
const std::string kNew = "namespace fb;\ntable A { x: int; y: int; }\nroot_type A;\n";

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Runs the program with the dynamic loader reporting every object it maps (on stderr).
CommandResult run_tracing_loads(const std::string& program, const std::vector<std::string>& arguments) {
  ::setenv("LD_DEBUG", "files", 1);
  CommandResult result = run_program(program, arguments);
  ::unsetenv("LD_DEBUG");
  return result;
}

// A copy of build/fbcompat in a folder of its own, with the module beside it or not.
std::string copy_cli(const TempDir& dir) {
  const std::string copy = dir.path() + "/fbcompat";
  fs::copy_file(FBCOMPAT_CLI, copy);
  return copy;
}

std::vector<std::string> builtin_runtime_check() {
  return {"runtime-check", "--builtin", "--schema", source_path(newest_schema("runtime_schema.fbs"))};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(reference_runtime_module)

BOOST_AUTO_TEST_CASE(a_diff_maps_neither_the_runtime_nor_xnnpack) {
  TempDir dir;
  const CommandResult diff =
      run_tracing_loads(FBCOMPAT_CLI, {"diff", dir.write("old.fbs", kOld), dir.write("new.fbs", kNew)});
  BOOST_TEST(diff.exit_code == 0, diff.err);
  BOOST_TEST(contains(diff.err, "file=libc.so"), "LD_DEBUG reported nothing: " << diff.err);  // the trace works
  BOOST_TEST(!contains(diff.err, kModule), diff.err);
  BOOST_TEST(!contains(diff.err, "XNNPACK"), diff.err);
}

BOOST_AUTO_TEST_CASE(the_commands_that_run_payloads_load_it) {
  const CommandResult check = run_tracing_loads(FBCOMPAT_CLI, builtin_runtime_check());
  BOOST_TEST(check.exit_code == 0, check.out << check.err);
  BOOST_TEST(contains(check.err, kModule), check.err);
  BOOST_TEST(contains(check.err, "XNNPACK"), check.err);

  const CommandResult version = run_cli({"--version"});
  BOOST_TEST(version.exit_code == 0);
  BOOST_TEST(contains(version.out, "golden runs on "), version.out);
  BOOST_TEST(!contains(version.out, "no runtime"), version.out);
}

BOOST_AUTO_TEST_CASE(a_missing_module_is_an_error_naming_it_and_diff_still_works) {
  TempDir dir;
  const std::string cli = copy_cli(dir);
  const CommandResult check = run_program(cli, builtin_runtime_check());
  BOOST_TEST(check.exit_code == 2, check.out << check.err);
  BOOST_TEST(contains(check.err, kModule), check.err);
  BOOST_TEST(contains(check.err, "the reference runtime cannot be loaded"), check.err);

  const CommandResult version = run_program(cli, {"--version"});
  BOOST_TEST(version.exit_code == 0);
  BOOST_TEST(contains(version.out, "no runtime: "), version.out);

  const CommandResult diff = run_program(cli, {"diff", dir.write("old.fbs", kOld), dir.write("new.fbs", kNew)});
  BOOST_TEST(diff.exit_code == 0, diff.err);
}

BOOST_AUTO_TEST_CASE(a_library_that_is_not_the_module_is_refused) {
  // Any other shared object under the module's name: Boost.Test's, which this test program links.
  Dl_info info{};
  BOOST_REQUIRE(::dladdr(reinterpret_cast<void*>(&boost::unit_test::framework::master_test_suite), &info) != 0);
  BOOST_REQUIRE(info.dli_fname != nullptr && contains(info.dli_fname, ".so"));
  TempDir dir;
  const std::string cli = copy_cli(dir);
  fs::copy_file(info.dli_fname, dir.path() + "/" + kModule);
  const CommandResult check = run_program(cli, builtin_runtime_check());
  BOOST_TEST(check.exit_code == 2, check.out << check.err);
  BOOST_TEST(contains(check.err, "not a reference runtime module"), check.err);
}

BOOST_AUTO_TEST_SUITE_END()
