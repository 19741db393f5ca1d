// Libraries loaded when a feature first needs them (support/on_demand_library.h): libgit2 is not among
// the libraries a run of fbcompat maps at start-up, a repository read loads it, and a missing library
// is an error naming it and the feature, while everything that does not need it works.
#include <boost/test/unit_test.hpp>

#include <cstdlib>

#include "fbcompat/core/git_source.h"
#include "fbcompat/support/on_demand_library.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The dynamic loader's account of a run on stderr. CI is cleared or set as asked, whatever the suite
// runs under: under a CI service the diff confines includes to the schema's repository, which it
// finds with libgit2.
CommandResult run_tracing_loads(const std::vector<std::string>& arguments, const std::string& working_dir = "",
                                bool under_ci = false) {
  const char* outer_ci = std::getenv("CI");
  const std::string saved_ci = outer_ci == nullptr ? "" : outer_ci;
  if (under_ci) {
    ::setenv("CI", "true", 1);
  } else {
    ::unsetenv("CI");
  }
  ::setenv("LD_DEBUG", "files", 1);
  CommandResult result = run_cli(arguments, working_dir);
  ::unsetenv("LD_DEBUG");
  if (outer_ci == nullptr) {
    ::unsetenv("CI");
  } else {
    ::setenv("CI", saved_ci.c_str(), 1);
  }
  return result;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(on_demand_library)

BOOST_AUTO_TEST_CASE(binds_the_symbols_of_a_library_it_finds) {
  OnDemandLibrary libm("libm.so.6", "testing");
  const char* const names[] = {"cos", "sqrt"};
  void* addresses[2] = {};
  BOOST_TEST(libm.bind(names, addresses, 2) == "");
  BOOST_TEST(addresses[0] != nullptr);
  BOOST_TEST(reinterpret_cast<double (*)(double)>(addresses[1])(16.0) == 4.0);
}

BOOST_AUTO_TEST_CASE(names_the_library_the_feature_and_the_reason_when_it_is_missing) {
  OnDemandLibrary missing("libfbcompat-test-absent.so.7", "reading imaginary files");
  const char* const names[] = {"anything"};
  void* addresses[1] = {};
  const std::string problem = missing.bind(names, addresses, 1);
  BOOST_TEST(contains(problem, "libfbcompat-test-absent.so.7 is needed for reading imaginary files and cannot be loaded"),
             problem);
  BOOST_TEST(contains(problem, "cannot open shared object file"), problem);  // the dynamic loader's reason
  BOOST_TEST(missing.bind(names, addresses, 1) == problem);                   // loaded once, same answer
}

BOOST_AUTO_TEST_CASE(names_a_symbol_the_library_lacks) {
  OnDemandLibrary libm("libm.so.6", "testing");
  const char* const names[] = {"cos", "fbcompat_no_such_function"};
  void* addresses[2] = {};
  const std::string problem = libm.bind(names, addresses, 2);
  BOOST_TEST(contains(problem, "lacks fbcompat_no_such_function"), problem);
}

BOOST_AUTO_TEST_CASE(the_cli_loads_libgit2_only_to_read_a_repository) {
  TempDir repository;
  BOOST_REQUIRE(run_git(repository.path(), {"init", "-q"}) == 0);
  repository.write("a.fbs", "namespace fb;\ntable A { x: int; }\nroot_type A;\n");
  BOOST_REQUIRE(run_git(repository.path(), {"add", "a.fbs"}) == 0);
  BOOST_REQUIRE(run_git(repository.path(), {"commit", "-q", "-m", "a"}) == 0);

  const CommandResult files = run_tracing_loads({"diff", repository.path() + "/a.fbs", repository.path() + "/a.fbs"});
  BOOST_TEST(files.exit_code == 0, files.err);
  BOOST_TEST(contains(files.err, "file=libc.so"), "LD_DEBUG reported nothing: " << files.err);
  BOOST_TEST(!contains(files.err, "libgit2"), files.err);

  const CommandResult gate = run_tracing_loads({"diff", "--against", "git:HEAD"}, repository.path());
  BOOST_TEST(gate.exit_code == 0, gate.out << gate.err);
  BOOST_TEST(contains(gate.err, "file=libgit2.so"), gate.err);

  // Under CI the same file pair is read with its includes confined to the repository that holds it.
  const CommandResult confined =
      run_tracing_loads({"diff", repository.path() + "/a.fbs", repository.path() + "/a.fbs"}, "", true);
  BOOST_TEST(confined.exit_code == 0, confined.err);
  BOOST_TEST(contains(confined.err, "file=libgit2.so"), confined.err);
}

BOOST_AUTO_TEST_SUITE_END()
