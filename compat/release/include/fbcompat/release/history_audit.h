// The release audit of one configured schema history (fbcompat.toml's [[history]]): its versions loaded
// and audited (audit.h), its lock, and the sections its configuration asks for: the golden programs
// verified and run, and the runtime's node definitions checked against the newest runtime schema. A
// history with golden programs or runtime definitions is a delegate family's (delegate_families.h), of
// the same name.
#pragma once

#include <cstddef>
#include <vector>

#include "fbcompat/core/config.h"
#include "fbcompat/core/policy.h"
#include "fbcompat/executorch/delegate_family.h"
#include "fbcompat/executorch/load_verdict.h"
#include "fbcompat/release/audit.h"

namespace fbcompat {

struct HistoryAuditOptions {
  Policy policy;
  std::size_t union_capacity_warning = 200;
  unsigned threads = 0;  // 0: one per core
  // The runtimes this build offers, each for the family whose backend id it runs: the golden programs
  // run on it, and `runtime = "builtin"` checks its node definitions. A family none of them runs is
  // audited without running its programs, and the audit says so once, with the reason.
  std::vector<const DelegateRuntime*> runtimes;
  // Where the golden programs' payloads are defined as each release's backend defines them.
  BackendLibraries libraries;
};

Expected<AuditReport> audit_configured_history(const HistoryConfig& history, const HistoryAuditOptions& options);

}  // namespace fbcompat
