// fbcompat diff: the pre-merge gate. Parses the arguments, makes the one library call they ask for
// (fbcompat/checks/gate.h: two files, two directories, or the module against a git ref) and renders
// what it returns, its error included.
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <memory>

#include "command.h"
#include "fbcompat/checks/fix.h"
#include "fbcompat/checks/gate.h"
#include "fbcompat/release/rule_catalogue.h"
#include "project_config.h"

namespace fbcompat::cli {
namespace {

struct DiffArguments {
  std::vector<std::string> files;
  std::vector<std::string> include_dirs;
  std::string against;
  bool staged = false;
  std::size_t union_capacity_warning = 0;  // 0: the configuration's (default 200)
  std::string config;
  std::string lock;
  bool confine_includes = false;  // also on with --against and under CI
  bool fix = false;
  OutputOptions output;
};

// True under a CI service (each sets CI, most to "true"): the gate then runs unattended, on a pull
// request's files, and its includes are confined.
bool running_in_ci() {
  const char* ci = std::getenv("CI");
  if (ci == nullptr) return false;
  const std::string value = ci;
  return !value.empty() && value != "false" && value != "0";
}

GateOptions gate_options(const DiffArguments& arguments) {
  GateOptions options;
  options.rules = all_rules();
  options.config = arguments.config;
  options.lock = arguments.lock;
  options.include_dirs = arguments.include_dirs;
  options.union_capacity_warning = arguments.union_capacity_warning;
  options.confine_includes = arguments.confine_includes || running_in_ci();
  options.keep_parsers_until_exit = true;  // fbcompat exits after this diff
  return options;
}

// The one library call the arguments ask for, or the usage mistake that prevents it.
Expected<GateResult> run_gate(const DiffArguments& arguments) {
  const GateOptions options = gate_options(arguments);
  if (arguments.against.empty() && !arguments.staged) {
    if (arguments.files.size() != 2) {
      return Error{"", 0, 0,
                   "give the old and the new schema (fbcompat diff OLD.fbs NEW.fbs), or a base to check the module "
                   "against (fbcompat diff --against git:REF [PATH...], fbcompat diff --staged)"};
    }
    return diff_schema_files(arguments.files[0], arguments.files[1], options);
  }
  const std::string ref = arguments.staged && arguments.against.empty() ? "git:HEAD" : arguments.against;
  std::error_code ignored;
  if (ref.rfind("git:", 0) != 0 && std::filesystem::is_directory(ref, ignored)) {
    if (arguments.staged) return Error{"", 0, 0, "--staged compares the index with a git ref: give --against git:REF"};
    if (arguments.files.size() > 1) {
      return Error{"", 0, 0, "with --against DIRECTORY, give the one directory of current schemas to compare with it"};
    }
    return diff_schema_directories(ref, arguments.files.empty() ? "." : arguments.files.front(), options);
  }
  if (ref.rfind("git:", 0) != 0 || ref.size() == 4) {
    return Error{"", 0, 0,
                 fmt::format("--against '{}': expected git:REF (git:HEAD, git:origin/main) or a directory of released "
                             "copies",
                             ref)};
  }
  return diff_against_ref(ref.substr(4), arguments.staged ? NewSide::Index : NewSide::WorkTree, arguments.files,
                          options);
}

int run_diff(const DiffArguments& arguments) {
  auto result = run_gate(arguments);
  if (!result) return report_failure(result.error(), arguments.output, "fbcompat diff");
  // Asked once every file read is known, before anything is written: the report must replace none.
  if (output_would_destroy_input(arguments.output, result->files_read)) return kBadInput;
  const std::string checked = result->checked.empty() ? "fbcompat diff" : result->checked;
  if (result->error) return report_failure(*result->error, arguments.output, checked);
  FixRequest fixes;
  fixes.write = arguments.fix;
  fixes.texts = std::move(result->new_texts);
  fixes.recheck = std::move(result->recheck);
  fixes.root = result->root;
  if (arguments.staged) {
    fixes.differs = "its work-tree text is not what is staged (which was checked): stage or stash the rest first";
  }
  const Policy policy = policy_for(result->config, arguments.output);
  const std::unique_ptr<Report> report = gate_report(std::move(result.value()), arguments.output.strict);
  return emit_fixed_report(*report, arguments.output, policy, checked, fixes, arguments.staged);
}

}  // namespace

void add_diff_command(CLI::App& app, int& exit_code) {
  auto arguments = std::make_shared<DiffArguments>();
  CLI::App* command =
      app.add_subcommand("diff", "Check that schemas (a module, staged files, or two files) are backward-compatible evolutions of their previous versions");
  command
      ->add_option("files", arguments->files,
                   "OLD.fbs NEW.fbs; with --against or --staged, the schema files or directories to check "
                   "(default: the configured [module] roots, else every tracked .fbs under the current directory)")
      ->expected(0, -1);
  command->add_option("-I,--include", arguments->include_dirs, "Directory to search for included schemas (repeatable)")
      ->allow_extra_args(false);  // one value each time: `-I DIR NEW.fbs` must not swallow the file
  command->add_option("--against", arguments->against,
                      "Check the module's schema files against the same files at a git ref (git:REF), or against a directory "
                      "of released copies (DIRECTORY, with the one directory of current schemas)");
  command->add_flag("--staged", arguments->staged,
                    "Check the schema files as staged (the index), against git:HEAD unless --against names a base");
  command
      ->add_option("--union-capacity-warning", arguments->union_capacity_warning,
                   "Warn when a union uses more type ids than this (UNION_CAPACITY)")
      ->check(CLI::Range(0, 65535).description(""))
      ->option_text("N (0..65535; default 200, or the configuration's)");
  command->add_option("--config", arguments->config,
                      "Configuration file (default: the judged repository's fbcompat.toml at its root, the index's with "
                      "--staged; for two files or directories, the nearest one above the new side)");
  command->add_option(
      "--lock", arguments->lock,
      "Lock file of released ids (default: the lock of the configured family whose directory holds NEW.fbs)");
  command->add_flag(
      "--confine-includes", arguments->confine_includes,
      "Refuse includes outside the schema's repository (or directory) and the -I directories; "
      "always on with --against and --staged (includes stay in the repository's tree) and when CI is set");
  command->add_flag("--fix", arguments->fix,
                    "Rewrite the new side's schema files so that every finding with a mechanical remedy is gone "
                    "(only the lines of the declarations fixed change; checked by diffing again); exit 1 when a "
                    "file changed. With --staged the work tree is written and nothing is staged");
  add_output_options(*command, arguments->output, formats_with_patch());
  command->footer(
      "Examples:\n"
      "  fbcompat diff old/schema.fbs schema.fbs\n"
      "  fbcompat diff --against git:origin/main              (every tracked .fbs)\n"
      "  fbcompat diff --against git:origin/main schemas/     (a directory of them)\n"
      "  fbcompat diff --staged                               (what is about to be committed)\n"
      "  fbcompat diff --against released/ schemas/           (file by file, by relative path)\n"
      "  fbcompat diff old.fbs new.fbs -I include/ --format json --strict\n"
      "  fbcompat diff --against git:main --fix                (make every mechanical fix)\n"
      "  fbcompat diff old.fbs new.fbs --format patch          (the fixes as a patch for git apply)\n"
      "Exit status: 0 compatible (warnings allowed), 1 breaking, 2 bad input or usage.");
  command->callback([arguments, &exit_code] { exit_code = run_diff(*arguments); });
}

}  // namespace fbcompat::cli
