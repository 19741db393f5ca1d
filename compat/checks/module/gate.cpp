#include "fbcompat/checks/gate.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <future>
#include <map>
#include <memory>
#include <set>

#include "fbcompat/checks/diff.h"
#include "fbcompat/checks/fix.h"
#include "fbcompat/checks/module_diff.h"
#include "fbcompat/core/git_source.h"
#include "fbcompat/core/repository_path.h"
#include "fbcompat/core/schema_loader.h"
#include "module/gate_configuration.h"
#include "module/schema_lock.h"

namespace fbcompat {
namespace {

namespace fs = std::filesystem;

// From this size of the new schema on, two files are parsed at once (measured: docs/benchmarks.md).
constexpr std::uintmax_t kParallelParseBytes = 256 * 1024;

// A run's result built step by step: what was read is kept even when a later step fails.
class GateRun {
 public:
  void read(const std::string& file) {
    if (!file.empty()) result_.files_read.push_back(file);
  }
  template <typename Files>
  void read_all(const Files& files, const std::string& root = "") {
    for (const std::string& file : files) read(root + file);
  }
  GateResult& result() { return result_; }
  GateResult fail(Error error) {
    result_.error = std::move(error);
    result_.findings.clear();
    result_.configuration_findings.clear();
    return finish();
  }
  GateResult finish() {
    std::vector<std::string>& read = result_.files_read;
    std::sort(read.begin(), read.end());
    read.erase(std::unique(read.begin(), read.end()), read.end());
    return std::move(result_);
  }

 private:
  GateResult result_;
};

// What every rule is told: --union-capacity-warning over the configuration's, and its root tables.
DiffOptions diff_options(const GateOptions& options, const Config& config) {
  DiffOptions diff;
  diff.union_capacity_warning =
      options.union_capacity_warning != 0 ? options.union_capacity_warning : config.union_capacity_warning;
  diff.root_tables = config.root_tables;
  return diff;
}

// A misspelt root table would quietly turn "every table is a root" off: each must be a table of the
// schemas compared, on either side.
std::optional<Error> unknown_root_table(const Config& config, const std::vector<std::string>& tables) {
  for (const std::string& table : config.root_tables) {
    if (std::find(tables.begin(), tables.end(), table) != tables.end()) continue;
    const auto line = config.lines.find("diff.root_tables");
    return Error{config.path.empty() ? "fbcompat.toml" : config.path,
                 line == config.lines.end() ? 0 : line->second, 0,
                 fmt::format("[diff] root_tables: '{}' is no table of the schemas compared, on either side (give its "
                             "qualified name, with its namespace)",
                             table)};
  }
  return std::nullopt;
}

// The lock check of each new schema: the lock of the family whose directory holds it. Its first problem
// is kept for the caller to report.
struct LockChecks {
  const Config& config;
  const std::string& explicit_lock;
  std::string root;  // what the module's paths are relative to
  std::vector<std::string>& files_read;
  std::optional<Error> problem;

