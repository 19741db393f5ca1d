// fbcompat pair: can everything the writer schema emits be read by the reader schema? With no schemas
// given, every version of every history in fbcompat.toml.

#include <fmt/format.h>

#include "command.h"
#include "fbcompat/core/manifest.h"
#include "fbcompat/checks/fix.h"
#include "fbcompat/checks/pair.h"
#include "fbcompat/core/report.h"
#include "fbcompat/core/schema_loader.h"
#include "project_config.h"

namespace fbcompat::cli {
namespace {

struct PairArguments {
  std::string writer;
  std::string reader;
  std::vector<std::string> accepted;
  std::vector<std::string> include_dirs;
  std::string config;
  bool fix = false;
  OutputOptions output;
};

Expected<std::vector<Finding>> run_one(const std::string& writer_path, const std::string& reader_path,
                                       const LoadOptions& load_options, const PairOptions& options) {
  // One after the other, as diff does: the peak memory of one Parser, not two.
  Expected<Schema> writer = load_schema(writer_path, load_options);
  if (!writer) return writer.error();
  Expected<Schema> reader = load_schema(reader_path, load_options);
  if (!reader) return reader.error();
  return check_pair(*writer, *reader, options);
}

int emit_runs(std::vector<PairRun> runs, const OutputOptions& output, const Policy& policy) {
  PairReport report(std::move(runs));
  report.apply(policy);
  return emit(report, output, "fbcompat pair");
}

int run_configured(const PairArguments& arguments) {
  auto config = load_project_config(arguments.config);
  if (!config) return report_error(config.error());
  if (output_would_destroy_input(arguments.output, configured_inputs(*config))) return kBadInput;
  std::vector<PairRun> runs;
  for (const HistoryConfig& family : config->histories) {
    auto manifest = load_manifest(family.manifest_path());
    if (!manifest) return report_error(manifest.error());
    LoadOptions load_options;
    load_options.include_dirs = family.include_dirs;
    for (const ManifestVersion& version : manifest->versions) {
      if (!version.has_reader()) continue;
      PairOptions options;
      options.accepted_identifiers = family.accept_identifiers;
      options.accepted_identifiers.insert(options.accepted_identifiers.end(), version.reader_identifiers.begin(),
                                          version.reader_identifiers.end());
      auto findings = run_one(family.writer_path(version.name), family.reader_path(version.name), load_options, options);
      if (!findings) return report_error(findings.error());
      runs.push_back({fmt::format("{} {}: {} read by {}", family.name, version.name, family.writer, family.reader),
                      std::move(findings.value())});
    }
  }
  if (runs.empty()) return report_error("no writer/reader pairs to check: fbcompat.toml declares no history with a reader");
  return emit_runs(std::move(runs), arguments.output, policy_for(*config, arguments.output));
}

int run_pair(const PairArguments& arguments) {
  if (arguments.writer.empty() && arguments.reader.empty()) {
    if (arguments.fix || arguments.output.format == Format::Patch) {
      return report_error("--fix and --format patch edit one pair: give --writer W.fbs --reader R.fbs (the released "
                          "versions fbcompat.toml lists are history, never rewritten)");
    }
    return run_configured(arguments);
  }
  if (arguments.writer.empty() || arguments.reader.empty()) {
    return report_error("give both schemas: fbcompat pair --writer W.fbs --reader R.fbs (or neither, to check fbcompat.toml's histories)");
  }
  std::vector<std::string> inputs{arguments.writer, arguments.reader, arguments.config};
  inputs.insert(inputs.end(), arguments.include_dirs.begin(), arguments.include_dirs.end());
  if (output_would_destroy_input(arguments.output, inputs)) return kBadInput;
  LoadOptions load_options;
  load_options.include_dirs = arguments.include_dirs;
  PairOptions options;
  options.accepted_identifiers = arguments.accepted;
  Expected<Schema> writer = load_schema(arguments.writer, load_options);
  if (!writer) return report_error(writer.error());
  Expected<Schema> reader = load_schema(arguments.reader, load_options);
  if (!reader) return report_error(reader.error());
  auto config = load_project_config(arguments.config, /*required=*/false);
  if (!config) return report_error(config.error());
  // The reader is the side a fix edits: it catches up with what its writer emits.
  FixRequest fixes;
  fixes.write = arguments.fix;
  fixes.texts = texts_of(*reader);
  fixes.recheck = [&](const SchemaTexts& rewritten) -> Expected<std::vector<Finding>> {
    auto fixed = load_rewritten(arguments.reader, load_options, rewritten);
    if (!fixed) return fixed.error();
    return check_pair(*writer, *fixed, options);
  };
  return emit_fixed_findings(check_pair(*writer, *reader, options), arguments.output,
                             policy_for(*config, arguments.output),
                             fmt::format("{} read by {}", arguments.writer, arguments.reader), fixes);
}

}  // namespace

void add_pair_command(CLI::App& app, int& exit_code) {
  auto arguments = std::make_shared<PairArguments>();
  CLI::App* command = app.add_subcommand(
      "pair", "Check that everything a writer schema emits is read correctly by a reader schema");
  command->add_option("--writer", arguments->writer, "The schema buffers are written with (the exporter's)");
  command->add_option("--reader", arguments->reader, "The schema buffers are read with (the runtime's)");
  command->add_option("--accept-identifier", arguments->accepted,
                      "An identifier the reader accepts besides its own (repeatable)");
  command->add_option("-I,--include", arguments->include_dirs, "Directory to search for included schemas (repeatable)")
      ->allow_extra_args(false);  // one value each time: `-I DIR NEW.fbs` must not swallow the file
  command->add_option("--config", arguments->config, "Configuration file (default: the nearest fbcompat.toml)");
  command->add_flag("--fix", arguments->fix,
                    "Rewrite the reader so that it reads what the writer emits, where that is mechanical (a member, "
                    "value or field the writer has appended at the reader's end; `required` the writer does not "
                    "write); exit 1 when a file changed");
  add_output_options(*command, arguments->output, formats_with_patch());
  command->footer(
      "Examples:\n"
      "  fbcompat pair --writer schemas/model/v2/schema.fbs --reader schemas/model/v2/runtime_schema.fbs \\\n"
      "                --accept-identifier MD01\n"
      "  fbcompat pair              # every version of every history in fbcompat.toml\n"
      "Exit status: 0 compatible (warnings allowed), 1 breaking, 2 bad input or usage.");
  command->callback([arguments, &exit_code] { exit_code = run_pair(*arguments); });
}

}  // namespace fbcompat::cli
