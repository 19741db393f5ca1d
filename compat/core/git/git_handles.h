// The libgit2 handles behind git_source.h's classes, shared by the files that read a repository (its
// trees, its index, the changes between them).
#pragma once

#include <git2.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "fbcompat/core/git_source.h"
#include "git/libgit2_functions.h"

namespace fbcompat {

// libgit2's message for the last failed call.
std::string last_git_error();

struct GitRepository::Impl {
  git_repository* repository = nullptr;
  // Submodules opened so far, by repository path.
  mutable std::map<std::string, std::shared_ptr<GitRepository>> submodules;
};

// The readers of the submodules a tree or an index records, at their recorded commits, by path; null for
// one that cannot be read.
using SubmoduleReaders = std::map<std::string, std::unique_ptr<GitTreeReader>>;

struct GitTreeReader::Tree {
  git_tree* tree = nullptr;  // null: the empty tree (HEAD before the first commit)
  mutable SubmoduleReaders submodules;
  ~Tree() {
    if (tree != nullptr) git2().git_tree_free(tree);
  }
};

struct GitIndexReader::Index {
  git_index* index = nullptr;
  mutable SubmoduleReaders submodules;
  ~Index() {
    if (index != nullptr) git2().git_index_free(index);
  }
};

// The gitlinks (submodules) an index records, and those a tree records at some of `candidates` (paths):
// repository path to commit id (hex). A tree is asked path by path, not walked: a large repository's
// trees are never all read.
std::map<std::string, std::string> gitlinks_in(git_index* index);
std::map<std::string, std::string> gitlinks_in(const GitTreeReader& tree, const std::vector<std::string>& candidates);

// The reader of a submodule at `commit`, made once per path in `readers`; null when it cannot be read.
const GitTreeReader* submodule_reader(GitRepository& superproject, SubmoduleReaders& readers, const std::string& path,
                                      const std::string& commit);

}  // namespace fbcompat
