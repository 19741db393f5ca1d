// The release audit of one configured family (fbcompat.toml's [[family]]): its history loaded and
// audited (audit.h), its lock, and the sections its configuration asks for: the golden programs
// verified and run, and the runtime's node definitions checked against the newest runtime schema.
#pragma once

#include <cstddef>

#include "fbcompat/core/config.h"
#include "fbcompat/core/policy.h"
#include "fbcompat/executorch/delegate_family.h"
#include "fbcompat/release/audit.h"

namespace fbcompat {

struct FamilyAuditOptions {
  Policy policy;
  std::size_t union_capacity_warning = 200;
  unsigned threads = 0;  // 0: one per core
  // The runtime the golden programs run on, and whose node definitions `runtime = "builtin"` checks.
  // Null when this build has none: the audit says what it could not run.
  const DelegateRuntime* runtime = nullptr;
  // Where the golden programs' payloads are defined as each release's backend defines them.
  BackendLibraries libraries;
};

Expected<AuditReport> audit_family(const FamilyConfig& family, const FamilyAuditOptions& options);

}  // namespace fbcompat
