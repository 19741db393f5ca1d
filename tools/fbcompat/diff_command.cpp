// fbcompat diff: the pre-merge gate. One schema against its previous version, from a file or a git ref.
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <future>
#include <map>
#include <memory>
#include <optional>

#include "command.h"
#include "fbcompat/checks/diff.h"
#include "fbcompat/checks/fix.h"
#include "fbcompat/checks/module_diff.h"
#include "fbcompat/core/git_source.h"
#include "fbcompat/core/schema_loader.h"
#include "project_config.h"

namespace fbcompat::cli {
namespace {

// From this size of the new schema on, the two sides are parsed at once (measured: docs/benchmarks.md).
constexpr std::uintmax_t kParallelParseBytes = 256 * 1024;

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

// The directory a path is in, or the path itself when it is one; a deleted file's path names its
// directory still.
std::string nearest_directory(const std::string& path) {
  std::error_code ignored;
  std::filesystem::path directory =
      std::filesystem::weakly_canonical(std::filesystem::absolute(path, ignored), ignored);
  while (!directory.empty() && !std::filesystem::is_directory(directory, ignored) &&
         directory != directory.root_path()) {
    directory = directory.parent_path();
  }
  return directory.empty() ? "." : directory.string();
}

// What every rule is told: --union-capacity-warning over the configuration's, and its root tables.
DiffOptions diff_options(const DiffArguments& arguments, const Config& config) {
  DiffOptions options;
  options.union_capacity_warning =
      arguments.union_capacity_warning != 0 ? arguments.union_capacity_warning : config.union_capacity_warning;
  options.root_tables = config.root_tables;
  return options;
}

// "3 schema files (1 added, 1 renamed) in schemas against origin/main", for the summary line.
std::string module_summary(const ModuleDiff& module, const ModuleDiffRequest& request, bool staged) {
  std::map<FileChangeKind, std::size_t> counts;
  for (const FileChange& change : module.files) ++counts[change.kind];
  std::string changed;
  for (const FileChangeKind kind :
       {FileChangeKind::Modified, FileChangeKind::Added, FileChangeKind::Renamed, FileChangeKind::Deleted}) {
    if (counts[kind] != 0)
      changed += fmt::format("{}{} {}", changed.empty() ? "" : ", ", counts[kind], file_change_name(kind));
  }
  std::string where = request.new_directory;
  for (const std::string& path : request.paths)
    where += (where.empty() ? "" : ", ") + (path.empty() ? std::string(".") : path);
  const std::string& base = request.base_directory.empty() ? request.base_ref : request.base_directory;
  return fmt::format("{} schema file{}{} in {}{} against {}", module.files.size(), module.files.size() == 1 ? "" : "s",
                     changed.empty() ? "" : " (" + changed + ")", where, staged ? ", as staged," : "", base);
}

// The module gate: every schema file under the paths (or the configured module) against the same files
// at the base ref, read from the work tree or, with --staged, the index.
// The lock check of each new schema (the lock of the family whose directory holds it), its first
// problem kept for the caller to report.
struct LockChecks {
  const Config& config;
  const std::string& explicit_lock;
  std::string root;  // what the module's paths are relative to
  std::optional<Error> problem;

