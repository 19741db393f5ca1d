// What every fbcompat command shares: exit codes, output formats, and how reports reach stdout.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "fbcompat/core/error.h"
#include "fbcompat/core/finding.h"
#include "fbcompat/core/policy.h"

namespace fbcompat::cli {

// 0: compatible (warnings allowed); 1: breaking; 2: bad input or usage.
enum ExitCode : int { kCompatible = 0, kBreaking = 1, kBadInput = 2 };

enum class Format { Text, Json, Markdown, Sarif, Github, Junit };

// The --format values, for every command that reports findings.
const std::map<std::string, Format>& format_names();

struct OutputOptions {
  Format format = Format::Text;
  std::string color = "auto";  // auto, always, never
  bool strict = false;
  std::string output_path;  // empty: stdout

  bool use_color() const;
};

// Adds --format, --color and --strict to a command.
void add_output_options(CLI::App& command, OutputOptions& options);

// Prints "fbcompat: error: ..." to stderr and returns kBadInput.
int report_error(const Error& error);
int report_error(const std::string& message);

// Applies the policy, prints a findings report in the chosen format to stdout and returns the exit
// code it implies.
int emit_findings(std::vector<Finding> findings, const OutputOptions& options, const Policy& policy,
                  const std::string& what);

// Each command adds itself as a subcommand; when it runs, it stores its exit code.
void add_diff_command(CLI::App& app, int& exit_code);
void add_rules_command(CLI::App& app, int& exit_code);
void add_explain_command(CLI::App& app, int& exit_code);
void add_pair_command(CLI::App& app, int& exit_code);
void add_audit_command(CLI::App& app, int& exit_code);
void add_lock_command(CLI::App& app, int& exit_code);

// Findings in one of the formats; `what` names what was checked (a summary line, a JUnit suite).
std::string render_findings(const std::vector<Finding>& findings, const OutputOptions& options, const std::string& what);

// Writes a report to --output (atomically) or stdout.
int write_report(const std::string& report, const std::string& output_path);
void add_inspect_command(CLI::App& app, int& exit_code);
void add_golden_command(CLI::App& app, int& exit_code);
void add_runtime_check_command(CLI::App& app, int& exit_code);
void add_load_check_command(CLI::App& app, int& exit_code);

}  // namespace fbcompat::cli
