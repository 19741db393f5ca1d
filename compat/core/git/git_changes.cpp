#include "fbcompat/core/git_changes.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <regex>

#include "git/git_handles.h"

namespace fbcompat {
namespace {

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

FileChange change_of(const git_diff_delta& delta) {
  FileChange change;
  const std::string old_path = delta.old_file.path != nullptr ? delta.old_file.path : "";
  const std::string new_path = delta.new_file.path != nullptr ? delta.new_file.path : "";
  switch (delta.status) {
    case GIT_DELTA_ADDED:
      return {FileChangeKind::Added, "", new_path};
    case GIT_DELTA_DELETED:
      return {FileChangeKind::Deleted, old_path, ""};
    case GIT_DELTA_RENAMED:
      return {FileChangeKind::Renamed, old_path, new_path};
    case GIT_DELTA_UNMODIFIED:
      return {FileChangeKind::Unchanged, old_path, new_path};
    default:
      return {FileChangeKind::Modified, old_path, new_path};
  }
}

struct DiffHandle {
  git_diff* diff = nullptr;
  ~DiffHandle() {
    if (diff != nullptr) git2().git_diff_free(diff);
  }
};

// The deltas of a diff, renames found, kept when either of their paths is a schema file.
Expected<std::vector<FileChange>> collect_changes(git_diff* diff, const GitTreeReader& base,
                                                  const std::string& suffix) {
  git_diff_find_options find = GIT_DIFF_FIND_OPTIONS_INIT;
  find.flags = GIT_DIFF_FIND_RENAMES;
  if (git2().git_diff_find_similar(diff, &find) != 0) {
    return Error{base.display_name(""), 0, 0, fmt::format("cannot detect renames ({})", last_git_error())};
  }
  std::vector<FileChange> changes;
  const std::size_t count = git2().git_diff_num_deltas(diff);
  for (std::size_t i = 0; i < count; ++i) {
    const git_diff_delta& delta = *git2().git_diff_get_delta(diff, i);
    // A symbolic link to a schema is another name for a file the module has anyway, and its blob is the
    // link's target, not a schema: it is neither read nor compared.
    if (delta.old_file.mode == GIT_FILEMODE_LINK || delta.new_file.mode == GIT_FILEMODE_LINK) continue;
    FileChange change = change_of(delta);
    const bool old_in = !change.old_path.empty() && ends_with(change.old_path, suffix);
    const bool new_in = !change.new_path.empty() && ends_with(change.new_path, suffix);
    if (!old_in && !new_in) continue;
    changes.push_back(std::move(change));
  }
  std::sort(changes.begin(), changes.end(), [](const FileChange& a, const FileChange& b) {
    const std::string& a_path = a.new_path.empty() ? a.old_path : a.new_path;
    const std::string& b_path = b.new_path.empty() ? b.old_path : b.new_path;
    return a_path < b_path;
  });
  return changes;
}

}  // namespace

const char* file_change_name(FileChangeKind kind) {
  switch (kind) {
    case FileChangeKind::Unchanged:
      return "unchanged";
    case FileChangeKind::Modified:
      return "modified";
    case FileChangeKind::Added:
      return "added";
    case FileChangeKind::Deleted:
      return "deleted";
    case FileChangeKind::Renamed:
      return "renamed";
  }
  return "modified";
}

Expected<std::vector<FileChange>> file_changes(const GitTreeReader& base, const GitIndexReader* index,
                                               const std::string& suffix) {
  git_repository* repository = base.repository().impl().repository;
  git_diff_options options = GIT_DIFF_OPTIONS_INIT;
  options.flags = GIT_DIFF_INCLUDE_UNMODIFIED;
  // Only schema files are compared, but all of them, wherever they are: a file moved into the module
  // from elsewhere, or named by its new path alone (as pre-commit names staged files), is still paired
  // with its old self. A large repository's other files are never read.
  const std::string pattern = "*" + suffix;
  char* pathspec[] = {const_cast<char*>(pattern.c_str())};
  options.pathspec.strings = pathspec;
  options.pathspec.count = 1;
  DiffHandle diff;
  int status = 0;
  if (index != nullptr) {
    status = git2().git_diff_tree_to_index(&diff.diff, repository, base.tree().tree, index->index().index, &options);
  } else {
    if (git2().git_repository_is_bare(repository) == 1) {
      return Error{base.display_name(""), 0, 0, "the repository is bare: it has no work tree to compare with"};
    }
    status = git2().git_diff_tree_to_workdir_with_index(&diff.diff, repository, base.tree().tree, &options);
  }
  if (status != 0) {
    return Error{base.display_name(""), 0, 0, fmt::format("cannot compare with {} ({})", base.ref(), last_git_error())};
  }
  return collect_changes(diff.diff, base, suffix);
}

Expected<std::vector<FileChange>> file_changes_between(const GitTreeReader& base, const GitTreeReader& head,
                                                       const std::string& suffix, bool unchanged) {
  git_diff_options options = GIT_DIFF_OPTIONS_INIT;
  if (unchanged) options.flags = GIT_DIFF_INCLUDE_UNMODIFIED;
  const std::string pattern = "*" + suffix;
  char* pathspec[] = {const_cast<char*>(pattern.c_str())};
  options.pathspec.strings = pathspec;
  options.pathspec.count = 1;
  DiffHandle diff;
  if (git2().git_diff_tree_to_tree(&diff.diff, base.repository().impl().repository, base.tree().tree, head.tree().tree,
                            &options) != 0) {
    return Error{base.display_name(""), 0, 0,
                 fmt::format("cannot compare {} with {} ({})", base.ref(), head.ref(), last_git_error())};
  }
  return collect_changes(diff.diff, base, suffix);
}

namespace {

void under(const std::string& submodule, std::vector<FileChange>& changes) {
  for (FileChange& change : changes) {
    if (!change.old_path.empty()) change.old_path = submodule + "/" + change.old_path;
    if (!change.new_path.empty()) change.new_path = submodule + "/" + change.new_path;
  }
}

// A side's tree of the submodule: the commit it records, or the empty tree when it has no such submodule.
Expected<std::unique_ptr<GitTreeReader>> submodule_tree(const std::shared_ptr<GitRepository>& submodule,
                                                        const std::string& path, const std::string& commit,
                                                        const std::string& side) {
  if (commit.empty()) return GitTreeReader::empty(submodule, side);
  auto tree = GitTreeReader::open(submodule, commit);
  if (tree) return tree;
  return Error{path, 0, 0,
               fmt::format("is a submodule whose commit {} ({}) is not in its clone here, so its schema files cannot "
                           "be read: fetch it (`git -C {} fetch origin {}`; in CI, check out the submodules with their "
                           "history)",
                           commit.substr(0, 12), side, path, commit)};
}

// The `path = ...` lines of a tree's .gitmodules.
std::vector<std::string> submodule_paths_listed(const GitTreeReader& tree) {
  std::vector<std::string> paths;
  std::string text;
  if (!tree.read(".gitmodules", &text)) return paths;
  static const std::regex path_line(R"(^\s*path\s*=\s*(.*?)\s*$)");
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    std::smatch match;
    if (std::regex_match(line, match, path_line)) paths.push_back(normalize_repository_path(match[1].str()));
    start = end + 1;
  }
  return paths;
}

std::string link_target_at(const std::map<std::string, std::string>& links, const std::string& path) {
  const auto found = links.find(path);
  return found == links.end() ? std::string() : found->second;
}

}  // namespace

