// The XNNPACK delegate's own checks of its payload when ExecuTorch initialises it
// (docs/what-loads-where.md, section 4): the XH00 header, the graph's identifier and verification,
// the graph's lists, and each value's kind, flags and constant data, up to the first XNNPACK call.
// The program reader (fbcompat/executorch/program.h) hands them every XnnpackBackend payload.
#pragma once

#include "fbcompat/executorch/load_verdict.h"

namespace fbcompat::xnnpack {

const BackendLoadChecks& backend_load_checks();

}  // namespace fbcompat::xnnpack
