#include "git/git_api.h"

#include <cstdlib>

#include <fmt/format.h>

#include "git/shared_library.h"

namespace fbcompat {

Expected<const GitApi*> git_api() {
  static const Expected<const GitApi*> loaded = []() -> Expected<const GitApi*> {
    auto library = SharedLibrary::open(FBCOMPAT_LIBGIT2_SONAME);
    if (!library) return library.error();
    static GitApi api;
#define FBCOMPAT_GIT_RESOLVE(name)                                                                         \
  api.name = reinterpret_cast<decltype(&git_##name)>((*library)->symbol("git_" #name));                   \
  if (api.name == nullptr) {                                                                               \
    return Error{FBCOMPAT_LIBGIT2_SONAME, 0, 0, fmt::format("{} has no git_{}", FBCOMPAT_LIBGIT2_SONAME, #name)}; \
  }
    FBCOMPAT_GIT_FUNCTIONS(FBCOMPAT_GIT_RESOLVE)
#undef FBCOMPAT_GIT_RESOLVE
    api.libgit2_init();
    std::atexit([] { api.libgit2_shutdown(); });
    return &api;
  }();
  return loaded;
}

}  // namespace fbcompat