  void operator()(const std::string& path, const Schema& schema, std::vector<Finding>& findings) {
    if (problem) return;
    auto guard = lock_for_schema(config, root + path, explicit_lock, files_read);
    if (!guard) {
      problem = guard.error();
      return;
    }
    if (!*guard) return;
    // The lock named as the repository names it, as the schemas are.
    std::string lock = (*guard)->path;
    if (!root.empty() && lock.compare(0, root.size(), root) == 0) lock = lock.substr(root.size());
    for (Finding& finding : check_against_lock(schema, (*guard)->section, lock)) findings.push_back(std::move(finding));
  }
};

// The module's check, run again for a fix with some new-side files rewritten: the same request and lock.
Recheck module_recheck(ModuleDiffRequest request, Config config, std::string lock, std::string root) {
  struct Check {
    ModuleDiffRequest request;
    Config config;
    std::string lock;
    std::string root;
  };
  auto state = std::make_shared<const Check>(Check{std::move(request), std::move(config), std::move(lock), std::move(root)});
  return [state](const SchemaTexts& rewritten) -> Expected<std::vector<Finding>> {
    ModuleDiffRequest again = state->request;
    again.rewritten = rewritten;
    std::vector<std::string> read;
    LockChecks locks{state->config, state->lock, state->root, read, std::nullopt};
    again.check_new = std::ref(locks);
    auto checked = diff_module(again);
    if (!checked) return checked.error();
    if (locks.problem) return *locks.problem;
    return std::move(checked->findings);
  };
}

std::vector<std::string> table_names(const Schema& schema, std::vector<std::string> names = {}) {
  for (const Composite& composite : schema.composites) {
    if (!composite.is_struct) names.push_back(composite.name);
  }
  return names;
}

// "3 schema files (1 added, 1 renamed) in schemas against origin/main", for the summary line.
std::string module_summary(const ModuleDiff& module, const std::string& where, const std::string& base) {
  std::map<FileChangeKind, std::size_t> counts;
  for (const FileChange& change : module.files) ++counts[change.kind];
  std::string changed;
  for (const FileChangeKind kind :
       {FileChangeKind::Modified, FileChangeKind::Added, FileChangeKind::Renamed, FileChangeKind::Deleted}) {
    if (counts[kind] != 0) {
      changed += fmt::format("{}{} {}", changed.empty() ? "" : ", ", counts[kind], file_change_name(kind));
    }
  }
  return fmt::format("{} schema file{}{} in {} against {}", module.files.size(), module.files.size() == 1 ? "" : "s",
                     changed.empty() ? "" : " (" + changed + ")", where, base);
}

// --- Two files --------------------------------------------------------------------------------------

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

LoadOptions file_load_options(const std::string& path, const GateOptions& options) {
  LoadOptions load;
  load.include_dirs = options.include_dirs;
  load.keep_parser_until_exit = options.keep_parsers_until_exit;
  if (options.confine_includes) load.confine_to = include_roots(path, options.include_dirs);
  return load;
}

std::string directory_of(const std::string& path) {
  const std::string parent = fs::path(path).parent_path().string();
  return parent.empty() ? "." : parent;
}

}  // namespace

GateResult diff_schema_files(const std::string& old_path, const std::string& new_path, const GateOptions& options) {
  GateRun run;
  run.read(old_path);
  run.read(new_path);
  run.read_all(options.include_dirs);
  const LoadOptions old_options = file_load_options(old_path, options);
  const LoadOptions new_options = file_load_options(new_path, options);
  // Large schemas are parsed side by side: parsing is nearly all of a large diff, and the two Parsers
  // share nothing. Small ones one after the other, where starting a thread costs more than it saves
  // (docs/benchmarks.md).
  std::error_code size_unknown;
  const std::uintmax_t new_size = fs::file_size(new_path, size_unknown);
  const bool side_by_side = !size_unknown && new_size >= kParallelParseBytes;
  std::future<Expected<Schema>> old_loading =
      std::async(side_by_side ? std::launch::async : std::launch::deferred,
                 [&old_path, &old_options] { return load_schema(old_path, old_options); });
  Expected<Schema> new_schema = load_schema(new_path, new_options);
  Expected<Schema> old_schema = old_loading.get();
  for (const Expected<Schema>* schema : {&old_schema, &new_schema}) {
    if (*schema) run.read_all((*schema)->files);
  }
  if (!old_schema) return run.fail(old_schema.error());
  if (!new_schema) return run.fail(new_schema.error());

  auto config = config_near(directory_of(new_path), options, run.result().files_read);
  if (!config) return run.fail(config.error());
  GateResult& result = run.result();
  result.config = std::move(config.value());
  if (auto problem = unknown_root_table(result.config, table_names(*new_schema, table_names(*old_schema)))) {
    return run.fail(*problem);
  }
  auto guard = lock_for_schema(result.config, new_path, options.lock, result.files_read);
  run.read(options.lock);
  if (!guard) return run.fail(guard.error());
  // The check, kept for a fix to run again on its rewritten text: the diff, then the lock.
  const auto old_side = std::make_shared<const Schema>(std::move(old_schema.value()));
  const auto check = [old_side, lock = std::move(guard.value()), diff = diff_options(options, result.config)](
                         const Schema& schema) {
    std::vector<Finding> findings = diff_schemas(*old_side, schema, diff);
    if (lock) {
      for (Finding& finding : check_against_lock(schema, lock->section, lock->path)) findings.push_back(std::move(finding));
    }
    return findings;
  };
  result.findings = check(*new_schema);
  result.new_texts = texts_of(*new_schema);
  result.recheck = [check, new_path, new_options](const SchemaTexts& rewritten) -> Expected<std::vector<Finding>> {
    auto fixed = load_rewritten(new_path, new_options, rewritten);
    if (!fixed) return fixed.error();
    return check(*fixed);
  };
  result.checked = fmt::format("{} against {}", new_path, old_path);
  return run.finish();
}

GateResult diff_schema_directories(const std::string& base_directory, const std::string& new_directory,
                                   const GateOptions& options) {
  GateRun run;
  run.read(base_directory);
  run.read(new_directory);
  run.read_all(options.include_dirs);
  auto config = config_near(new_directory, options, run.result().files_read);
  if (!config) return run.fail(config.error());
  GateResult& result = run.result();
  result.config = std::move(config.value());

  ModuleDiffRequest request;
  request.base_directory = base_directory;
  request.new_directory = new_directory;
  request.include_dirs = options.include_dirs;  // relative to each side's directory
  request.renames = result.config.module.renames;
  request.diff = diff_options(options, result.config);
  LockChecks locks{result.config, options.lock, with_trailing_slash(new_directory), result.files_read, std::nullopt};
  request.check_new = std::ref(locks);
  auto module = diff_module(request);
  run.read(options.lock);
  if (!module) return run.fail(module.error());
  run.read_all(module->files_read);
  if (locks.problem) return run.fail(*locks.problem);
  if (auto problem = unknown_root_table(result.config, module->tables)) return run.fail(*problem);
  result.checked = module_summary(*module, new_directory, base_directory);
  result.files = std::move(module->files);
  result.findings = std::move(module->findings);
  result.new_texts = std::move(module->new_texts);
  result.recheck = module_recheck(request, result.config, options.lock, with_trailing_slash(new_directory));
  return run.finish();
}

namespace {

// --- A git ref ----------------------------------------------------------------------------------------

// The directory a path is in, or the path itself when it is one; a deleted file's path names its
// directory still.
std::string nearest_directory(const std::string& path) {
  std::error_code ignored;
  fs::path directory = fs::weakly_canonical(fs::absolute(path, ignored), ignored);
  while (!directory.empty() && !fs::is_directory(directory, ignored) && directory != directory.root_path()) {
    directory = directory.parent_path();
  }
  return directory.empty() ? "." : directory.string();
}

// The module's files and directories from the command and the configuration.
struct ModuleScope {
  std::vector<std::string> paths;
  std::vector<std::string> exclude;
  bool narrowed = false;  // the current directory's files only, for want of paths
  std::string where;      // "schemas", "." for the summary
};

Expected<ModuleScope> module_scope(const GitRepository& repository, const std::vector<std::string>& given,
                                   const Config& config) {
  ModuleScope scope;
  std::vector<std::string> paths = given.empty() ? config.module.roots : given;
  if (paths.empty()) {
    auto here = repository.relative_path(".");
    if (!here) return here.error();
    scope.narrowed = !here->empty();
    scope.paths = {*here};
  } else {
    auto relative = repository_paths(repository, paths);
    if (!relative) return relative.error();
    scope.paths = std::move(relative.value());
  }
  auto exclude = repository_paths(repository, config.module.exclude);
  if (!exclude) return exclude.error();
  scope.exclude = std::move(exclude.value());
  for (const std::string& path : scope.paths) {
    scope.where += (scope.where.empty() ? "" : ", ") + (path.empty() ? std::string(".") : path);
  }
  return scope;
}

// `paths_given`: the command named the paths; else the configuration's roots, or the current directory.
Expected<ModuleDiffRequest> ref_request(const std::shared_ptr<GitRepository>& repository, const std::string& ref,
                                        NewSide side, const ModuleScope& scope, bool paths_given,
                                        const Configurations& configurations, const GateOptions& options) {
  const Config& config = configurations.current;
  ModuleDiffRequest request;
  request.repository = repository;
  request.base_ref = ref;
  request.side = side;
  request.paths = scope.paths;
  request.explicit_paths = paths_given || !config.module.roots.empty();  // each must name a schema file
  request.exclude = scope.exclude;
  std::vector<std::string> include_dirs = config.module.include_dirs;
  include_dirs.insert(include_dirs.end(), options.include_dirs.begin(), options.include_dirs.end());
  auto includes = repository_paths(*repository, include_dirs);
  if (!includes) return includes.error();
  request.include_dirs = std::move(includes.value());
  for (const auto& [from, to] : config.module.renames) {
    auto moved = repository_paths(*repository, {from, to});
    if (!moved) return moved.error();
    request.renames.emplace_back((*moved)[0], (*moved)[1]);
  }
  // The base configuration's module, to find the changes a narrowed module would hide.
  if (configurations.base && !paths_given &&
      (configurations.base->module.roots != config.module.roots ||
       configurations.base->module.exclude != config.module.exclude)) {
    auto base_paths = repository_paths(*repository, configurations.base->module.roots);
    auto base_exclude = repository_paths(*repository, configurations.base->module.exclude);
    if (base_paths && base_exclude) {
      request.compare_with_base_module = true;
      request.base_paths = std::move(base_paths.value());
      request.base_exclude = std::move(base_exclude.value());
    }
  }
  request.diff = diff_options(options, config);
  return request;
}

}  // namespace

GateResult diff_against_ref(const std::string& ref, NewSide side, const std::vector<std::string>& paths,
                            const GateOptions& options) {
  GateRun run;
  run.read_all(paths);
  run.read_all(options.include_dirs);
  auto repository = GitRepository::open(paths.empty() ? "." : nearest_directory(paths.front()), true);
  if (!repository) return run.fail(repository.error());
  const std::string root = (*repository)->workdir();
  GateResult& result = run.result();
  result.root = root;
  auto base = GitTreeReader::open(*repository, ref);
  if (!base) return run.fail(base.error());
  std::unique_ptr<GitIndexReader> index;
  if (side == NewSide::Index) {
    auto opened = GitIndexReader::open(*repository);
    if (!opened) return run.fail(opened.error());
    index = std::move(opened.value());
  }
  auto configurations = repository_configurations(**repository, **base, index.get(), options, run.result().files_read);
  if (!configurations) return run.fail(configurations.error());
  result.config = configurations->current;
  auto scope = module_scope(**repository, paths, result.config);
  if (!scope) return run.fail(scope.error());
  auto request = ref_request(*repository, ref, side, *scope, !paths.empty(), *configurations, options);
  if (!request) return run.fail(request.error());
  LockChecks locks{result.config, options.lock, root, result.files_read, std::nullopt};
  request->check_new = std::ref(locks);
  auto module = diff_module(*request);
  run.read(options.lock);
  if (!module) return run.fail(module.error());
  run.read_all(module->files_read, root);
  if (locks.problem) return run.fail(*locks.problem);
  if (auto problem = unknown_root_table(result.config, module->tables)) return run.fail(*problem);
  result.checked = module_summary(*module, scope->where + (side == NewSide::Index ? ", as staged," : ""), ref);
  if (scope->narrowed) {
    result.checked += fmt::format(" (narrowed to {}/, the current directory: run from the repository root, or name "
                                  "the paths, to check the whole module)",
                                  scope->where);
  }
  result.files = std::move(module->files);
  result.findings = std::move(module->findings);
  result.new_texts = std::move(module->new_texts);
  result.recheck = module_recheck(*request, result.config, options.lock, root);
  judge_configuration(result, **repository, *configurations, ref, module->left_out, options);
  return run.finish();
}

}  // namespace fbcompat
