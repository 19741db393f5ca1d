#include "command.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include <fmt/format.h>

#include "fbcompat/core/output_file.h"
#include "fbcompat/core/report.h"

namespace fbcompat::cli {

bool OutputOptions::use_color() const {
  if (color == "always") return true;
  if (color == "never") return false;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && *no_color != '\0') return false;
  const char* term = std::getenv("TERM");
  if (term != nullptr && std::string(term) == "dumb") return false;
  return ::isatty(STDOUT_FILENO) != 0;
}

void add_output_options(CLI::App& command, OutputOptions& options) {
  command.add_option("--format", options.format, "Report format: text, json, markdown, sarif, github, junit")
      ->transform(CLI::CheckedTransformer(format_names(), CLI::ignore_case))
      ->default_str("text");
  command.add_option("-o,--output", options.output_path, "Write the report to this file (atomically) instead of stdout");
  command.add_option("--color", options.color, "Colour text output: auto (on a terminal, unless NO_COLOR), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->default_str("auto");
  command.add_flag("--strict", options.strict, "Treat every finding, warnings included, as an error");
}

int report_error(const Error& error) {
  std::fprintf(stderr, "fbcompat: %s\n", error.to_string().c_str());
  return kBadInput;
}

int report_error(const std::string& message) { return report_error(Error{"", 0, 0, message}); }

int emit_findings(std::vector<Finding> findings, const OutputOptions& options, const Policy& policy,
                  const std::string& what) {
  apply_policy(policy, findings);
  const std::string report = render_findings(findings, options, what);
  if (const int written = write_report(report, options.output_path); written != kCompatible) return written;
  return compatible(findings) ? kCompatible : kBreaking;
}

const std::map<std::string, Format>& format_names() {
  static const std::map<std::string, Format> names{{"text", Format::Text},     {"json", Format::Json},
                                                   {"markdown", Format::Markdown}, {"sarif", Format::Sarif},
                                                   {"github", Format::Github}, {"junit", Format::Junit}};
  return names;
}

std::string render_findings(const std::vector<Finding>& findings, const OutputOptions& options, const std::string& what) {
  switch (options.format) {
    case Format::Json: return format_json_report(findings);
    case Format::Markdown: return format_markdown_report(findings, what);
    case Format::Sarif: return format_sarif_report(findings);
    case Format::Github: return format_github_report(findings, what);
    case Format::Junit: return format_junit_report(findings, what);
    case Format::Text: break;
  }
  return format_text_report(findings, what, TextStyle{options.use_color() && options.output_path.empty()});
}

int write_report(const std::string& report, const std::string& output_path) {
  if (output_path.empty()) {
    std::fwrite(report.data(), 1, report.size(), stdout);
    std::fflush(stdout);
    return kCompatible;
  }
  if (auto error = write_output_file(output_path, report)) return report_error(*error);
  return kCompatible;
}

}  // namespace fbcompat::cli
