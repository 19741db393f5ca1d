// The runtime this build of the CLI links for the golden runs and `runtime = "builtin"`: the
// reference XNNPACK runtime (reference_runtime_linked.cpp), or none in a build without it
// (reference_runtime_absent.cpp). CMake compiles one of the two.
#pragma once

#include <string>

#include "fbcompat/executorch/delegate_family.h"

namespace fbcompat::cli {

// Null when this build has no runtime.
const DelegateRuntime* linked_reference_runtime();
// What the runtime runs on, for --version ("XNNPACK from <prefix>"); empty when there is none.
std::string linked_reference_runtime_library();

}  // namespace fbcompat::cli
