// The runtimes this build of the CLI offers for the golden runs and `runtime-check --builtin`, each
// running one delegate family's payloads: those of the reference runtime module, loaded on first use
// (reference_runtime_module.cpp), or none in a build without it (reference_runtime_absent.cpp). CMake
// compiles one of the two.
#pragma once

#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/executorch/delegate_family.h"
#include "fbcompat/executorch/load_verdict.h"

namespace fbcompat::cli {

// Empty when this build has none; an Error naming the module and the loader's reason when it has one
// that cannot be loaded (a damaged installation).
Expected<std::vector<const DelegateRuntime*>> reference_runtimes();
// The runtime of the delegate family `family` (empty: the only one this build has); an Error saying
// this build has none.
Expected<const DelegateRuntime*> reference_runtime_for(const std::string& family);
// The backends' libraries as ExecuTorch's backends use them, for the loader's definition stage (inspect,
// load-check, golden verify, the audit); none, and why, in a build without them. An Error as
// reference_runtimes'.
Expected<BackendLibraries> backend_libraries();
// What the runtimes run on, for --version, or why they cannot be loaded; empty when this build has none.
std::string reference_runtime_library();

}  // namespace fbcompat::cli
