// What this machine cannot do, said once: the nodes a runtime here cannot define and the golden programs
// that could therefore not run, or a family none of whose programs can run here at all. No schema or
// program author can act on it, so the audit gathers it into one note (ENVIRONMENT_LIMIT) instead of a
// warning per node and per program.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "fbcompat/executorch/delegate_family.h"
#include "fbcompat/release/audit.h"

namespace fbcompat {

// Moves GOLDEN_RUN_UNSUPPORTED out of `sections` (and the runtime's own rule for a node it cannot
// define, when the runtime section describes `runtime` itself) into one ENVIRONMENT_LIMIT note,
// appended as its own section, located at `manifest` (the golden programs' MANIFEST.json, which lists
// what could not run). Does nothing when nothing was limited.
void collapse_environment_limits(std::vector<AuditSection>& sections, const DelegateRuntime& runtime,
                                 bool runtime_section_is_builtin, const std::string& manifest);

// The note for a family whose golden programs no runtime here runs: `programs` were decoded and checked,
// not run, and why (DelegateFamily::runs_on).
AuditSection not_run_here(const DelegateFamily& family, std::size_t programs, const std::string& manifest);

}  // namespace fbcompat