  void operator()(const std::string& path, const Schema& schema, std::vector<Finding>& findings) {
    if (problem) return;
    auto guard = lock_for_schema(config, root + path, explicit_lock);
    if (!guard) {
      problem = guard.error();
      return;
    }
    if (!*guard) return;
    for (Finding& finding : check_against_lock(schema, (*guard)->section, (*guard)->path))
      findings.push_back(std::move(finding));
  }
};

int emit_module(const ModuleDiffRequest& request, const DiffArguments& arguments, const Config& config,
                LockChecks& locks, const std::vector<std::string>& include_dirs) {
  auto module = diff_module(request);
  if (!module) return report_error(module.error());
  // Asked once the module's files are known (nothing is written before): every schema file read, on the
  // file system, and the directories and files the command was given.
  std::vector<std::string> inputs = arguments.files;
  inputs.insert(inputs.end(), include_dirs.begin(), include_dirs.end());
  if (!request.base_directory.empty()) inputs.push_back(request.base_directory);
  const std::string root = request.base_directory.empty() ? request.repository->workdir() : "";
  for (const std::string& file : module->files_read) inputs.push_back(root + file);
  inputs.push_back(config.path);
  inputs.push_back(arguments.lock);
  if (output_would_destroy_input(arguments.output, inputs)) return kBadInput;
  if (locks.problem) return report_error(*locks.problem);
  FixRequest fixes;
  fixes.write = arguments.fix;
  fixes.texts = std::move(module->new_texts);
  fixes.recheck = [&request](const SchemaTexts& rewritten) -> Expected<std::vector<Finding>> {
    ModuleDiffRequest again = request;
    again.rewritten = rewritten;
    auto checked = diff_module(again);
    if (!checked) return checked.error();
    return std::move(checked->findings);
  };
  fixes.root = root;
  if (arguments.staged) {
    fixes.differs = "its work-tree text is not what is staged (which was checked): stage or stash the rest first";
  }
  return emit_fixed_findings(std::move(module->findings), arguments.output, policy_for(config, arguments.output),
                             module_summary(*module, request, arguments.staged), fixes, arguments.staged);
}

// A directory of released copies against the current directory of schemas, file by file.
int run_directory_diff(const DiffArguments& arguments) {
  if (arguments.staged) return report_error("--staged compares the index with a git ref: give --against git:REF");
  if (arguments.files.size() > 1) {
    return report_error("with --against DIRECTORY, give the one directory of current schemas to compare with it");
  }
  auto config = load_project_config(arguments.config, /*required=*/false);
  if (!config) return report_error(config.error());
  ModuleDiffRequest request;
  request.base_directory = arguments.against;
  request.new_directory = arguments.files.empty() ? "." : arguments.files.front();
  request.include_dirs = arguments.include_dirs;  // relative to each side's directory
  request.renames = config->module.renames;
  request.diff = diff_options(arguments, *config);
  LockChecks locks{*config, arguments.lock, request.new_directory + "/", std::nullopt};
  request.check_new = std::ref(locks);
  return emit_module(request, arguments, *config, locks, arguments.include_dirs);
}

int run_module_diff(const DiffArguments& arguments) {
  std::string ref = arguments.staged && arguments.against.empty() ? "git:HEAD" : arguments.against;
  if (ref.rfind("git:", 0) != 0) {
    std::error_code ignored;
    if (std::filesystem::is_directory(ref, ignored)) return run_directory_diff(arguments);
  }
  if (ref.rfind("git:", 0) != 0 || ref.size() == 4) {
    return report_error(fmt::format(
        "--against '{}': expected git:REF (git:HEAD, git:origin/main) or a directory of released copies", ref));
  }
  ref = ref.substr(4);
  auto repository =
      GitRepository::open(arguments.files.empty() ? "." : nearest_directory(arguments.files.front()), true);
  if (!repository) return report_error(repository.error());
  auto config = load_project_config(arguments.config, /*required=*/false);
  if (!config) return report_error(config.error());

  ModuleDiffRequest request;
  request.repository = *repository;
  request.base_ref = ref;
  request.side = arguments.staged ? NewSide::Index : NewSide::WorkTree;
  const auto repository_path = [&](const std::string& path) { return (*repository)->relative_path(path); };
  std::vector<std::string> paths = arguments.files;
  if (paths.empty()) paths = config->module.roots;
  request.explicit_paths = !paths.empty();  // given or configured: each must name a schema file
  if (paths.empty()) paths = {"."};
  for (const std::string& path : paths) {
    auto relative = repository_path(path);
    if (!relative) return report_error(relative.error());
    request.paths.push_back(*relative);
  }
  std::vector<std::string> include_dirs = config->module.include_dirs;
  include_dirs.insert(include_dirs.end(), arguments.include_dirs.begin(), arguments.include_dirs.end());
  for (const std::string& dir : include_dirs) {
    auto relative = repository_path(dir);
    if (!relative) return report_error(relative.error());
    request.include_dirs.push_back(*relative);
  }
  for (const auto& [from, to] : config->module.renames) {
    auto old_path = repository_path(from);
    auto new_path = repository_path(to);
    if (!old_path) return report_error(old_path.error());
    if (!new_path) return report_error(new_path.error());
    request.renames.emplace_back(*old_path, *new_path);
  }
  request.diff = diff_options(arguments, *config);
  LockChecks locks{*config, arguments.lock, (*repository)->workdir(), std::nullopt};
  request.check_new = std::ref(locks);
  return emit_module(request, arguments, *config, locks, include_dirs);
}

// Two files: the old schema and the new one, each with its includes from the file system.
int run_file_diff(const DiffArguments& arguments) {
  if (arguments.files.size() != 2) {
    return report_error(
        "give the old and the new schema (fbcompat diff OLD.fbs NEW.fbs), or a base to check the module against "
        "(fbcompat diff --against git:REF [PATH...], fbcompat diff --staged)");
  }
  const bool confined = arguments.confine_includes || running_in_ci();
  const std::string& old_path = arguments.files[0];
  const std::string& new_path = arguments.files[1];
  LoadOptions old_options;
  old_options.include_dirs = arguments.include_dirs;
  LoadOptions new_options;
  new_options.include_dirs = arguments.include_dirs;
  // fbcompat exits after this diff: leave the Parsers' memory to the end of the process.
  old_options.keep_parser_until_exit = new_options.keep_parser_until_exit = true;
  if (confined) {
    old_options.confine_to = include_roots(old_path, arguments.include_dirs);
    new_options.confine_to = include_roots(new_path, arguments.include_dirs);
  }

  // Large schemas are parsed side by side: parsing is nearly all of a large diff, and the two Parsers
  // share nothing. Small ones one after the other, where starting a thread costs more than it saves
  // (docs/benchmarks.md).
  std::error_code size_unknown;
  const std::uintmax_t new_size = std::filesystem::file_size(new_path, size_unknown);
  const bool side_by_side = !size_unknown && new_size >= kParallelParseBytes;
  std::future<Expected<Schema>> old_loading =
      std::async(side_by_side ? std::launch::async : std::launch::deferred,
                 [&old_path, &old_options] { return load_schema(old_path, old_options); });
  Expected<Schema> new_schema = load_schema(new_path, new_options);
  Expected<Schema> old_schema = old_loading.get();
  if (!old_schema) return report_error(old_schema.error());
  if (!new_schema) return report_error(new_schema.error());

  auto config = load_project_config(arguments.config, /*required=*/false);
  if (!config) return report_error(config.error());
  std::vector<std::string> inputs = arguments.files;
  inputs.insert(inputs.end(), arguments.include_dirs.begin(), arguments.include_dirs.end());
  for (const Schema* schema : {&*old_schema, &*new_schema})
    inputs.insert(inputs.end(), schema->files.begin(), schema->files.end());
  inputs.push_back(config->path);
  inputs.push_back(arguments.lock);
  if (output_would_destroy_input(arguments.output, inputs)) return kBadInput;
  const DiffOptions options = diff_options(arguments, *config);
  // A misspelt root table would quietly turn "every table is a root" off.
  for (const std::string& table : options.root_tables) {
    if (old_schema->find_composite(table) == nullptr && new_schema->find_composite(table) == nullptr) {
      return report_error(Error{config->path, 0, 0,
                                fmt::format("[diff] root_tables: '{}' is no table of either schema (give its qualified "
                                            "name, with its namespace)",
                                            table)});
    }
  }
  auto guard = lock_for_schema(*config, new_path, arguments.lock);
  if (!guard) return report_error(guard.error());
  const auto check = [&](const Schema& schema) {
    std::vector<Finding> findings = diff_schemas(*old_schema, schema, options);
    if (*guard) {
      for (Finding& finding : check_against_lock(schema, (*guard)->section, (*guard)->path)) {
        findings.push_back(std::move(finding));
      }
    }
    return findings;
  };
  FixRequest fixes;
  fixes.write = arguments.fix;
  fixes.texts = texts_of(*new_schema);
  fixes.recheck = [&](const SchemaTexts& rewritten) -> Expected<std::vector<Finding>> {
    auto fixed = load_rewritten(new_path, new_options, rewritten);
    if (!fixed) return fixed.error();
    return check(*fixed);
  };
  return emit_fixed_findings(check(*new_schema), arguments.output, policy_for(*config, arguments.output),
                             fmt::format("{} against {}", new_path, old_path), fixes);
}

int run_diff(const DiffArguments& arguments) {
  if (!arguments.against.empty() || arguments.staged) return run_module_diff(arguments);
  return run_file_diff(arguments);
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
  command->add_option("--config", arguments->config, "Configuration file (default: the nearest fbcompat.toml, if any)");
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
