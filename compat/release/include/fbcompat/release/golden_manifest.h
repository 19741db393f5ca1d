// golden/MANIFEST.json: one entry per golden program, keyed by its path under the golden directory,
// so that freezing a new version only adds entries and never rewrites existing ones.
//
//   {"format": 1, "programs": {"xnnpack/v1.1.0/mlp.pte": {
//      "family": "xnnpack", "version": "v1.1.0", "sha256": "...", "size": 1234,
//      "description": "xnnpack/v1.1.0/mlp.json",       // the payload's flatbuffer as JSON
//      "purpose": "...", "storage": "SEGMENT", "extended_header": true,
//      "xh00_header": true,                              // "<the family's payload header>_header"
//      "nodes": ["XNNFullyConnected", ...],              // node type names, in node order
//      "runnable": true,
//      "inputs":  [{"value_id": 0, "external_id": 0, "shape": [2, 4], "dtype": "fp32", "layout": "NC",
//                   "values": [...]}],                   // row-major (NHWC for 4-D), flat
//      "expected_outputs": [...same form...],
//      "tolerance": {"relative": 1e-5, "absolute": 1e-6}}}}
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fbcompat/base/limits.h"
#include "fbcompat/core/error.h"
#include "fbcompat/executorch/delegate_family.h"
#include "fbcompat/executorch/program.h"

namespace fbcompat {

// A tensor a runnable program takes or gives.
using GoldenTensorRecord = ProgramTensor;

struct GoldenEntry {
  std::string path;  // relative to the golden directory, with '/'
  std::string family;  // the delegate family: golden/<family>/
  std::string version;
  std::string sha256;
  std::uint64_t size = 0;
  std::string description;  // relative path of the JSON graph description
  std::string purpose;
  DelegateLocation storage = DelegateLocation::Inline;
  std::string payload_header_name;  // the family's payload header ("XH00"); empty: not recorded
  bool payload_header = true;       // the payload carries it
  bool extended_header = true;
  std::vector<std::string> nodes;
  bool runnable = false;
  // The ExecuTorch release whose exporter's shape the program has ("0.2.0"): that release must load it,
  // and every later one. Empty for the programs frozen before such shapes were written, which are held
  // to their schemas, and refused by their own release at most as coverage.
  std::string exported_as;
  std::vector<GoldenTensorRecord> inputs;
  std::vector<GoldenTensorRecord> expected_outputs;
  float relative_tolerance = 1e-5f;
  float absolute_tolerance = 1e-6f;
};

struct GoldenManifest {
  static constexpr int kFormat = 1;
  std::vector<GoldenEntry> entries;  // sorted by path

  const GoldenEntry* find(const std::string& path) const;
};

// A missing file is an Error; so is any entry without its path, version or sha256, a member of the
// wrong type, a key given twice, and a file past `max_bytes` (the golden-file-size limit).
Expected<GoldenManifest> load_golden_manifest(const std::string& path, std::uint64_t max_bytes = limits::kGoldenFileSize);
// Every program of a golden directory: its MANIFEST.json and each family directory's own
// (golden/mlx/MANIFEST.json, paths relative to it), so that a family added later leaves the frozen
// top-level manifest as it was.
Expected<GoldenManifest> load_golden_manifests(const std::string& golden_dir,
                                               std::uint64_t max_bytes = limits::kGoldenFileSize);

// The manifest as JSON text (entries in path order, stable formatting).
std::string golden_manifest_json(const GoldenManifest& manifest);

}  // namespace fbcompat
