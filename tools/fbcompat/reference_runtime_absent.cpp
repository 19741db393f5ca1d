#include "reference_runtime.h"

namespace fbcompat::cli {

Expected<std::vector<const DelegateRuntime*>> reference_runtimes() { return std::vector<const DelegateRuntime*>{}; }
std::string reference_runtime_library() { return ""; }
Expected<BackendLibraries> backend_libraries() {
  return BackendLibraries{{}, "this build of fbcompat links no backend library (a lean build)"};
}

}  // namespace fbcompat::cli
