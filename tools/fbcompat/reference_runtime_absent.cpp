#include "reference_runtime.h"

namespace fbcompat::cli {

Expected<const DelegateRuntime*> reference_runtime() { return static_cast<const DelegateRuntime*>(nullptr); }
std::string reference_runtime_library() { return ""; }
Expected<BackendLibraries> backend_libraries() {
  return BackendLibraries{{}, "this build of fbcompat has no XNNPACK (a lean build)"};
}

}  // namespace fbcompat::cli
