#include "command.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>

#include <fmt/format.h>

#include "fbcompat/core/output_file.h"
#include "fbcompat/core/printable.h"
#include "fbcompat/release/rule_catalogue.h"

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

CLI::Validator plain_choice(const std::vector<std::string>& names, const std::string& what) {
  return CLI::Validator(
      [names, what](std::string& value) -> std::string {
        for (const std::string& name : names) {
          if (value.size() == name.size() &&
              std::equal(value.begin(), value.end(), name.begin(),
                         [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; })) {
            value = name;
            return "";
          }
        }
        return fmt::format("'{}' is not {}; give {}", printable(value), what, fmt::join(names, ", "));
      },
      "");
}

void add_format_option(CLI::App& command, Format& format, const std::vector<Format>& formats) {
  std::vector<std::string> names;
  for (const auto& [name, offered] : format_names()) {
    const bool chosen = formats.empty() ? offered != Format::Patch
                                        : std::find(formats.begin(), formats.end(), offered) != formats.end();
    if (chosen) names.emplace_back(name);
  }
  // The name is checked first (one plain sentence naming the formats), then turned into its Format.
  command.add_option_function<std::string>(
             "--format",
             [&format](const std::string& name) {
               for (const auto& [known, value] : format_names()) {
                 if (known == name) format = value;
               }
             },
             "Report format: " + fmt::format("{}", fmt::join(names, ", ")))
      ->check(plain_choice(names, "a format this command writes"))
      ->option_text("FORMAT (default text)");
}

void add_output_options(CLI::App& command, OutputOptions& options, const std::vector<Format>& formats) {
  add_format_option(command, options.format, formats);
  command.add_option("-o,--output", options.output_path, "Write the report to this file (atomically) instead of stdout")
      ->check(CLI::Validator(
          [](const std::string& path) -> std::string {
            return path.empty() ? "the file name is empty: name a file, or leave -o out to write to standard output" : "";
          },
          ""))
      ->option_text("FILE");
  command.add_option("--color", options.color, "Colour text output: auto (on a terminal, unless NO_COLOR), always, never")
      ->check(plain_choice({"auto", "always", "never"}, "a colour setting"))
      ->option_text("WHEN (default auto)");
  command.add_flag("--strict", options.strict, "Treat every finding, warnings included, as an error");
}

int report_error(const Error& error) {
  // Paths and names in an error come from inputs: escaped, so that none can forge a line of the log.
  std::fprintf(stderr, "fbcompat: %s\n", printable(error.to_string()).c_str());
  return kBadInput;
}

int report_error(const std::string& message) { return report_error(Error{"", 0, 0, message}); }

int report_failure(const Error& error, const OutputOptions& options, const std::string& what) {
  report_error(error);
  if (options.format == Format::Text && options.output_path.empty()) return kBadInput;
  write_report(render_error(error, options.format, render_options(options, what)), options.output_path);
  return kBadInput;
}

RenderOptions render_options(const OutputOptions& options, const std::string& what) {
  RenderOptions render;
  render.what = what;
  render.style.color = options.use_color() && options.output_path.empty();
  if (options.format == Format::Sarif) render.rules = all_rules();
  return render;
}

int emit(const Report& report, const OutputOptions& options, const std::string& what) {
  if (const int written = write_report(render(report, options.format, render_options(options, what)), options.output_path);
      written != kCompatible) {
    return written;
  }
  return report.compatible() ? kCompatible : kBreaking;
}

int emit_findings(std::vector<Finding> findings, const OutputOptions& options, const Policy& policy,
                  const std::string& what) {
  Report report(std::move(findings));
  report.apply(policy);
  return emit(report, options, what);
}

std::vector<Format> formats_with_patch() {
  std::vector<Format> formats;
  for (const auto& [name, format] : format_names()) formats.push_back(format);
  return formats;
}

int emit_fixed_findings(std::vector<Finding> findings, const OutputOptions& options, const Policy& policy,
                        const std::string& what, const FixRequest& request, bool staged) {
  Report report(std::move(findings));
  report.apply(policy);  // an accepted finding is not fixed
  return emit_fixed_report(report, options, policy, what, request, staged);
}

int emit_fixed_report(Report& report, const OutputOptions& options, const Policy& policy, const std::string& what,
                      const FixRequest& request, bool staged) {
  // The fixed text is judged as the original was: a finding accepted there is no new finding.
  FixRequest judged = request;
  judged.recheck = [&](const SchemaTexts& rewritten) -> Expected<std::vector<Finding>> {
    auto rechecked = request.recheck(rewritten);
    if (rechecked) apply_policy(policy, *rechecked, nullptr);
    return rechecked;
  };
  FixOutcome outcome = fix_findings(report.mutable_findings(), judged);
  report.set_rewrites(std::move(outcome.rewrites));
  for (const Error& refused : outcome.written.refused) std::fprintf(stderr, "fbcompat: %s\n", refused.to_string().c_str());
  const int code = emit(report, options, what);
  const std::vector<std::string>& written = outcome.written.files;
  if (!written.empty()) {
    std::string names;
    for (std::size_t i = 0; i < written.size(); ++i) {
      names += (i == 0 ? "" : i + 1 == written.size() ? " and " : ", ") + written[i];
    }
    std::fprintf(stderr, "fbcompat: --fix rewrote %s%s\n", names.c_str(),
                 staged ? " in the work tree and staged nothing: `git add` the fixes to commit them" : "");
  }
  // A fix that could not be written (the disk is full, the file is read-only or changed) left its file
  // as it was, and the run did not do what it was asked: like any failed write.
  if (!outcome.written.refused.empty()) return kBadInput;
  if (written.empty()) return code;
  return code == kBadInput ? code : kBreaking;  // files changed: the run that made them does not pass
}

bool output_would_destroy_input(const OutputOptions& options, const std::vector<std::string>& inputs) {
  if (options.output_path.empty()) return false;
  auto refused = refuse_output_over_inputs(options.output_path, inputs);
  if (!refused) return false;
  report_error(Error{refused->file, refused->line, refused->column, "-o: " + refused->message});
  return true;
}

int write_report(const std::string& report, const std::string& output_path) {
  if (output_path.empty()) {
    if (auto error = write_standard_output(report)) return report_error(*error);
    return kCompatible;
  }
  // Asked again now that the command has read what it reads: a file reached only through the inputs
  // (an include, a description, the lock a family names) is refused too.
  if (auto refused = refuse_output_over_inputs(output_path, {})) {
    return report_error(Error{refused->file, refused->line, refused->column, "-o: " + refused->message});
  }
  if (auto error = write_output_file(output_path, report)) return report_error(*error);
  return kCompatible;
}

}  // namespace fbcompat::cli
