#include "fbcompat/xnnpack/runtime/reference_runtime.h"
#include "reference_runtime.h"

namespace fbcompat::cli {

const DelegateRuntime* linked_reference_runtime() { return &xnnpack::reference_runtime(); }
std::string linked_reference_runtime_library() { return xnnpack::linked_xnnpack(); }

}  // namespace fbcompat::cli