Expected<SubmoduleChanges> submodule_changes(const GitTreeReader& base, const GitIndexReader* index,
                                             const std::string& suffix,
                                             const std::function<bool(const std::string& path)>& wanted) {
  GitRepository& superproject = base.repository();
  std::map<std::string, std::string> new_links;
  if (index != nullptr) {
    new_links = gitlinks_in(index->index().index);
  } else {
    // Where the work tree's submodules are, and at which commit, the index records.
    git_index* repository_index = nullptr;
    if (git2().git_repository_index(&repository_index, superproject.impl().repository) == 0) {
      new_links = gitlinks_in(repository_index);
      git2().git_index_free(repository_index);
    }
  }
  // The base's submodules: where the new side has one, and where the base's .gitmodules says one was.
  std::vector<std::string> candidates = submodule_paths_listed(base);
  for (const auto& [path, commit] : new_links) candidates.push_back(path);
  const std::map<std::string, std::string> base_links = gitlinks_in(base, candidates);
  std::map<std::string, bool> paths;
  for (const auto& [path, commit] : base_links) paths[path] = true;
  for (const auto& [path, commit] : new_links) paths[path] = true;
  SubmoduleChanges result;
  for (const auto& [path, ignored] : paths) {
    if (!wanted(path)) continue;
    const std::string before = link_target_at(base_links, path);
    const std::string after = link_target_at(new_links, path);
    std::error_code error;
    // The work tree side reads the submodule's checkout, which must be there.
    const bool checked_out = std::filesystem::exists(superproject.workdir() + path + "/.git", error);
    auto submodule = superproject.submodule(path);
    if (!submodule || (index == nullptr && !after.empty() && !checked_out)) {
      if (before == after) {
        result.unread.push_back(path);
        continue;
      }
      if (!submodule) return submodule.error();
      return Error{path, 0, 0,
                   fmt::format("is a submodule the change moves, and it is not checked out here: run `git submodule "
                               "update --init {}`",
                               path)};
    }
    auto base_tree = submodule_tree(*submodule, path, before, base.ref());
    if (!base_tree) return base_tree.error();
    Expected<std::vector<FileChange>> changes = std::vector<FileChange>{};
    if (index == nullptr && !after.empty()) {
      changes = file_changes(**base_tree, nullptr, suffix);
    } else {
      auto head_tree = submodule_tree(*submodule, path, after, index != nullptr ? "the index" : "the work tree");
      if (!head_tree) return head_tree.error();
      changes = file_changes_between(**base_tree, **head_tree, suffix, true);
    }
    if (!changes) return changes.error();
    under(path, *changes);
    result.changes.insert(result.changes.end(), changes->begin(), changes->end());
  }
  return result;
}

}  // namespace fbcompat
