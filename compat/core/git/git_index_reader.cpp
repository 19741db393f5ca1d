// The new side of `diff --staged`: files as the index holds them, which may differ from the work tree.
#include <fmt/format.h>

#include <cstdlib>

#include "fbcompat/core/git_source.h"
#include "fbcompat/support/inputs_read.h"
#include "git/git_handles.h"
#include "git/git_links.h"

namespace fbcompat {

GitIndexReader::GitIndexReader(std::shared_ptr<GitRepository> repository, std::unique_ptr<Index> index)
    : repository_(std::move(repository)), index_(std::move(index)) {}

GitIndexReader::~GitIndexReader() = default;

Expected<std::unique_ptr<GitIndexReader>> GitIndexReader::open(std::shared_ptr<GitRepository> repository) {
  auto index = std::make_unique<Index>();
  if (git2().git_repository_is_bare(repository->impl().repository) == 1) {
    return Error{"git:index", 0, 0, "the repository is bare: it has no index to check (--staged)"};
  }
  // `git commit -a` and `git commit FILE` stage into a temporary index and name it in GIT_INDEX_FILE for
  // the hooks they run: that is what the commit will hold, not .git/index.
  const char* index_file = std::getenv("GIT_INDEX_FILE");
  if (index_file != nullptr && *index_file != '\0') {
    std::string path = index_file;
    if (path.front() != '/') path = repository->workdir() + path;
    support::note_input_read(path);
    if (git2().git_index_open(&index->index, path.c_str()) != 0) {
      return Error{path, 0, 0, fmt::format("cannot read the index GIT_INDEX_FILE names ({})", last_git_error())};
    }
  } else if (git2().git_repository_index(&index->index, repository->impl().repository) != 0) {
    return Error{"git:index", 0, 0, fmt::format("cannot read the repository's index ({})", last_git_error())};
  }
  return std::unique_ptr<GitIndexReader>(new GitIndexReader(std::move(repository), std::move(index)));
}

const GitTreeReader* GitIndexReader::in_submodule(const std::string& path, std::string* inner) const {
  const std::string normalized = normalize_repository_path(path);
  for (std::size_t slash = normalized.find('/'); slash != std::string::npos; slash = normalized.find('/', slash + 1)) {
    const std::string prefix = normalized.substr(0, slash);
    const git_index_entry* entry = git2().git_index_get_bypath(index_->index, prefix.c_str(), 0);
    if (entry == nullptr || entry->mode != GIT_FILEMODE_COMMIT) continue;
    *inner = normalized.substr(slash + 1);
    return submodule_reader(*repository_, index_->submodules, prefix, git2().git_oid_tostr_s(&entry->id));
  }
  return nullptr;
}

GitPath GitIndexReader::follow(const std::string& path) const {
  return follow_git_links(path, [this](const std::string& at) {
    GitEntry found;
    // The index lists files only: a path that is none may be a directory, which only matters when a
    // link is followed through it.
    const git_index_entry* entry = git2().git_index_get_bypath(index_->index, at.c_str(), 0);
    if (entry == nullptr) return found;
    if ((entry->mode & 0170000) == 0120000) {
      git_blob* blob = nullptr;
      found.kind = GitEntryKind::Link;
      if (git2().git_blob_lookup(&blob, repository_->impl().repository, &entry->id) == 0) {
        found.link_target.assign(static_cast<const char*>(git2().git_blob_rawcontent(blob)),
                                 static_cast<std::size_t>(git2().git_blob_rawsize(blob)));
        git2().git_blob_free(blob);
      }
    } else {
      found.kind = (entry->mode & 0170000) == 0160000 ? GitEntryKind::Submodule : GitEntryKind::File;
    }
    return found;
  });
}

bool GitIndexReader::read(const std::string& path, std::string* contents) const {
  const GitPath followed = follow(path);
  if (followed.kind == GitEntryKind::Missing && !followed.problem) {
    // Not in the index: it may be inside a submodule, read at the commit the index stages for it.
    std::string inner;
    const GitTreeReader* submodule = in_submodule(followed.path, &inner);
    return submodule != nullptr && submodule->read(inner, contents);
  }
  if (followed.kind != GitEntryKind::File) return false;
  const git_index_entry* entry = git2().git_index_get_bypath(index_->index, followed.path.c_str(), 0);
  if (entry == nullptr) return false;
  git_blob* blob = nullptr;
  if (git2().git_blob_lookup(&blob, repository_->impl().repository, &entry->id) != 0) return false;
  const auto* data = static_cast<const char*>(git2().git_blob_rawcontent(blob));
  contents->assign(data, static_cast<std::size_t>(git2().git_blob_rawsize(blob)));
  git2().git_blob_free(blob);
  return true;
}

bool GitIndexReader::is_link(const std::string& path) const {
  const git_index_entry* entry = git2().git_index_get_bypath(index_->index, normalize_repository_path(path).c_str(), 0);
  return entry != nullptr && entry->mode == GIT_FILEMODE_LINK;
}

bool GitIndexReader::exists(const std::string& path) const {
  const GitPath followed = follow(path);
  if (followed.kind == GitEntryKind::File) return true;
  if (followed.kind != GitEntryKind::Missing || followed.problem) return false;
  std::string inner;
  const GitTreeReader* submodule = in_submodule(followed.path, &inner);
  return submodule != nullptr && submodule->exists(inner);
}
std::optional<SourceProblem> GitIndexReader::problem(const std::string& path) const {
  GitPath followed = follow(path);
  // The index cannot tell a directory from nothing: only what following the path found is a problem.
  if (followed.kind == GitEntryKind::Directory && followed.problem && !followed.problem->leads_outside) return std::nullopt;
  return followed.problem;
}

}  // namespace fbcompat
