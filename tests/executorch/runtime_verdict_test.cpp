// The whole runtime's verdict (runtime_verdict_corpus.h): each program of the corpus loaded as each
// release named, with the XNNPACK backend's checks and its definitions on the linked XNNPACK, gives the
// verdict, stage and error ExecuTorch gives; `inspect` and `load-check` give the same answer as the
// library for the same program and release; and the define stage runs on real XNNPACK.
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <string>
#include <vector>

#include "fbcompat/executorch/program.h"
#include "fbcompat/xnnpack/backend_load_checks.h"
#include "fbcompat/xnnpack/delegate.h"
#include "fbcompat/xnnpack/runtime/reference_runtime.h"
#include "support/runtime_verdict_corpus.h"
#include "support/test_support.h"

using namespace fbcompat;
using fbcompat::test::VerdictCase;
using fbcompat::test::VerdictExpectation;

namespace {

// XNNPACK as ExecuTorch's backend uses it: present with the XNNPACK setup builds, absent with Debian
// 12's, which lacks functions the backend calls.
const BackendLibrary* library() { return xnnpack::executorch_xnnpack_library(); }

ProgramLoad load_at(const std::vector<std::uint8_t>& bytes, const char* release, bool with_library = true) {
  ProgramReadOptions options;
  options.runtime = *RuntimeRelease::parse(release);
  options.backends.push_back(&xnnpack::backend_load_checks());
  if (with_library && library() != nullptr) options.libraries.libraries.push_back(library());
  if (library() == nullptr) options.libraries.absent = "the linked XNNPACK lacks functions the backend calls";
  return load_program(bytes.data(), bytes.size(), options);
}

std::string said(const ProgramLoad& load) { return load.describe(); }

void check_expectation(const VerdictCase& entry, const VerdictExpectation& expected) {
  const ProgramLoad load = load_at(entry.program, expected.release);
  const std::string context = entry.name + " at " + expected.release + ": " + said(load);
  BOOST_TEST_MESSAGE(context);
  // Without the library (Debian 12's XNNPACK), what XNNPACK alone refuses loads, and the view says
  // the stage was not checked.
  if (expected.stage == LoadStage::LibraryDefinition && library() == nullptr) {
    BOOST_TEST((load.verdict() == ProgramVerdict::Loads), context);
    BOOST_TEST(!load.view.definitions_not_checked.empty(), context);
    return;
  }
  BOOST_TEST_REQUIRE((load.verdict() == expected.verdict), context);
  if (expected.verdict == ProgramVerdict::Refused) {
    BOOST_TEST((load.refusal->stage == expected.stage), context);
    BOOST_TEST((load.refusal->error == expected.error), context);
    BOOST_TEST(load.refusal->message.find(expected.says) != std::string::npos, context);
    BOOST_TEST((load.refusal->place.kind == expected.place.kind), context);
    BOOST_TEST(load.refusal->place.index == expected.place.index, context);
    // The verdict names the stage in the runtime's terms.
    BOOST_TEST(said(load).find(load.refusal->stage_name()) != std::string::npos, context);
  } else if (expected.verdict == ProgramVerdict::LoadsThenCrashes) {
    BOOST_TEST((load.run_crash->stage == expected.stage), context);
    BOOST_TEST(load.run_crash->message.find(expected.says) != std::string::npos, context);
    BOOST_TEST(said(load).find("loads it, but method 'forward' crashes when it runs") != std::string::npos, context);
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(runtime_verdict)

BOOST_AUTO_TEST_CASE(each_corpus_program_gets_the_verdict_and_stage_its_releases_give) {
  const std::vector<VerdictCase> corpus = test::runtime_verdict_corpus();
  BOOST_TEST(corpus.size() >= 25u);
  for (const VerdictCase& entry : corpus) {
    BOOST_TEST(!entry.expected.empty(), entry.name);
    for (const VerdictExpectation& expected : entry.expected) check_expectation(entry, expected);
  }
}

BOOST_AUTO_TEST_CASE(the_corpus_is_written_out_for_executorchs_own_loader) {
  // The programs as files, for the comparison with ExecuTorch's loader (docs/what-loads-where.md);
  // FBCOMPAT_RUNTIME_CORPUS_DIR names where, else a temporary directory. Read back, each file loads as
  // its bytes did.
  test::TempDir temp;
  const char* named = std::getenv("FBCOMPAT_RUNTIME_CORPUS_DIR");
  const std::string dir = named != nullptr ? named : temp.path();
  for (const VerdictCase& entry : test::runtime_verdict_corpus()) {
    const std::string path = dir + "/" + entry.name + ".pte";
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(entry.program.data()),
                                                static_cast<std::streamsize>(entry.program.size()));
    ProgramReadOptions options;
    auto bytes = read_program_file(path, options);
    BOOST_TEST_REQUIRE(bytes.ok(), path);
    BOOST_TEST((*bytes == entry.program), path);
  }
}

BOOST_AUTO_TEST_CASE(the_define_stage_runs_on_real_xnnpack) {
  if (library() == nullptr) {
    // Debian 12's XNNPACK: the library is absent, says why, and loads say the stage was not checked.
    std::string why;
    BOOST_TEST(xnnpack::executorch_xnnpack_library(&why) == nullptr);
    BOOST_TEST(why.find("lacks functions ExecuTorch's XNNPACK backend calls") != std::string::npos, why);
    const auto corpus = test::runtime_verdict_corpus();
    const ProgramLoad load = load_at(corpus.front().program, "1.4.1");
    BOOST_TEST_REQUIRE(load.view.definitions_not_checked.size() == 1u);
    BOOST_TEST(load.view.definitions_not_checked[0].find("XNNPACK's own definitions") != std::string::npos);
    return;
  }
  BOOST_TEST(library()->backend_id() == std::string(xnnpack::kBackendId));
  BOOST_TEST(library()->description().find("XNNPACK") != std::string::npos, library()->description());
  for (const VerdictCase& entry : test::runtime_verdict_corpus()) {
    if (entry.name != "xnnpack_refuses_a_value" && entry.name != "xnnpack_refuses_a_node") continue;
    // XNNPACK's refusal, and without the library the same program loads: the refusal is XNNPACK's own.
    const ProgramLoad defined = load_at(entry.program, "1.4.1");
    BOOST_TEST_REQUIRE(!defined.loads(), entry.name);
    BOOST_TEST((defined.refusal->stage == LoadStage::LibraryDefinition), entry.name);
    BOOST_TEST(said(defined).find("in XNNPACK's definition of ") != std::string::npos, said(defined));
    const ProgramLoad checked_only = load_at(entry.program, "1.4.1", /*with_library=*/false);
    BOOST_TEST(checked_only.loads(), said(checked_only));
    BOOST_TEST(checked_only.view.definitions_not_checked.size() == 1u);
  }
  // A program XNNPACK defines whole, and makes a runtime of: it loads, defined.
  const ProgramLoad golden = load_at(test::runtime_verdict_corpus().front().program, "1.4.1");
  BOOST_TEST(golden.loads(), said(golden));
  BOOST_TEST(golden.view.definitions_not_checked.empty());
}

BOOST_AUTO_TEST_CASE(inspect_and_load_check_agree_with_the_library) {
  test::TempDir dir;
  for (const VerdictCase& entry : test::runtime_verdict_corpus()) {
    const std::string path = dir.write(entry.name + ".pte", std::string(entry.program.begin(), entry.program.end()));
    for (const VerdictExpectation& expected : entry.expected) {
      if (std::string(expected.release) != "1.4.1") continue;
      const ProgramLoad load = load_at(entry.program, "1.4.1");
      const auto inspect = test::run_cli({"inspect", path, "--runtime", "1.4.1"});
      const auto load_check = test::run_cli({"load-check", path, "--runtime", "1.4.1"});
      const std::string context = entry.name + ": " + said(load) + "\ninspect: " + inspect.out + inspect.err +
                                  "\nload-check: " + load_check.out + load_check.err;
      switch (load.verdict()) {
        case ProgramVerdict::Loads:
          BOOST_TEST(inspect.exit_code == 0, context);
          BOOST_TEST(inspect.out.find("loads on ExecuTorch 1.4.1") != std::string::npos, context);
          BOOST_TEST(load_check.exit_code == 0, context);
          BOOST_TEST(load_check.out.find("LOAD_PROGRAM_REFUSED") == std::string::npos, context);
          BOOST_TEST(load_check.out.find("LOAD_CRASHES_WHEN_RUN") == std::string::npos, context);
          break;
        case ProgramVerdict::LoadsThenCrashes:
          BOOST_TEST(inspect.exit_code == 1, context);
          BOOST_TEST(inspect.out.find("error: " + load.describe()) != std::string::npos, context);
          BOOST_TEST(load_check.exit_code == 1, context);
          BOOST_TEST(load_check.out.find("[LOAD_CRASHES_WHEN_RUN] ExecuTorch 1.4.1 loads it, but method 'forward'") !=
                         std::string::npos,
                     context);
          break;
        case ProgramVerdict::Refused:
          BOOST_TEST(inspect.exit_code == 2, context);
          BOOST_TEST(inspect.err.find(load.describe()) != std::string::npos, context);
          BOOST_TEST(load_check.exit_code == 1, context);
          BOOST_TEST(load_check.out.find("in " + load.refusal->stage_name()) != std::string::npos, context);
          BOOST_TEST(load_check.out.find(load.refusal->message) != std::string::npos, context);
          break;
      }
    }
  }
}

// A payload whose XH00 header length the runtime never reads (0 here): the whole load accepts it, so
// load-check, whose family's header-only check calls it corrupt, gives the loader's verdict too.
BOOST_AUTO_TEST_CASE(a_header_length_the_runtime_does_not_read_loads_in_both_commands) {
  std::string bytes = test::read_file(test::source_path("golden/xnnpack/v1.1.0/mlp_exported.pte"));
  const std::size_t magic = bytes.find("XH00");
  BOOST_TEST_REQUIRE(magic != std::string::npos);
  bytes[magic + 4] = '\0';
  bytes[magic + 5] = '\0';
  test::TempDir dir;
  const std::string path = dir.write("header_length_0.pte", bytes);
  const auto inspect = test::run_cli({"inspect", path, "--runtime", "1.4.1"});
  BOOST_TEST(inspect.exit_code == 0, inspect.out + inspect.err);
  BOOST_TEST(inspect.out.find("loads on ExecuTorch 1.4.1") != std::string::npos, inspect.out);
  const auto load_check = test::run_cli({"load-check", path, "--runtime", "1.4.1", "--format", "json"});
  BOOST_TEST(load_check.exit_code == 0, load_check.out + load_check.err);
  BOOST_TEST(load_check.out.find("\"loadable\": true") != std::string::npos, load_check.out);
}

// The release a verdict names is the one asked for; a release past the development head is none.
BOOST_AUTO_TEST_CASE(inspect_names_the_release_asked_for) {
  const std::string program = test::source_path("golden/xnnpack/v1.1.0/mlp_exported.pte");
  const auto head = test::run_cli({"inspect", program, "--runtime", RuntimeRelease::development_head().text()});
  BOOST_TEST(head.exit_code == 0, head.out + head.err);
  BOOST_TEST(head.out.find("loads on ExecuTorch the development head after 1.4.1") != std::string::npos, head.out);
  const auto beyond = test::run_cli({"inspect", program, "--runtime", "7.0.0"});
  BOOST_TEST(beyond.exit_code == 2);
  BOOST_TEST(beyond.err.find("no ExecuTorch release after 1.4.1 is known") != std::string::npos, beyond.err);
  BOOST_TEST(beyond.out.empty(), beyond.out);
  const auto older = test::run_cli({"inspect", test::source_path("golden/xnnpack/v0.1.0/mlp_exported.pte"), "--runtime", "0.1.0"});
  BOOST_TEST(older.out.find("loads on ExecuTorch 0.1.0 (by the rules of 0.2.0)") != std::string::npos, older.out + older.err);
  // A program without an XNNPACK delegate is not said to be defined on XNNPACK.
  const auto mlx = test::run_cli({"inspect", test::source_path("golden/mlx/v1.3.0/linear_gelu.pte")});
  BOOST_TEST(mlx.exit_code == 0, mlx.out + mlx.err);
  BOOST_TEST(mlx.out.find("defined on") == std::string::npos, mlx.out);
}

BOOST_AUTO_TEST_SUITE_END()
