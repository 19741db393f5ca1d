#include "git/shared_library.h"

#include <dlfcn.h>

#include <map>
#include <memory>
#include <mutex>

#include <fmt/format.h>

namespace fbcompat {

Expected<const SharedLibrary*> SharedLibrary::open(const std::string& soname) {
  // Libraries stay open for the life of the process, like linked ones.
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<SharedLibrary>> opened;
  const std::lock_guard<std::mutex> lock(mutex);
  if (const auto found = opened.find(soname); found != opened.end()) return found->second.get();
  void* handle = ::dlopen(soname.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = ::dlerror();
    return Error{soname, 0, 0, fmt::format("cannot load {}: {}", soname, why != nullptr ? why : "unknown reason")};
  }
  auto& slot = opened[soname];
  slot.reset(new SharedLibrary(soname, handle));
  return slot.get();
}

void* SharedLibrary::symbol(const char* name) const { return ::dlsym(handle_, name); }

}  // namespace fbcompat
