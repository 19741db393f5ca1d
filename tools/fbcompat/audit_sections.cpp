#include "audit_sections.h"

namespace fbcompat::cli {

Expected<std::vector<AuditSection>> audit_sections(const FamilyConfig& /*family*/, const AuditReport& /*report*/,
                                                   const Policy& /*policy*/) {
  // Golden verification and the runtime check join here as they land.
  return std::vector<AuditSection>{};
}

}  // namespace fbcompat::cli
