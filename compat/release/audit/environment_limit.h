// What this machine cannot do, said once: the nodes the linked XNNPACK cannot define and the golden
// programs that could therefore not run. No schema or program author can act on it, so the audit
// gathers it into one note instead of a warning per node and per program.
#pragma once

#include <vector>

#include "fbcompat/executorch/delegate_family.h"
#include "fbcompat/release/audit.h"

namespace fbcompat {

// Moves GOLDEN_RUN_UNSUPPORTED out of `sections` (and RUNTIME_NODE_UNSUPPORTED_BY_XNNPACK, when the
// runtime section describes `runtime` itself) into one ENVIRONMENT_LIMIT note, appended as its own
// section, located at `manifest` (the golden programs' MANIFEST.json, which lists what could not run).
// Does nothing when nothing was limited.
void collapse_environment_limits(std::vector<AuditSection>& sections, const DelegateRuntime& runtime,
                                 bool runtime_section_is_builtin, const std::string& manifest);

}  // namespace fbcompat
