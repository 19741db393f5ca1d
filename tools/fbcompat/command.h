// What every fbcompat command shares: exit codes, the output options, and how reports reach their
// output. Formats and rendering are the library's (fbcompat/core/report.h).
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "fbcompat/checks/fix.h"
#include "fbcompat/core/error.h"
#include "fbcompat/core/finding.h"
#include "fbcompat/core/policy.h"
#include "fbcompat/core/report.h"

namespace fbcompat::cli {

// 0: compatible (warnings allowed); 1: breaking; 2: bad input or usage.
enum ExitCode : int { kCompatible = 0, kBreaking = 1, kBadInput = 2 };

struct OutputOptions {
  Format format = Format::Text;
  std::string color = "auto";  // auto, always, never
  bool strict = false;
  std::string output_path;  // empty: stdout

  bool use_color() const;
};

// A validator that accepts one of `names` (any case, stored as written there) and refuses anything else
// in one sentence naming them all: "'bogus' is not a format this command writes; give text, json".
CLI::Validator plain_choice(const std::vector<std::string>& names, const std::string& what);

// --format with the formats offered (default: all but the patch), their names shown plainly in help and errors.
void add_format_option(CLI::App& command, Format& format, const std::vector<Format>& formats = {});

// Adds --format, --color, --strict and -o to a command; `formats`: the ones it offers (default: all but the
// patch, which only commands that fix offer).
void add_output_options(CLI::App& command, OutputOptions& options, const std::vector<Format>& formats = {});

// Prints "fbcompat: error: ..." to stderr and returns kBadInput.
int report_error(const Error& error);
int report_error(const std::string& message);

// The same, and the error as a report in the chosen format, to --output or stdout (text on stdout is left
// to stderr's line): on exit 2, CI still gets a well-formed report saying why. `what` names what was to
// be checked.
int report_failure(const Error& error, const OutputOptions& options, const std::string& what);

// Renders a report in the chosen format to --output or stdout and returns the exit code its verdict
// implies. `what` names what was checked (a summary line, a JUnit suite).
int emit(const Report& report, const OutputOptions& options, const std::string& what);

// The same for a plain list of findings, judged by `policy` first.
int emit_findings(std::vector<Finding> findings, const OutputOptions& options, const Policy& policy,
                  const std::string& what);

// The same, after planning the findings' fixes (every format shows them) and, with request.write (--fix),
// writing them: then a changed file makes the exit status 1 (pre-commit's convention for fixing hooks),
// a file that could not be written 2, and stderr names the files written. `staged`: the findings were
// made from the index.
int emit_fixed_findings(std::vector<Finding> findings, const OutputOptions& options, const Policy& policy,
                        const std::string& what, const FixRequest& request, bool staged = false);

// The same for a report already judged by `policy` (the gate's, whose configuration findings the base's
// configuration judged): the fixed text is judged by `policy` too.
int emit_fixed_report(Report& report, const OutputOptions& options, const Policy& policy, const std::string& what,
                      const FixRequest& request, bool staged = false);

// Every format, the patch of the fixes too: for the commands that fix (diff, pair).
std::vector<Format> formats_with_patch();

// How a report is rendered with these options: colour on a terminal, the catalogue of rules for SARIF.
RenderOptions render_options(const OutputOptions& options, const std::string& what);

// Writes a report to --output (atomically) or stdout, checked to the last byte; a failed write is
// kBadInput with its cause. Everything a command prints on stdout goes through here.
int write_report(const std::string& report, const std::string& output_path);

// True (after saying why on stderr) when -o names one of the command's inputs, or an existing file in
// a directory it reads: the report would destroy what it describes. Commands ask before they work.
bool output_would_destroy_input(const OutputOptions& options, const std::vector<std::string>& inputs);

// Each command adds itself as a subcommand; when it runs, it stores its exit code.
void add_diff_command(CLI::App& app, int& exit_code);
void add_rules_command(CLI::App& app, int& exit_code);
void add_explain_command(CLI::App& app, int& exit_code);
void add_pair_command(CLI::App& app, int& exit_code);
void add_audit_command(CLI::App& app, int& exit_code);
void add_lock_command(CLI::App& app, int& exit_code);
void add_inspect_command(CLI::App& app, int& exit_code);
void add_golden_command(CLI::App& app, int& exit_code);
void add_runtime_check_command(CLI::App& app, int& exit_code);
void add_load_check_command(CLI::App& app, int& exit_code);

}  // namespace fbcompat::cli
