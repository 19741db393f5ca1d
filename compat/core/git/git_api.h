// The libgit2 functions fbcompat calls, resolved from libgit2 opened at first use (shared_library.h):
// only commands that read git pay for loading it.
#pragma once

#include <git2.h>

#include "fbcompat/core/error.h"

namespace fbcompat {

#define FBCOMPAT_GIT_FUNCTIONS(X)                                                                         \
  X(libgit2_init) X(libgit2_shutdown) X(error_last) X(repository_open_ext) X(repository_free)             \
  X(repository_workdir) X(reference_iterator_new) X(reference_next) X(reference_shorthand)                \
  X(reference_free) X(reference_iterator_free) X(revparse_single) X(tree_free) X(tree_entry_bypath)      \
  X(tree_entry_type) X(tree_entry_id) X(tree_entry_free) X(blob_lookup) X(blob_rawcontent) X(blob_rawsize) \
  X(blob_free)

struct GitApi {
#define FBCOMPAT_GIT_POINTER(name) decltype(&git_##name) name = nullptr;
  FBCOMPAT_GIT_FUNCTIONS(FBCOMPAT_GIT_POINTER)
#undef FBCOMPAT_GIT_POINTER
};

// libgit2, loaded and initialised once; an Error when it cannot be loaded.
Expected<const GitApi*> git_api();

}  // namespace fbcompat
