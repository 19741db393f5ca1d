// Which of this build's runtimes runs a family's payloads: the one whose backend id is the family's.
#include <fmt/format.h>

#include "fbcompat/release/delegate_families.h"
#include "reference_runtime.h"

namespace fbcompat::cli {

Expected<const DelegateRuntime*> reference_runtime_for(const std::string& family) {
  auto runtimes = reference_runtimes();
  if (!runtimes) return runtimes.error();
  std::string backend;
  if (!family.empty()) {
    auto known = delegate_family_without_schemas(family);
    if (!known) return known.error();
    backend = std::string((*known)->backend_id());
  }
  for (const DelegateRuntime* runtime : *runtimes) {
    if (backend.empty() ? runtimes->size() == 1 : runtime->backend_id() == backend) return runtime;
  }
  return Error{"", 0, 0,
               fmt::format("--builtin: this build of fbcompat has no {}runtime of its own{}; use --source FILE...",
                           family.empty() ? "" : family + " ",
                           runtimes->size() > 1 ? " unless a family is named (--family)" : "")};
}

}  // namespace fbcompat::cli
