// The programs `golden freeze` writes for one version of the XNNPACK schema, built from that version's
// writer schema: small runnable networks (when the version has their nodes) and one program holding
// every member of XNodeUnion, XValueUnion and XNNQuantParams, with fields filled so that each slot
// carries a distinct value. Across the set: constant data, inline and segment storage, payloads with
// and without the XH00 header.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fbcompat/core/error.h"
#include "fbcompat/executorch/program.h"
#include "fbcompat/xnnpack/reference_ops.h"
#include "fbcompat/core/schema.h"

namespace fbcompat {

struct GoldenTensor {
  std::uint32_t value_id = 0;     // XNNTensorValue.id_out
  std::uint32_t external_id = 0;  // XNNTensorValue.external_id
  reference::Tensor tensor;
};

struct GoldenProgramPlan {
  std::string name;     // file stem
  std::string purpose;  // one line, recorded in the manifest
  nlohmann::json graph;  // XNNGraph as flatbuffers JSON
  std::vector<std::uint8_t> constant_data;  // the payload's constant data (after the XH00 header)
  bool xh00_header = true;
  bool extended_header = true;
  DelegateLocation location = DelegateLocation::Inline;
  bool runnable = false;
  std::vector<GoldenTensor> inputs;  // runnable programs only
  // Set: the program is shaped as this release's exporter writes it (program_writer.h's ExporterShape).
  std::optional<RuntimeRelease> exported_as;
};

// `writer` is the version's schema.fbs, loaded with load_schema; `first_release` the release that
// shipped the version first (the development head for one not released). Each runnable program comes
// twice: as frozen from the start (storage and headers varied across the set), and, named
// <name>_exported, shaped as `first_release`'s exporter writes it, which that release must load and run.
Expected<std::vector<GoldenProgramPlan>> golden_catalogue(const Schema& writer, const RuntimeRelease& first_release);

}  // namespace fbcompat
