// fbcompat inspect: what an ExecuTorch program holds, and which runtimes can load each delegate's payload.
#include <memory>

#include <fmt/format.h>

#include "command.h"
#include "fbcompat/release/program_file_inspection.h"
#include "reference_runtime.h"

namespace fbcompat::cli {
namespace {

struct InspectArguments {
  std::string file;
  FamilySelection families;
  std::string runtime;
  std::string verification_name = "minimal";
  Format format = Format::Text;
};

int run_inspect(const InspectArguments& arguments) {
  ProgramReadOptions options;
  if (!arguments.runtime.empty()) {
    const auto release = RuntimeRelease::parse(arguments.runtime);
    if (!release) return report_error(fmt::format("--runtime {}: not an ExecuTorch release such as 1.4.1", arguments.runtime));
    // After the newest release the rules describe, only the development head is a runtime to load as.
    if (release->is_development_head() && !(*release == RuntimeRelease::development_head())) {
      return report_error(fmt::format("--runtime {}: no ExecuTorch release after {} is known; {} is the development head",
                                      arguments.runtime, RuntimeRelease::newest_described().text(),
                                      RuntimeRelease::development_head().text()));
    }
    options.runtime = *release;
  }
  options.verification = arguments.verification_name == "internal-consistency" ? VerificationLevel::InternalConsistency
                                                                                : VerificationLevel::Minimal;
  auto libraries = backend_libraries();
  if (!libraries) return report_error(libraries.error());
  options.libraries = std::move(libraries.value());
  auto inspection = inspect_program_file(arguments.file, arguments.families, std::move(options));
  if (!inspection) return report_error(inspection.error());
  const std::string text = arguments.format == Format::Json ? format_inspection_json(*inspection) : format_inspection_text(*inspection);
  const int written = write_report(text, "");
  if (written != kCompatible) return written;
  return inspection->run_crash ? kBreaking : kCompatible;
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
  command->add_option("--runtime", arguments->runtime,
                      "The ExecuTorch release whose runtime loads it (default: the newest the rules describe)")
      ->default_str(RuntimeRelease::newest_described().text());
  command->add_option("--verification", arguments->verification_name,
                      "How much Program::load verifies (the runtime's caller chooses): minimal, internal-consistency")
      ->check(plain_choice({"minimal", "internal-consistency"}, "a verification level"))
      ->option_text("LEVEL (default minimal)");
  add_format_option(*command, arguments->format, {Format::Text, Format::Json});
  command->footer(
      "Lists the program version, the extended header, every execution plan and delegate (backend id, INLINE\n"
      "or SEGMENT, size); for each delegate of a family fbcompat knows, its payload: header, flatbuffer, the\n"
      "data after it, node counts by name, values, what else the family's payload says, and the oldest schema\n"
      "version (and release) whose runtime loads it. Each family's payloads are decoded with its schemas\n"
      "(schemas/<family>, or --schemas); without them only the header is read.\n"
      "The verdict is ExecuTorch's whole load at that release: the program, every delegate's data, each\n"
      "delegate's own checks, its payload defined on the backend's library (where this build has it), and\n"
      "method load.\n"
      "Examples:\n"
      "  fbcompat inspect model.pte\n"
      "  fbcompat inspect model.pte --runtime 1.2.0\n"
      "  fbcompat inspect model.pte --schemas schemas/mlx --format json\n"
      "Exit status: 0 it loads, 1 it loads but a method crashes when it runs, 2 the release refuses it (the\n"
      "stage and the runtime's error are named), an unreadable file, or usage.");
  command->callback([arguments, &exit_code] { exit_code = run_inspect(*arguments); });
}

}  // namespace fbcompat::cli
