// `golden verify` (and part of `audit`): every golden program read as the runtimes of its own version
// and of every later version read it. Problems come back as findings (rules GOLDEN_*); only input that
// cannot be checked at all (no manifest, no schemas) is an Error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fbcompat/base/limits.h"
#include "fbcompat/core/error.h"
#include "fbcompat/core/finding.h"
#include "fbcompat/core/reflected_schema.h"
#include "fbcompat/executorch/delegate_family.h"

namespace fbcompat {

struct GoldenVerifyOptions {
  std::string golden_dir = "golden";           // holds MANIFEST.json and <family>/<version>/
  std::string family = "xnnpack";              // the delegate family (delegate_families.h)
  std::string family_dir = "schemas/xnnpack";  // holds manifest.toml and the versions' schemas
  BufferLimits limits;
  std::uint64_t max_golden_file_bytes = limits::kGoldenFileSize;  // a description or the manifest
  unsigned threads = 0;  // programs checked in parallel; 0: one thread per core
  // Where each release's backend defines the programs' payloads (the XNNPACK reference runtime's
  // library); none: that stage is not checked, and a note says so once.
  BackendLibraries libraries;
};

struct GoldenVerifyReport {
  std::vector<Finding> findings;
  std::size_t programs = 0;  // golden programs checked
  std::size_t readings = 0;  // (program, reader schema) pairs verified
};

Expected<GoldenVerifyReport> verify_golden(const GoldenVerifyOptions& options);
// For callers that already loaded the family (audit).
Expected<GoldenVerifyReport> verify_golden(const GoldenVerifyOptions& options, const DelegateFamily& family);

}  // namespace fbcompat
