// The libgit2 handles behind git_source.h's classes, shared by the files that read a repository (its
// trees, its index, the changes between them).
#pragma once

#include <git2.h>

#include <string>

#include "fbcompat/core/git_source.h"
#include "git/libgit2_functions.h"

namespace fbcompat {

// libgit2's message for the last failed call.
std::string last_git_error();

struct GitRepository::Impl {
  git_repository* repository = nullptr;
};

struct GitTreeReader::Tree {
  git_tree* tree = nullptr;  // null: the empty tree (HEAD before the first commit)
  ~Tree() {
    if (tree != nullptr) git2().git_tree_free(tree);
  }
};

struct GitIndexReader::Index {
  git_index* index = nullptr;
  ~Index() {
    if (index != nullptr) git2().git_index_free(index);
  }
};

}  // namespace fbcompat
