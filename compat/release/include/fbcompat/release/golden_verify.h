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
  std::string golden_dir = "golden";  // holds MANIFEST.json and <family>/<version>/
  // The delegate family (delegate_families.h); empty: every family with programs in the manifest.
  std::string family;
  // Its schema directory (manifest.toml and the versions' schemas); empty: <schemas_root>/<family>
  // for each family.
  std::string family_dir;
  std::string schemas_root = "schemas";
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

// The programs of options.family, or of every family the manifest holds programs of (their reports
// merged, family by family).
Expected<GoldenVerifyReport> verify_golden(const GoldenVerifyOptions& options);
// The programs of one family, for callers that already loaded it (audit).
Expected<GoldenVerifyReport> verify_golden(const GoldenVerifyOptions& options, const DelegateFamily& family);

}  // namespace fbcompat
