// fbcompat golden: the frozen golden programs of every schema version. `verify` reads each one with
// its own version's reader and every later reader; `freeze` writes a new version's programs once.
#include <memory>

#include <fmt/format.h>

#include "command.h"
#include "project_config.h"
#include "fbcompat/release/delegate_families.h"
#include "reference_runtime.h"
#include "fbcompat/release/golden_freeze.h"
#include "fbcompat/release/golden_verify.h"

namespace fbcompat::cli {
namespace {

struct GoldenArguments {
  std::string golden_dir = "golden";
  std::string family;      // empty: every family (verify), the one whose manifest lists the version (freeze)
  std::string family_dir;  // empty: schemas/<family>
  std::string version;
  unsigned threads = 0;
  OutputOptions output;
};

int run_verify(const GoldenArguments& arguments) {
  GoldenVerifyOptions options;
  if (output_would_destroy_input(arguments.output, {arguments.golden_dir, arguments.family_dir.empty() ? options.schemas_root
                                                                                                        : arguments.family_dir})) {
    return kBadInput;
  }
  options.golden_dir = arguments.golden_dir;
  options.family = arguments.family;
  options.family_dir = arguments.family_dir;
  options.threads = arguments.threads;
  auto libraries = backend_libraries();
  if (!libraries) return report_error(libraries.error());
  options.libraries = std::move(libraries.value());
  auto report = verify_golden(options);
  if (!report) return report_error(report.error());
  auto config = load_project_config("", /*required=*/false);
  if (!config) return report_error(config.error());
  return emit_findings(std::move(report->findings), arguments.output, policy_for(*config, arguments.output),
                       fmt::format("{} golden programs in {} ({} readings: program x reader schema)", report->programs,
                                   arguments.golden_dir, report->readings));
}

int run_freeze(const GoldenArguments& arguments) {
  FreezeOptions options;
  options.golden_dir = arguments.golden_dir;
  options.family = arguments.family;
  options.family_dir = arguments.family_dir;
  options.version = arguments.version;
  auto result = freeze_golden(options);
  if (!result) return report_error(result.error());
  std::string written;
  for (const std::string& path : result->written) written += fmt::format("wrote {}/{}\n", arguments.golden_dir, path);
  return write_report(written, "");
}

}  // namespace

void add_golden_command(CLI::App& app, int& exit_code) {
  auto arguments = std::make_shared<GoldenArguments>();
  CLI::App* command = app.add_subcommand("golden", "Verify or freeze the golden .pte programs of every schema version");
  command->require_subcommand(1);

  CLI::App* verify = command->add_subcommand(
      "verify", "Read every golden program with its own version's reader schema and every later one");
  verify->add_option("dir", arguments->golden_dir, "Golden directory (holds MANIFEST.json)")->default_str("golden");
  verify->add_option("--family", arguments->family,
                     fmt::format("Verify only this delegate family's programs ({}); default: every family with programs",
                                 fmt::join(delegate_family_names(), ", ")));
  verify->add_option("--schemas", arguments->family_dir,
                     "The family's schema directory (holds manifest.toml); default: schemas/<family>");
  verify->add_option("--threads", arguments->threads, "Check programs on this many threads (default: one per core)");
  add_output_options(*verify, arguments->output);
  verify->footer(
      "Each program's sha256 must match the manifest; its delegate's payload must verify against the reader\n"
      "schema of its version and of every later version, each node's type id must decode to the recorded\n"
      "name, and the fields of its JSON description must read back equal.\n"
      "Examples:\n"
      "  fbcompat golden verify\n"
      "  fbcompat golden verify golden --family mlx --format json\n"
      "Exit status: 0 all verified (warnings allowed), 1 an error finding, 2 bad input or usage.");
  verify->callback([arguments, &exit_code] { exit_code = run_verify(*arguments); });

  CLI::App* freeze = command->add_subcommand("freeze", "Write the golden programs of a version once (never overwrites)");
  freeze->add_option("dir", arguments->golden_dir, "Golden directory (holds MANIFEST.json)")->default_str("golden");
  freeze->add_option("--version", arguments->version, "Version directory name in manifest.toml, such as v1.5.0")->required();
  freeze->add_option("--family", arguments->family,
                     fmt::format("The delegate family ({}); default: the one whose manifest.toml lists the version",
                                 fmt::join(delegate_family_names(), ", ")));
  freeze->add_option("--schemas", arguments->family_dir,
                     "The family's schema directory (holds manifest.toml); default: schemas/<family>");
  freeze->footer(
      "Writes golden/<family>/<version>/<name>.{json,pte} from the version's writer schema and adds their\n"
      "entries to golden/MANIFEST.json. Refuses if the version is already frozen or any file exists.\n"
      "Examples:\n"
      "  fbcompat golden freeze --version v1.5.0\n"
      "  fbcompat golden freeze --family mlx --version v1.5.0\n"
      "Exit status: 0 written, 2 bad input, refused or usage.");
  freeze->callback([arguments, &exit_code] { exit_code = run_freeze(*arguments); });
}

}  // namespace fbcompat::cli
