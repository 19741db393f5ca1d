#include "reference_runtime.h"

namespace fbcompat::cli {

const DelegateRuntime* linked_reference_runtime() { return nullptr; }

}  // namespace fbcompat::cli
