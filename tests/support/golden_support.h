// Helpers shared by the suites that read the frozen golden programs.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "fbcompat/release/golden_manifest.h"
#include "fbcompat/executorch/program.h"
#include "fbcompat/executorch/delegate_family.h"
#include "fbcompat/xnnpack/family.h"
#include "support/test_support.h"

namespace fbcompat::test {

inline std::string golden_dir() { return source_path("golden"); }
inline std::string family_dir() { return source_path("schemas/xnnpack"); }

// The schema family, loaded once per test run; and the same as a delegate family (delegate_family.h).
const XnnpackFamily& xnnpack_family();
const DelegateFamily& xnnpack_delegate_family();
// The golden manifest's XNNPACK programs (the suites that use it are the XNNPACK family's), loaded once
// per test run.
const GoldenManifest& golden_manifest();

// The bytes of a golden program.
std::vector<std::uint8_t> golden_bytes(const GoldenEntry& entry);

// The first delegate of `backend_id` in a program that must read (an exception when it has none).
ProgramDelegate delegate_of(const ProgramView& view, const std::string& backend_id);
// The first XNNPACK delegate of a program that must read.
ProgramDelegate xnnpack_delegate(const ProgramView& view);

// Copies a directory tree (golden or schemas) into `to`.
void copy_tree(const std::string& from, const std::string& to);

}  // namespace fbcompat::test
