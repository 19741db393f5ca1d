// The new side of `diff --staged`: files as the index holds them, which may differ from the work tree.
#include <fmt/format.h>

#include <cstdlib>

#include "fbcompat/core/git_source.h"
#include "git/git_handles.h"

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

bool GitIndexReader::read(const std::string& path, std::string* contents) const {
  const git_index_entry* entry = git2().git_index_get_bypath(index_->index, normalize_repository_path(path).c_str(), 0);
  if (entry == nullptr) {
    std::string inner;
    const GitTreeReader* submodule = in_submodule(path, &inner);
    return submodule != nullptr && submodule->read(inner, contents);
  }
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
  if (git2().git_index_get_bypath(index_->index, normalize_repository_path(path).c_str(), 0) != nullptr) return true;
  std::string inner;
  const GitTreeReader* submodule = in_submodule(path, &inner);
  return submodule != nullptr && submodule->exists(inner);
}

}  // namespace fbcompat
