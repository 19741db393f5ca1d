#include "git/libgit2_functions.h"

#include <cstdlib>

#include "fbcompat/support/on_demand_library.h"

namespace fbcompat {
namespace {

Libgit2Functions bound;

std::optional<Error> bind_once() {
  static OnDemandLibrary library(FBCOMPAT_LIBGIT2_SONAME, "reading git repositories (diff --against git:REF, --staged, "
                                                          "audit --git)");
  static const char* const names[] = {
#define FBCOMPAT_LIBGIT2_NAME(name) #name,
      FBCOMPAT_LIBGIT2_FUNCTIONS(FBCOMPAT_LIBGIT2_NAME)
#undef FBCOMPAT_LIBGIT2_NAME
  };
  constexpr std::size_t count = sizeof names / sizeof names[0];
  void* addresses[count] = {};
  if (std::string problem = library.bind(names, addresses, count); !problem.empty()) {
    return Error{library.soname(), 0, 0, std::move(problem)};
  }
  std::size_t next = 0;
#define FBCOMPAT_LIBGIT2_ASSIGN(name) bound.name = reinterpret_cast<decltype(&::name)>(addresses[next++]);
  FBCOMPAT_LIBGIT2_FUNCTIONS(FBCOMPAT_LIBGIT2_ASSIGN)
#undef FBCOMPAT_LIBGIT2_ASSIGN
  bound.git_libgit2_init();
  std::atexit([] { bound.git_libgit2_shutdown(); });
  return std::nullopt;
}

}  // namespace

std::optional<Error> bind_libgit2() {
  static const std::optional<Error> problem = bind_once();
  return problem;
}

const Libgit2Functions& git2() { return bound; }

}  // namespace fbcompat
