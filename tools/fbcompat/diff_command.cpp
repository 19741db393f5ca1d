// fbcompat diff: the pre-merge gate. One schema against its previous version, from a file or a git ref.
#include <filesystem>
#include <future>
#include <memory>

#include <fmt/format.h>

#include "command.h"
#include "project_config.h"
#include "fbcompat/checks/diff.h"
#include <cstdlib>

#include "fbcompat/core/git_source.h"
#include "fbcompat/core/schema_loader.h"

namespace fbcompat::cli {
namespace {

// From this size of the new schema on, the two sides are parsed at once (measured: docs/benchmarks.md).
constexpr std::uintmax_t kParallelParseBytes = 256 * 1024;

struct DiffArguments {
  std::vector<std::string> files;
  std::vector<std::string> include_dirs;
  std::string against;
  std::size_t union_capacity_warning = 0;  // 0: the configuration's (default 200)
  std::string config;
  std::string lock;
  bool confine_includes = false;  // also on with --against and under CI
  OutputOptions output;
};

struct OldSide {
  std::string path;
  LoadOptions options;
  std::shared_ptr<GitTreeReader> reader;  // keeps the git tree alive while loading
  std::string label;
};

// The old schema is NEW.fbs itself at a git ref; its includes are read at the same ref.
Expected<OldSide> old_side_from_git(const DiffArguments& arguments) {
  const std::string& new_file = arguments.files.front();
  const std::string ref = arguments.against.substr(4);
  const auto slash = new_file.find_last_of('/');
  auto repository = GitRepository::open(slash == std::string::npos ? "." : new_file.substr(0, slash + 1), true);
  if (!repository) return repository.error();
  auto relative = (*repository)->relative_path(new_file);
  if (!relative) return relative.error();
  auto tree = GitTreeReader::open(*repository, ref);
  if (!tree) return tree.error();
  OldSide side;
  side.path = *relative;
  side.reader = std::move(tree.value());
  side.options.reader = side.reader.get();
  for (const std::string& dir : arguments.include_dirs) {
    auto relative_dir = (*repository)->relative_path(dir);
    if (!relative_dir) return relative_dir.error();
    side.options.include_dirs.push_back(*relative_dir + "/");
  }
  side.label = side.reader->display_name(side.path);
  if (!side.reader->exists(side.path)) {
    return Error{side.label, 0, 0, fmt::format("{} does not exist at {}", side.path, ref)};
  }
  return side;
}

// True under a CI service (each sets CI, most to "true"): the gate then runs unattended, on a pull
// request's files, and its includes are confined.
bool running_in_ci() {
  const char* ci = std::getenv("CI");
  if (ci == nullptr) return false;
  const std::string value = ci;
  return !value.empty() && value != "false" && value != "0";
}

// Where a confined schema's includes may come from: the repository that holds it (its directory
// outside a repository), and each -I directory.
std::vector<std::string> include_roots(const std::string& schema, const std::vector<std::string>& include_dirs) {
  const auto slash = schema.find_last_of('/');
  const std::string directory = slash == std::string::npos ? "." : schema.substr(0, slash + 1);
  std::vector<std::string> roots;
  auto repository = GitRepository::open(directory, true);
  roots.push_back(repository && !(*repository)->workdir().empty() ? (*repository)->workdir() : directory);
  roots.insert(roots.end(), include_dirs.begin(), include_dirs.end());
  return roots;
}

int run_diff(const DiffArguments& arguments) {
  LoadOptions new_options;
  new_options.include_dirs = arguments.include_dirs;
  const bool confined = arguments.confine_includes || !arguments.against.empty() || running_in_ci();
  std::string new_path;
  OldSide old_side;
  if (!arguments.against.empty()) {
    if (arguments.files.size() != 1) return report_error("with --against, give only the new schema: fbcompat diff NEW.fbs --against git:REF");
    if (arguments.against.rfind("git:", 0) != 0 || arguments.against.size() == 4) {
      return report_error(fmt::format("--against '{}': expected git:REF, such as git:HEAD or git:v1.4.1", arguments.against));
    }
    // Checked first: a missing file would otherwise be reported as lying outside the repository.
    std::error_code ignored;
    if (!std::filesystem::exists(arguments.files.front(), ignored)) {
      return report_error(Error{arguments.files.front(), 0, 0,
                                "no such file: with --against, give the working-tree path of the schema to check"});
    }
    auto side = old_side_from_git(arguments);
    if (!side) return report_error(side.error());
    old_side = std::move(side.value());
    new_path = arguments.files.front();
    // The tree at the ref holds repository paths: its root, and the -I directories within it.
    old_side.options.confine_to = old_side.options.include_dirs;
    old_side.options.confine_to.push_back("");
  } else {
    if (arguments.files.size() != 2) return report_error("give the old and the new schema: fbcompat diff OLD.fbs NEW.fbs");
    old_side.path = arguments.files[0];
    old_side.options.include_dirs = arguments.include_dirs;
    old_side.label = old_side.path;
    new_path = arguments.files[1];
    if (confined) old_side.options.confine_to = include_roots(old_side.path, arguments.include_dirs);
  }
  if (confined) new_options.confine_to = include_roots(new_path, arguments.include_dirs);

  // Large schemas are parsed side by side: parsing is nearly all of a large diff, and the two Parsers
  // share nothing. Small ones one after the other, where starting a thread costs more than it saves
  // (docs/benchmarks.md).
  std::error_code size_unknown;
  const std::uintmax_t new_size = std::filesystem::file_size(new_path, size_unknown);
  const bool side_by_side = !size_unknown && new_size >= kParallelParseBytes;
  std::future<Expected<Schema>> old_loading =
      std::async(side_by_side ? std::launch::async : std::launch::deferred,
                 [&old_side] { return load_schema(old_side.path, old_side.options); });
  Expected<Schema> new_schema = load_schema(new_path, new_options);
  Expected<Schema> old_schema = old_loading.get();
  if (!old_schema) return report_error(old_schema.error());
  if (!new_schema) return report_error(new_schema.error());

  auto config = load_project_config(arguments.config, /*required=*/false);
  if (!config) return report_error(config.error());
  std::vector<std::string> inputs = arguments.files;
  inputs.insert(inputs.end(), arguments.include_dirs.begin(), arguments.include_dirs.end());
  for (const Schema* schema : {&*old_schema, &*new_schema}) inputs.insert(inputs.end(), schema->files.begin(), schema->files.end());
  inputs.push_back(config->path);
  inputs.push_back(arguments.lock);
  if (output_would_destroy_input(arguments.output, inputs)) return kBadInput;
  DiffOptions options;
  options.union_capacity_warning =
      arguments.union_capacity_warning != 0 ? arguments.union_capacity_warning : config->union_capacity_warning;
  std::vector<Finding> findings = diff_schemas(*old_schema, *new_schema, options);
  auto guard = lock_for_schema(*config, new_path, arguments.lock);
  if (!guard) return report_error(guard.error());
  if (*guard) {
    for (Finding& finding : check_against_lock(*new_schema, (*guard)->section, (*guard)->path)) {
      findings.push_back(std::move(finding));
    }
  }
  return emit_findings(std::move(findings), arguments.output,
                       policy_for(*config, arguments.output), fmt::format("{} against {}", new_path, old_side.label));
}

}  // namespace

void add_diff_command(CLI::App& app, int& exit_code) {
  auto arguments = std::make_shared<DiffArguments>();
  CLI::App* command = app.add_subcommand("diff", "Check that a schema is a backward-compatible evolution of its previous version");
  command->add_option("files", arguments->files, "OLD.fbs NEW.fbs, or NEW.fbs with --against")->required()->expected(1, 2);
  command->add_option("-I,--include", arguments->include_dirs, "Directory to search for included schemas (repeatable)")
      ->allow_extra_args(false);  // one value each time: `-I DIR NEW.fbs` must not swallow the file
  command->add_option("--against", arguments->against, "Compare NEW.fbs with its own version at a git ref: git:REF");
  command->add_option("--union-capacity-warning", arguments->union_capacity_warning,
                      "Warn when a union uses more type ids than this (UNION_CAPACITY)")
      ->check(CLI::Range(0, 65535).description(""))
      ->option_text("N (0..65535; default 200, or the configuration's)");
  command->add_option("--config", arguments->config, "Configuration file (default: the nearest fbcompat.toml, if any)");
  command->add_option("--lock", arguments->lock,
                      "Lock file of released ids (default: the lock of the configured family whose directory holds NEW.fbs)");
  command->add_flag("--confine-includes", arguments->confine_includes,
                    "Refuse includes outside the schema's repository (or directory) and the -I directories; "
                    "always on with --against and when CI is set");
  add_output_options(*command, arguments->output);
  command->footer(
      "Examples:\n"
      "  fbcompat diff old/schema.fbs schema.fbs\n"
      "  fbcompat diff schemas/xnnpack/schema.fbs --against git:origin/main\n"
      "  fbcompat diff old.fbs new.fbs -I include/ --format json --strict\n"
      "Exit status: 0 compatible (warnings allowed), 1 breaking, 2 bad input or usage.");
  command->callback([arguments, &exit_code] { exit_code = run_diff(*arguments); });
}

}  // namespace fbcompat::cli
