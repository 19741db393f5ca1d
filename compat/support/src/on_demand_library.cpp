#include "fbcompat/support/on_demand_library.h"

#include <dlfcn.h>

#include <fmt/format.h>

namespace fbcompat {

OnDemandLibrary::OnDemandLibrary(std::string soname, std::string needed_for)
    : soname_(std::move(soname)), needed_for_(std::move(needed_for)) {}

std::string OnDemandLibrary::bind(const char* const* symbols, void** addresses, std::size_t count) {
  std::call_once(once_, [&] {
    // Never closed: what the library hands out (repositories, error strings) lives until exit.
    handle_ = ::dlopen(soname_.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle_ == nullptr) {
      problem_ = fmt::format("{} is needed for {} and cannot be loaded: {} (install it: fbcompat was built with it)",
                             soname_, needed_for_, ::dlerror());
    }
  });
  if (handle_ == nullptr) return problem_;
  for (std::size_t i = 0; i < count; ++i) {
    addresses[i] = ::dlsym(handle_, symbols[i]);
    if (addresses[i] == nullptr) {
      return fmt::format("{} is needed for {} but lacks {}: it is another version than the one fbcompat was built with",
                         soname_, needed_for_, symbols[i]);
    }
  }
  return "";
}

}  // namespace fbcompat
