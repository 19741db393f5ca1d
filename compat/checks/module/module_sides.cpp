#include "module/module_sides.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "fbcompat/core/repository_path.h"

namespace fbcompat {
namespace {

bool pattern_covers(const FileChange& change, const std::string& pattern) {
  return (!change.old_path.empty() && path_matches(change.old_path, pattern)) ||
         (!change.new_path.empty() && path_matches(change.new_path, pattern));
}

// The schema files under `dir`, by path relative to it: hidden directories (.git) and the directory
// `skip` (the released copies, when they lie inside the current directory) are not walked.
std::map<std::string, std::string> schema_files_under(const std::string& dir, const std::string& skip) {
  namespace fs = std::filesystem;
  std::map<std::string, std::string> files;  // relative path -> path to read
  std::error_code error;
  const fs::path skipped = fs::weakly_canonical(skip, error);
  fs::recursive_directory_iterator it(dir, error), end;
  for (; !error && it != end; it.increment(error)) {
    const fs::path& path = it->path();
    if (it->is_directory(error) &&
        (path.filename().string().rfind('.', 0) == 0 || fs::weakly_canonical(path, error) == skipped)) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file(error) && path.extension() == ".fbs") {
      files[path.lexically_relative(dir).generic_string()] = path.string();
    }
  }
  return files;
}

// A directory of released copies against the current one: the same relative path is the same file.
Expected<std::vector<FileChange>> directory_changes(const std::string& base_dir, const std::string& new_dir) {
  std::error_code error;
  for (const std::string& dir : {base_dir, new_dir}) {
    if (!std::filesystem::is_directory(dir, error)) return Error{dir, 0, 0, "no such directory"};
  }
  const auto old_files = schema_files_under(base_dir, "");
  const auto new_files = schema_files_under(new_dir, base_dir);
  const FileSystemReader reader;
  std::vector<FileChange> changes;
  for (const auto& [path, full] : new_files) {
    const auto old_file = old_files.find(path);
    if (old_file == old_files.end()) {
      changes.push_back({FileChangeKind::Added, "", path});
      continue;
    }
    std::string old_text;
    std::string new_text;
    const bool same = reader.read(old_file->second, &old_text) && reader.read(full, &new_text) && old_text == new_text;
    changes.push_back({same ? FileChangeKind::Unchanged : FileChangeKind::Modified, path, path});
  }
  for (const auto& [path, full] : old_files) {
    if (new_files.count(path) == 0) changes.push_back({FileChangeKind::Deleted, path, ""});
  }
  return changes;
}

// Splits every schema file's change into the module's and the rest, noting which files changed.
void select_module(const std::vector<FileChange>& all_changes, const ModuleDiffRequest& request, ModuleSides& sides) {
  std::vector<std::string> paths;
  for (const std::string& path : request.paths) paths.push_back(is_glob(path) ? path : normalize_repository_path(path));
  for (const FileChange& change : all_changes) {
    if (change.kind != FileChangeKind::Unchanged && !change.new_path.empty()) sides.changed_files.insert(change.new_path);
    if (!change.new_path.empty()) sides.new_files.push_back(change.new_path);
    // A file moved across the module's edge is still the same schema, compared with its old self
    // (pre-commit names a moved file by its new path alone).
    if (in_module(change, paths, request.exclude)) {
      sides.changes.push_back(change);
    } else if (request.compare_with_base_module && change.kind != FileChangeKind::Unchanged &&
               in_module(change, request.base_paths, request.base_exclude)) {
      sides.left_out.push_back(change.new_path.empty() ? change.old_path : change.new_path);
    }
  }
}

// A path given that names no schema is a mistake; a module with none (a project's first schema is still
// to come) has nothing to break.
std::optional<Error> path_without_schema(const ModuleSides& sides, const ModuleDiffRequest& request,
                                         const std::string& where) {
  if (!request.explicit_paths) return std::nullopt;
  for (const std::string& given : request.paths) {
    const std::string path = is_glob(given) ? given : normalize_repository_path(given);
    const bool found = std::any_of(sides.changes.begin(), sides.changes.end(),
                                   [&](const FileChange& change) { return pattern_covers(change, path); });
    if (!found) {
      return Error{path.empty() ? "." : path, 0, 0, fmt::format("no tracked schema file (.fbs) here, {}", where)};
    }
  }
  return std::nullopt;
}

// Whether a submodule may hold files of the module: it lies under one of its paths, or one of them lies
// inside it (or is a glob), and it is not excluded.
bool module_may_reach(const std::string& submodule, const ModuleDiffRequest& request) {
  const FileChange itself{FileChangeKind::Unchanged, submodule, submodule};
  if (!in_module(itself, {}, request.exclude)) return false;
  return request.paths.empty() || std::any_of(request.paths.begin(), request.paths.end(), [&](const std::string& path) {
           return is_glob(path) || path_matches(submodule, path) ||
                  path_is_under(normalize_repository_path(path), submodule);
         });
}

Expected<ModuleSides> directory_sides(const ModuleDiffRequest& request) {
  auto changes = directory_changes(request.base_directory, request.new_directory);
  if (!changes) return changes.error();
  ModuleSides sides;
  select_module(*changes, request, sides);
  sides.base_name = with_trailing_slash(request.base_directory);
  sides.base = std::make_unique<DirectoryReader>(request.base_directory, sides.base_name);
  sides.deleted_prefix = sides.base_name;
  sides.head = std::make_unique<DirectoryReader>(request.new_directory, with_trailing_slash(request.new_directory));
  return sides;
}

Expected<ModuleSides> git_sides(const ModuleDiffRequest& request) {
  auto base = GitTreeReader::open(request.repository, request.base_ref);
  if (!base) return base.error();
  std::unique_ptr<GitIndexReader> index;
  if (request.side == NewSide::Index) {
    auto opened = GitIndexReader::open(request.repository);
    if (!opened) return opened.error();
    index = std::move(opened.value());
  } else if (request.repository->workdir().empty()) {
    return Error{"git:" + request.base_ref, 0, 0, "the repository is bare: it has no work tree to check"};
  }
  // Every schema file's change, the module's and the rest: a module file may include a file outside it.
  auto all_changes = file_changes(**base, index.get(), ".fbs");
  if (!all_changes) return all_changes.error();
  // And the schema files of the module's submodules, each side's at the commit it records.
  auto submodules = submodule_changes(**base, index.get(), ".fbs", [&](const std::string& submodule) {
    return module_may_reach(submodule, request);
  });
  if (!submodules) return submodules.error();
  all_changes->insert(all_changes->end(), submodules->changes.begin(), submodules->changes.end());
  ModuleSides sides;
  sides.unread_submodules = std::move(submodules->unread);
  select_module(*all_changes, request, sides);
  if (auto problem = path_without_schema(sides, request,
                                         fmt::format("{} or at {}",
                                                     request.side == NewSide::Index ? "staged" : "in the work tree",
                                                     request.base_ref))) {
    return *problem;
  }
  sides.base = std::move(base.value());
  sides.base_name = request.base_ref;
  if (index) {
    sides.head = std::move(index);
  } else {
    sides.head = std::make_unique<DirectoryReader>(request.repository->workdir());
  }
  return sides;
}

}  // namespace

bool in_module(const FileChange& change, const std::vector<std::string>& paths, const std::vector<std::string>& exclude) {
  const bool included =
      paths.empty() || std::any_of(paths.begin(), paths.end(), [&](const std::string& path) { return pattern_covers(change, path); });
  // An excluded file is left out on the side that has it: a fixture moved into an excluded directory is
  // no longer the module's, whichever path names it.
  const auto excluded = [&](const std::string& path) {
    return !path.empty() && std::any_of(exclude.begin(), exclude.end(),
                                        [&](const std::string& pattern) { return path_matches(path, pattern); });
  };
  const bool left_out = (change.new_path.empty() || excluded(change.new_path)) &&
                        (change.old_path.empty() || excluded(change.old_path));
  return included && !left_out;
}

Expected<ModuleSides> module_sides(const ModuleDiffRequest& request) {
  return request.base_directory.empty() ? git_sides(request) : directory_sides(request);
}

}  // namespace fbcompat
