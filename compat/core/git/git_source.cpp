#include "fbcompat/core/git_source.h"

#include <fnmatch.h>

#include <algorithm>
#include <filesystem>
#include <climits>
#include <cstdlib>
#include <map>
#include <vector>

#include <fmt/format.h>

#include <git2.h>

#include "fbcompat/support/inputs_read.h"
#include "git/git_handles.h"
#include "git/git_links.h"

namespace fbcompat {
namespace {

std::string absolute(const std::string& path) {
  char resolved[PATH_MAX];
  if (::realpath(path.c_str(), resolved) != nullptr) return resolved;
  return path;
}

}  // namespace

std::string last_git_error() {
  const git_error* error = git2().git_error_last();
  return error != nullptr && error->message != nullptr ? error->message : "unknown libgit2 error";
}

GitRepository::GitRepository(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

GitRepository::~GitRepository() {
  if (impl_ && impl_->repository != nullptr) git2().git_repository_free(impl_->repository);
}

Expected<std::shared_ptr<GitRepository>> GitRepository::open(const std::string& path, bool search_up) {
  if (auto missing = bind_libgit2()) return *missing;
  auto impl = std::make_unique<Impl>();
  const unsigned flags = search_up ? 0u : static_cast<unsigned>(GIT_REPOSITORY_OPEN_NO_SEARCH);
  if (git2().git_repository_open_ext(&impl->repository, path.c_str(), flags, nullptr) != 0) {
    return Error{path, 0, 0, fmt::format("not in a git repository ({})", last_git_error())};
  }
  // Its index, objects and refs are read: -o must never land among them.
  for (const char* dir : {git2().git_repository_path(impl->repository), git2().git_repository_commondir(impl->repository)}) {
    if (dir != nullptr) support::note_input_read(dir);
  }
  return std::shared_ptr<GitRepository>(new GitRepository(std::move(impl)));
}

std::string GitRepository::workdir() const {
  const char* dir = git2().git_repository_workdir(impl_->repository);
  return dir != nullptr ? dir : "";
}

Expected<std::string> GitRepository::relative_path(const std::string& file) const {
  const std::string root = workdir();
  if (root.empty()) return Error{file, 0, 0, "the repository is bare: give paths relative to its root"};
  // Links resolved, and a path that does not exist (a deleted file) still named: weakly canonical.
  std::error_code ignored;
  const std::string full = std::filesystem::weakly_canonical(std::filesystem::absolute(file, ignored), ignored).string();
  std::string root_resolved = absolute(root);
  if (!root_resolved.empty() && root_resolved.back() != '/') root_resolved += '/';
  if (full + "/" == root_resolved) return std::string();  // the root itself
  if (full.compare(0, root_resolved.size(), root_resolved) != 0) {
    return Error{file, 0, 0, fmt::format("the file is outside the repository at {}", root)};
  }
  return full.substr(root_resolved.size());
}

std::vector<std::string> GitRepository::refs_matching(const std::string& glob) const {
  std::vector<std::string> names;
  git_reference_iterator* iterator = nullptr;
  if (git2().git_reference_iterator_new(&iterator, impl_->repository) != 0) return names;
  git_reference* reference = nullptr;
  while (git2().git_reference_next(&reference, iterator) == 0) {
    const std::string short_name = git2().git_reference_shorthand(reference);
    // '*' stops at '/': "v*" is the tags and branches v1.0, v2.0-rc1, not origin/v1.0 or v1/feature.
    if (::fnmatch(glob.c_str(), short_name.c_str(), FNM_PATHNAME) == 0) names.push_back(short_name);
    git2().git_reference_free(reference);
  }
  git2().git_reference_iterator_free(iterator);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}


Expected<std::shared_ptr<GitRepository>> GitRepository::submodule(const std::string& path) const {
  const std::string key = normalize_repository_path(path);
  if (const auto found = impl_->submodules.find(key); found != impl_->submodules.end()) return found->second;
  // Its checkout first (`path/.git`, a file naming the clone); else the clone git keeps in the
  // superproject's modules directory (a submodule initialised but not checked out).
  std::vector<std::string> places;
  if (!workdir().empty()) places.push_back(workdir() + key);
  places.push_back(std::string(git2().git_repository_path(impl_->repository)) + "modules/" + key);
  for (const std::string& place : places) {
    auto opened = open(place, false);
    if (!opened) continue;
    // An empty directory inside the work tree opens the superproject itself: not the submodule's.
    if ((*opened)->impl().repository != nullptr &&
        std::string(git2().git_repository_path((*opened)->impl().repository)) == git2().git_repository_path(impl_->repository)) {
      continue;
    }
    impl_->submodules.emplace(key, *opened);
    return *opened;
  }
  return Error{key, 0, 0,
               fmt::format("is a submodule that is not checked out here, so its schema files cannot be read: run "
                           "`git submodule update --init {}` (in CI, check out with submodules)",
                           key)};
}

std::map<std::string, std::string> gitlinks_in(const GitTreeReader& reader, const std::vector<std::string>& candidates) {
  std::map<std::string, std::string> links;
  git_tree* tree = reader.tree().tree;
  if (tree == nullptr) return links;
  for (const std::string& path : candidates) {
    git_tree_entry* entry = nullptr;
    if (git2().git_tree_entry_bypath(&entry, tree, path.c_str()) != 0) continue;
    if (git2().git_tree_entry_filemode(entry) == GIT_FILEMODE_COMMIT) {
      links[path] = git2().git_oid_tostr_s(git2().git_tree_entry_id(entry));
    }
    git2().git_tree_entry_free(entry);
  }
  return links;
}

std::map<std::string, std::string> gitlinks_in(git_index* index) {
  std::map<std::string, std::string> links;
  const std::size_t count = git2().git_index_entrycount(index);
  for (std::size_t i = 0; i < count; ++i) {
    const git_index_entry* entry = git2().git_index_get_byindex(index, i);
    if (entry != nullptr && entry->mode == GIT_FILEMODE_COMMIT) links[entry->path] = git2().git_oid_tostr_s(&entry->id);
  }
  return links;
}

const GitTreeReader* submodule_reader(GitRepository& superproject, SubmoduleReaders& readers, const std::string& path,
                                      const std::string& commit) {
  const auto found = readers.find(path);
  if (found != readers.end()) return found->second.get();
  std::unique_ptr<GitTreeReader> reader;
  if (auto repository = superproject.submodule(path)) {
    if (auto opened = GitTreeReader::open(*repository, commit)) reader = std::move(opened.value());
  }
  return readers.emplace(path, std::move(reader)).first->second.get();
}

GitTreeReader::GitTreeReader(std::shared_ptr<GitRepository> repository, std::string ref, std::unique_ptr<Tree> tree)
    : repository_(std::move(repository)), ref_(std::move(ref)), tree_(std::move(tree)) {}

GitTreeReader::~GitTreeReader() = default;

Expected<std::unique_ptr<GitTreeReader>> GitTreeReader::open(std::shared_ptr<GitRepository> repository,
                                                             const std::string& ref) {
  // A repository before its first commit: HEAD is the empty tree, and every file is new.
  if (ref == "HEAD" && git2().git_repository_head_unborn(repository->impl().repository) == 1) {
    return std::unique_ptr<GitTreeReader>(new GitTreeReader(std::move(repository), ref, std::make_unique<Tree>()));
  }
  git_object* object = nullptr;
  const std::string spec = ref + "^{tree}";
  if (ref.empty() || git2().git_revparse_single(&object, repository->impl().repository, spec.c_str()) != 0) {
    std::string message = fmt::format("no commit named '{}' in the repository ({})", ref, last_git_error());
    // CI checkouts are often one commit deep: the ref exists upstream but not here.
    if (git2().git_repository_is_shallow(repository->impl().repository) == 1) {
      message += "; this clone is shallow, so older commits are missing: fetch more history (git fetch "
                 "--unshallow, or fetch-depth: 0 in actions/checkout)";
    }
    return Error{"git:" + ref, 0, 0, std::move(message)};
  }
  auto tree = std::make_unique<Tree>();
  tree->tree = reinterpret_cast<git_tree*>(object);
  return std::unique_ptr<GitTreeReader>(new GitTreeReader(std::move(repository), ref, std::move(tree)));
}

std::unique_ptr<GitTreeReader> GitTreeReader::empty(std::shared_ptr<GitRepository> repository, const std::string& ref) {
  return std::unique_ptr<GitTreeReader>(new GitTreeReader(std::move(repository), ref, std::make_unique<Tree>()));
}

const GitTreeReader* GitTreeReader::in_submodule(const std::string& path, std::string* inner) const {
  if (tree_->tree == nullptr) return nullptr;
  const std::string normalized = normalize_repository_path(path);
  for (std::size_t slash = normalized.find('/'); slash != std::string::npos; slash = normalized.find('/', slash + 1)) {
    const std::string prefix = normalized.substr(0, slash);
    git_tree_entry* entry = nullptr;
    if (git2().git_tree_entry_bypath(&entry, tree_->tree, prefix.c_str()) != 0) return nullptr;
    const bool gitlink = git2().git_tree_entry_filemode(entry) == GIT_FILEMODE_COMMIT;
    const std::string commit = gitlink ? git2().git_oid_tostr_s(git2().git_tree_entry_id(entry)) : "";
    git2().git_tree_entry_free(entry);
    if (!gitlink) continue;
    *inner = normalized.substr(slash + 1);
    return submodule_reader(*repository_, tree_->submodules, prefix, commit);
  }
  return nullptr;
}

namespace {

std::string blob_text(git_repository* repository, const git_oid* id) {
  git_blob* blob = nullptr;
  if (git2().git_blob_lookup(&blob, repository, id) != 0) return "";
  const auto* data = static_cast<const char*>(git2().git_blob_rawcontent(blob));
  std::string text(data, static_cast<std::size_t>(git2().git_blob_rawsize(blob)));
  git2().git_blob_free(blob);
  return text;
}

}  // namespace

GitPath GitTreeReader::follow(const std::string& path) const {
  return follow_git_links(path, [this](const std::string& at) {
    GitEntry found;
    git_tree_entry* entry = nullptr;
    if (tree_->tree == nullptr || git2().git_tree_entry_bypath(&entry, tree_->tree, at.c_str()) != 0) return found;
    switch (git2().git_tree_entry_type(entry)) {
      case GIT_OBJECT_BLOB:
        if (git2().git_tree_entry_filemode(entry) == GIT_FILEMODE_LINK) {
          found = {GitEntryKind::Link, blob_text(repository_->impl().repository, git2().git_tree_entry_id(entry))};
        } else {
          found.kind = GitEntryKind::File;
        }
        break;
      case GIT_OBJECT_TREE: found.kind = GitEntryKind::Directory; break;
      default: found.kind = GitEntryKind::Submodule; break;
    }
    git2().git_tree_entry_free(entry);
    return found;
  });
}

bool GitTreeReader::read(const std::string& path, std::string* contents) const {
  const GitPath followed = follow(path);
  if (followed.kind == GitEntryKind::Missing && !followed.problem) {
    // Not in this tree: it may be inside a submodule, read at the commit this tree records for it.
    std::string inner;
    const GitTreeReader* submodule = in_submodule(followed.path, &inner);
    return submodule != nullptr && submodule->read(inner, contents);
  }
  if (followed.kind != GitEntryKind::File) return false;
  git_tree_entry* entry = nullptr;
  if (git2().git_tree_entry_bypath(&entry, tree_->tree, followed.path.c_str()) != 0) return false;
  git_blob* blob = nullptr;
  const bool ok = git2().git_blob_lookup(&blob, repository_->impl().repository, git2().git_tree_entry_id(entry)) == 0;
  if (ok) {
    const auto* data = static_cast<const char*>(git2().git_blob_rawcontent(blob));
    contents->assign(data, static_cast<std::size_t>(git2().git_blob_rawsize(blob)));
    git2().git_blob_free(blob);
  }
  git2().git_tree_entry_free(entry);
  return ok;
}

bool GitTreeReader::exists(const std::string& path) const {
  const GitPath followed = follow(path);
  if (followed.kind == GitEntryKind::File) return true;
  if (followed.kind != GitEntryKind::Missing || followed.problem) return false;
  std::string inner;
  const GitTreeReader* submodule = in_submodule(followed.path, &inner);
  return submodule != nullptr && submodule->exists(inner);
}

std::optional<SourceProblem> GitTreeReader::problem(const std::string& path) const { return follow(path).problem; }

bool GitTreeReader::is_link(const std::string& path) const {
  if (tree_->tree == nullptr) return false;
  git_tree_entry* entry = nullptr;
  if (git2().git_tree_entry_bypath(&entry, tree_->tree, normalize_repository_path(path).c_str()) != 0) return false;
  const bool link = git2().git_tree_entry_filemode(entry) == GIT_FILEMODE_LINK;
  git2().git_tree_entry_free(entry);
  return link;
}

std::string GitTreeReader::display_name(const std::string& path) const {
  return fmt::format("git:{}:{}", ref_, normalize_repository_path(path));
}

}  // namespace fbcompat
