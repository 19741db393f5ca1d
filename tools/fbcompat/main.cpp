// fbcompat: keeps FlatBuffers schemas backward compatible as they evolve.
#include <cstdio>
#include <exception>
#include <string>

#include <CLI/CLI.hpp>

#include "command.h"
#include "fbcompat/core/schema_loader.h"

int main(int argc, char** argv) {
  using namespace fbcompat::cli;
  CLI::App app{"fbcompat: keeps FlatBuffers schemas backward compatible as they evolve.", "fbcompat"};
  // The parser's version decides which schema language fbcompat reads: a bug report needs both.
  app.set_version_flag("--version", std::string("fbcompat ") + FBCOMPAT_VERSION + " (schemas read by flatbuffers " +
                                        fbcompat::schema_parser_version() + ")");
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
