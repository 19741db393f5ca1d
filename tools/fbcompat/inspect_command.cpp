// fbcompat inspect: what an ExecuTorch program holds, and which runtimes can load each delegate's payload.
#include <memory>

#include <fmt/format.h>

#include "command.h"
#include "fbcompat/release/program_file_inspection.h"

namespace fbcompat::cli {
namespace {

struct InspectArguments {
  std::string file;
  FamilySelection families;
  Format format = Format::Text;
};

int run_inspect(const InspectArguments& arguments) {
  auto inspection = inspect_program_file(arguments.file, arguments.families);
  if (!inspection) return report_error(inspection.error());
  const std::string text = arguments.format == Format::Json ? format_inspection_json(*inspection) : format_inspection_text(*inspection);
  return write_report(text, "");
}

}  // namespace

void add_inspect_command(CLI::App& app, int& exit_code) {
  auto arguments = std::make_shared<InspectArguments>();
  CLI::App* command = app.add_subcommand(
      "inspect", "Show what an ExecuTorch program (.pte) holds: plans, delegates, each delegate's payload and nodes");
  command->add_option("file", arguments->file, "The .pte program")->required();
  command->add_option("--family", arguments->families.names,
                      fmt::format("Open only this delegate family's payloads (repeatable; {}; default: every family)",
                                  fmt::join(delegate_family_names(), ", ")))
      ->allow_extra_args(false);
  command->add_option("--schemas", arguments->families.schemas_dir,
                      "One family's schema directory (holds manifest.toml, which names the family); default: "
                      "schemas/<family> for each family, where it exists");
  add_format_option(*command, arguments->format, {Format::Text, Format::Json});
  command->footer(
      "Lists the program version, the extended header, every execution plan and delegate (backend id, INLINE\n"
      "or SEGMENT, size); for each delegate of a family fbcompat knows, its payload: header, flatbuffer, the\n"
      "data after it, node counts by name, values, what else the family's payload says, and the oldest schema\n"
      "version (and release) whose runtime loads it. Each family's payloads are decoded with its schemas\n"
      "(schemas/<family>, or --schemas); without them only the header is read.\n"
      "Examples:\n"
      "  fbcompat inspect model.pte\n"
      "  fbcompat inspect model.pte --schemas schemas/mlx --format json\n"
      "Exit status: 0 read, 2 unreadable or corrupt program, or usage.");
  command->callback([arguments, &exit_code] { exit_code = run_inspect(*arguments); });
}

}  // namespace fbcompat::cli
