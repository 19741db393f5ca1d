// The last step of the golden audit: the runnable golden programs (those the manifest records inputs
// and expected outputs for) run end to end on a runtime of their delegate family, and their outputs
// are compared with the expected ones within the manifest's tolerances. A program that uses a node the
// runtime cannot define is reported as not run, with the runtime's reason.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/finding.h"
#include "fbcompat/executorch/delegate_family.h"

namespace fbcompat {

struct GoldenRunReport {
  std::vector<Finding> findings;  // GOLDEN_RUN_FAILED, GOLDEN_RUN_OUTPUT_MISMATCH, GOLDEN_RUN_UNSUPPORTED
  std::size_t runnable = 0;       // programs the manifest records outputs for
  std::size_t matched = 0;        // of those, ran and matched
  std::size_t unsupported = 0;    // of those, not run: the runtime lacks a node
};

// `golden_dir` holds MANIFEST.json; the runnable programs of `family` are run on `runtime`, which runs
// that family's payloads. An unreadable manifest is an Error; everything else is a finding.
Expected<GoldenRunReport> run_golden_programs(const std::string& golden_dir, const std::string& family,
                                              const DelegateRuntime& runtime);

}  // namespace fbcompat
