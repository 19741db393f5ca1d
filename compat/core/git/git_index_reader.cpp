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

bool GitIndexReader::exists(const std::string& path) const { return follow(path).kind == GitEntryKind::File; }

std::optional<SourceProblem> GitIndexReader::problem(const std::string& path) const {
  GitPath followed = follow(path);
  // The index cannot tell a directory from nothing: only what following the path found is a problem.
  if (followed.kind == GitEntryKind::Directory && followed.problem && !followed.problem->leads_outside) return std::nullopt;
  return followed.problem;
}

}  // namespace fbcompat
