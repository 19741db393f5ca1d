#include "reference_runtime.h"

namespace fbcompat::cli {

Expected<std::vector<const DelegateRuntime*>> reference_runtimes() { return std::vector<const DelegateRuntime*>{}; }
std::string reference_runtime_library() { return ""; }

}  // namespace fbcompat::cli
