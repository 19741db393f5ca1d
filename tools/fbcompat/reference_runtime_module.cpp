// The reference runtimes, loaded from their module the first time a command asks for them. Only the
// commands that run payloads ask, so the others (every diff) start without mapping the runtimes or what
// they link.
#include <dlfcn.h>
#include <unistd.h>

#include <climits>
#include <string>

#include <fmt/format.h>

#include "fbcompat/executorch/delegate_family.h"
#include "fbcompat/executorch/runtime_module.h"
#include "reference_runtime.h"

namespace fbcompat::cli {
namespace {

// The folder of the running fbcompat, symbolic links resolved: the module is found relative to it.
std::string executable_dir() {
  char path[PATH_MAX];
  const ssize_t length = ::readlink("/proc/self/exe", path, sizeof path - 1);
  if (length <= 0) return ".";
  const std::string executable(path, static_cast<std::size_t>(length));
  return executable.substr(0, executable.rfind('/'));
}

// The module beside the executable in a build folder, else where `cmake --install` puts it
// (FBCOMPAT_RUNTIME_MODULE_DIR, relative to the installed executable's folder).
std::string module_path() {
  const std::string dir = executable_dir();
  const std::string beside = dir + "/" + kRuntimeModuleFile;
  if (::access(beside.c_str(), F_OK) == 0) return beside;
  return dir + "/" FBCOMPAT_RUNTIME_MODULE_DIR "/" + kRuntimeModuleFile;
}

Expected<const FbcompatRuntimeModule*> load_module() {
  const std::string path = module_path();
  // Never closed: the runtime's objects live as long as the process.
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    return Error{path, 0, 0, fmt::format("the reference runtime cannot be loaded: {} (reinstall fbcompat, or build it "
                                         "again: the module is built with the CLI)", ::dlerror())};
  }
  using Entry = const FbcompatRuntimeModule* (*)();
  auto entry = reinterpret_cast<Entry>(::dlsym(handle, kRuntimeModuleEntry));
  if (entry == nullptr) {
    return Error{path, 0, 0, fmt::format("not a reference runtime module: it lacks {}", kRuntimeModuleEntry)};
  }
  const FbcompatRuntimeModule* module = entry();
  if (std::string(module->build) != FBCOMPAT_RUNTIME_MODULE_BUILD) {
    return Error{path, 0, 0, fmt::format("the reference runtime module is of another build ({}; this fbcompat is {}): "
                                         "install the module built with this fbcompat",
                                         module->build, FBCOMPAT_RUNTIME_MODULE_BUILD)};
  }
  return module;
}

const Expected<const FbcompatRuntimeModule*>& loaded_module() {
  static const Expected<const FbcompatRuntimeModule*> module = load_module();
  return module;
}

}  // namespace

Expected<std::vector<const DelegateRuntime*>> reference_runtimes() {
  const auto& module = loaded_module();
  if (!module) return module.error();
  return std::vector<const DelegateRuntime*>{(*module)->runtime};
}

Expected<BackendLibraries> backend_libraries() {
  const auto& module = loaded_module();
  // Without the module the definitions stage is said to be unchecked; the rest of the load still stands.
  if (!module) return BackendLibraries{{}, fmt::format("the runtime module could not be loaded ({})", module.error().message), ""};
  // Why the module has no library is about its own backend; another backend's stays "links none".
  if ((*module)->library == nullptr) {
    return BackendLibraries{{}, (*module)->library_absent, std::string((*module)->runtime->backend_id())};
  }
  return BackendLibraries{{(*module)->library}, "", ""};
}

std::string reference_runtime_library() {
  const auto& module = loaded_module();
  if (!module) return fmt::format("no runtime: {}: {}", module.error().file, module.error().message);
  return (*module)->linked_library;
}

}  // namespace fbcompat::cli
