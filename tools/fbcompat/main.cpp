// fbcompat: keeps FlatBuffers schemas backward compatible as they evolve.
#include <cstdio>
#include <exception>
#include <string>

#include <CLI/CLI.hpp>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "command.h"
#include "fbcompat/core/schema_loader.h"
#include "fbcompat/core/version.h"
#include "reference_runtime.h"

namespace {

// A large schema's parse is mostly small allocations, and with two sides parsed at once the second
// thread's malloc arena grows by a page-protection call every 128 KB. Growing the heap in larger steps
// and never trimming it (the process is short-lived) takes about 7% off a large diff's wall time
// (docs/benchmarks.md); untouched reserve costs no memory.
void tune_allocator() {
#if defined(__GLIBC__)
  mallopt(M_TOP_PAD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

}  // namespace

int main(int argc, char** argv) {
  using namespace fbcompat::cli;
  tune_allocator();
  CLI::App app{"fbcompat: keeps FlatBuffers schemas backward compatible as they evolve.", "fbcompat"};
  // The parser's version decides which schema language fbcompat reads, the XNNPACK which node types the
  // golden runs can run: a bug report needs all three. Asked only when --version is given: naming the
  // XNNPACK loads the runtime module, which no other command pays for unless it runs payloads.
  app.set_version_flag("--version", [] {
    std::string version = std::string("fbcompat ") + fbcompat::fbcompat_version() + " (schemas read by flatbuffers " +
                          fbcompat::schema_parser_version();
    if (const std::string xnnpack = reference_runtime_library(); !xnnpack.empty()) version += "; golden runs on " + xnnpack;
    return version + ")";
  });
  app.require_subcommand(1);
  app.footer("Exit status: 0 compatible (warnings allowed), 1 breaking, 2 bad input or usage.\n"
             "Run `fbcompat COMMAND --help` for a command's options and examples.");

  int exit_code = kCompatible;
  add_diff_command(app, exit_code);
  add_rules_command(app, exit_code);
  add_explain_command(app, exit_code);
  add_pair_command(app, exit_code);
  add_audit_command(app, exit_code);
  add_lock_command(app, exit_code);
  add_inspect_command(app, exit_code);
  add_golden_command(app, exit_code);
  add_runtime_check_command(app, exit_code);
  add_load_check_command(app, exit_code);

  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& success) {
    return app.exit(success);
  } catch (const CLI::ParseError& error) {
    app.exit(error);
    return kBadInput;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "fbcompat: internal error: %s\n", error.what());
    return kBadInput;
  }
  return exit_code;
}
