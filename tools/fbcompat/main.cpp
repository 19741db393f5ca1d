// fbcompat: keeps FlatBuffers schemas backward compatible as they evolve.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <sstream>
#include <string>

#include <CLI/CLI.hpp>

#include "allocator.h"
#include "command.h"
#include "fbcompat/core/output_file.h"
#include "fbcompat/core/schema_loader.h"
#include "fbcompat/core/version.h"
#include "reference_runtime.h"

namespace {

// Every command, by the name it is called with. A run names one command as its first argument, and
// only that command's options are built: building every command's options cost a small diff a
// sixth of its instructions (docs/benchmarks.md). Anything else (no command, --help, --version, a
// misspelt name) gets them all, so help lists every command and CLI11 words the error.
struct CommandEntry {
  const char* name;
  void (*add)(CLI::App&, int&);
};

constexpr CommandEntry kCommands[] = {
    {"diff", fbcompat::cli::add_diff_command},
    {"rules", fbcompat::cli::add_rules_command},
    {"explain", fbcompat::cli::add_explain_command},
    {"pair", fbcompat::cli::add_pair_command},
    {"audit", fbcompat::cli::add_audit_command},
    {"lock", fbcompat::cli::add_lock_command},
    {"inspect", fbcompat::cli::add_inspect_command},
    {"golden", fbcompat::cli::add_golden_command},
    {"runtime-check", fbcompat::cli::add_runtime_check_command},
    {"load-check", fbcompat::cli::add_load_check_command},
};

void add_commands(CLI::App& app, int argc, char** argv, int& exit_code) {
  for (const CommandEntry& command : kCommands) {
    if (argc > 1 && std::strcmp(argv[1], command.name) == 0) {
      command.add(app, exit_code);
      return;
    }
  }
  for (const CommandEntry& command : kCommands) command.add(app, exit_code);
}

// CLI11 answers a misspelt command with "A subcommand is required"; name the word and the commands.
// Help asked for anywhere is help, as CLI11 gives it.
bool names_no_command(int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return false;
  for (const CommandEntry& command : kCommands) {
    if (std::strcmp(argv[1], command.name) == 0) return false;
  }
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "-h") == 0 || std::strcmp(argv[i], "--help") == 0) return false;
  }
  std::string names;
  for (const CommandEntry& command : kCommands) names += std::string(names.empty() ? "" : ", ") + command.name;
  std::fprintf(stderr, "fbcompat: '%s' is not a command; the commands are %s (fbcompat --help says what each does)\n",
               argv[1], names.c_str());
  return true;
}

// A standard descriptor the caller closed (`fbcompat audit >&-`) is held by /dev/null opened the
// other way, as careful tools do: a file fbcompat opens can then never become "standard output" and
// receive the report, and a write to it fails (EBADF) and is reported like any failed write.
void hold_closed_standard_descriptors() {
  for (const int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO}) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    const int held = ::open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);
    if (held >= 0 && held != fd) ::close(held);  // a lower descriptor was free after all
  }
}

// What stdio still holds for stdout (help, the version) written out and stdout closed, each step
// checked: a run whose output was lost is exit 2, never 0.
int finish_standard_output(int exit_code) {
  const bool flushed = std::fflush(stdout) == 0 && std::ferror(stdout) == 0;
  const int flush_errno = errno;
  const bool closed = std::fclose(stdout) == 0;
  if (flushed && closed) return exit_code;
  std::fprintf(stderr, "fbcompat: error: cannot write to standard output: %s\n",
               std::strerror(flushed ? errno : flush_errno));
  return fbcompat::cli::kBadInput;
}

// CLI11's words for a mistake, on one line: "fbcompat: --format: 'bogus' is not a format ...".
std::string failure_message(const CLI::App*, const CLI::Error& error) {
  return std::string("fbcompat: ") + error.what() + "\n";
}

int run(int argc, char** argv) {
  using namespace fbcompat::cli;
  CLI::App app{"fbcompat: keeps FlatBuffers schemas backward compatible as they evolve.", "fbcompat"};
  // The parser's version decides which schema language fbcompat reads, what the runtimes link which
  // node types the golden runs can run: a bug report needs all three. Asked only when --version is
  // given: naming it loads the runtime module, which no other command pays for unless it runs payloads.
  app.set_version_flag("--version", [] {
    std::string version = std::string("fbcompat ") + fbcompat::fbcompat_version() + " (schemas read by flatbuffers " +
                          fbcompat::schema_parser_version();
    if (const std::string library = reference_runtime_library(); !library.empty()) version += "; golden runs on " + library;
    return version + ")";
  });
  app.require_subcommand(1);
  app.failure_message(failure_message);
  app.footer("Exit status: 0 compatible (warnings allowed), 1 breaking, 2 bad input or usage.\n"
             "Run `fbcompat COMMAND --help` for a command's options and examples.");

  if (names_no_command(argc, argv)) return kBadInput;
  int exit_code = kCompatible;
  add_commands(app, argc, argv, exit_code);

  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& success) {
    // Help and the version are output like a report: written to the last byte, or exit 2.
    std::ostringstream out;
    app.exit(success, out, std::cerr);
    return write_report(out.str(), "");
  } catch (const CLI::ParseError& error) {
    app.exit(error);
    return kBadInput;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "fbcompat: internal error: %s\n", error.what());
    return kBadInput;
  }
  return exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  hold_closed_standard_descriptors();
  fbcompat::cli::tune_allocator();
  // Every file a command reads is an input -o must not replace (fbcompat/core/output_file.h).
  fbcompat::remember_inputs_read();
  return finish_standard_output(run(argc, argv));
}
