#include "reference_runtime.h"

namespace fbcompat::cli {

const DelegateRuntime* linked_reference_runtime() { return nullptr; }
std::string linked_reference_runtime_library() { return ""; }

}  // namespace fbcompat::cli
