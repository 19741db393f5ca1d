// The audit's sections beyond the schemas themselves: the golden programs and the runtime's node
// definitions, each contributed by its own check when the family configures it.
#pragma once

#include <vector>

#include "fbcompat/release/audit.h"
#include "fbcompat/core/config.h"
#include "fbcompat/core/policy.h"

namespace fbcompat::cli {

Expected<std::vector<AuditSection>> audit_sections(const FamilyConfig& family, const AuditReport& report,
                                                   const Policy& policy);

}  // namespace fbcompat::cli
