// A shared library loaded the first time a feature needs it, instead of when the program starts.
//
// Why: every library a program links is mapped and relocated at each start, with everything it links
// in turn. libgit2 alone brings a dozen (TLS, SSH, Kerberos, regular expressions), and most runs of
// fbcompat (a diff of two files, an audit) never read a repository, yet a pre-merge check pays its
// start-up on every commit (docs/benchmarks.md). So the features that need such a library load it by
// its soname, the one the build compiled against, when first used; a missing library is an error of
// that feature, naming the library, and nothing else is affected. Packages declare the dependency
// themselves (cmake/Package.cmake), since the program's dynamic section no longer names it.
#pragma once

#include <mutex>
#include <string>

namespace fbcompat {

class OnDemandLibrary {
 public:
  // `soname`: what the dynamic loader looks for ("libgit2.so.1.5"); `needed_for`: the feature, as an
  // error message completes "... is needed for" ("reading git repositories").
  OnDemandLibrary(std::string soname, std::string needed_for);
  OnDemandLibrary(const OnDemandLibrary&) = delete;
  OnDemandLibrary& operator=(const OnDemandLibrary&) = delete;

  // Loads the library on the first call (once, from any thread) and resolves every symbol named in
  // `symbols` into `addresses` (same order). Empty when all is there; else the problem, in words for
  // the user: which library, for what, and the dynamic loader's reason.
  std::string bind(const char* const* symbols, void** addresses, std::size_t count);

  const std::string& soname() const { return soname_; }

 private:
  std::string soname_;
  std::string needed_for_;
  std::once_flag once_;
  void* handle_ = nullptr;
  std::string problem_;
};

}  // namespace fbcompat
