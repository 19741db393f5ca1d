// The reference runtime module's entry point (runtime_module.h): the only symbol the module exports.
#include "fbcompat/xnnpack/runtime/reference_runtime.h"
#include "fbcompat/executorch/runtime_module.h"

extern "C" __attribute__((visibility("default"))) const FbcompatRuntimeModule* fbcompat_reference_runtime_module() {
  static const std::string linked = fbcompat::xnnpack::linked_xnnpack();
  static std::string absent;
  static const fbcompat::BackendLibrary* library = fbcompat::xnnpack::executorch_xnnpack_library(&absent);
  static const FbcompatRuntimeModule module{FBCOMPAT_RUNTIME_MODULE_BUILD, &fbcompat::xnnpack::reference_runtime(),
                                            linked.c_str(), library, absent.c_str()};
  return &module;
}
