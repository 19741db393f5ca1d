// The libgit2 functions fbcompat calls, bound from libgit2 when a repository is first opened rather
// than linked: libgit2 and the libraries it brings would cost every run its start-up, and only the
// module gate and `audit --git` read repositories (support/on_demand_library.h says why).
#pragma once

#include <git2.h>

#include <optional>

#include "fbcompat/core/error.h"

// Every libgit2 function any file of fbcompat calls: one more call is one more name here.
#define FBCOMPAT_LIBGIT2_FUNCTIONS(X)                                                                          \
  X(git_libgit2_init) X(git_libgit2_shutdown) X(git_error_last)                                                \
  X(git_repository_open_ext) X(git_repository_free) X(git_repository_workdir) X(git_repository_is_bare)        \
  X(git_repository_is_shallow) X(git_repository_head_unborn) X(git_repository_index) X(git_revparse_single)    \
  X(git_reference_iterator_new) X(git_reference_next) X(git_reference_shorthand) X(git_reference_free)         \
  X(git_reference_iterator_free) X(git_tree_free) X(git_tree_entry_bypath) X(git_tree_entry_type)              \
  X(git_tree_entry_id) X(git_tree_entry_free) X(git_blob_lookup) X(git_blob_rawcontent) X(git_blob_rawsize)    \
  X(git_blob_free) X(git_index_open) X(git_index_free) X(git_index_get_bypath) X(git_diff_tree_to_tree)        \
  X(git_diff_tree_to_index) X(git_diff_tree_to_workdir_with_index) X(git_diff_find_similar)                    \
  X(git_diff_num_deltas) X(git_diff_get_delta) X(git_diff_free) X(git_tree_entry_filemode)                       \
  X(git_index_entrycount) X(git_index_get_byindex) X(git_oid_tostr_s)                                         \
  X(git_repository_path) X(git_repository_commondir)

namespace fbcompat {

// Each function under its own name, with its own type (git2.h's declaration).
struct Libgit2Functions {
#define FBCOMPAT_LIBGIT2_POINTER(name) decltype(&::name) name = nullptr;
  FBCOMPAT_LIBGIT2_FUNCTIONS(FBCOMPAT_LIBGIT2_POINTER)
#undef FBCOMPAT_LIBGIT2_POINTER
};

// Loads libgit2 (the soname the build compiled against), binds every function and initialises the
// library, once; the Error says which library is missing and why. GitRepository::open calls it.
std::optional<Error> bind_libgit2();

// The bound functions. Only code holding a repository calls them, and every repository was opened
// after bind_libgit2() succeeded.
const Libgit2Functions& git2();

}  // namespace fbcompat
