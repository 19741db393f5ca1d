#include "fbcompat/core/git_changes.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>

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
                                                       const std::string& suffix) {
  git_diff_options options = GIT_DIFF_OPTIONS_INIT;
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

}  // namespace fbcompat
