// Writing ExecuTorch program files (.pte): execution plans whose delegates carry payloads stored inline
// (inside the flatbuffer) or in segments (after it), with or without the extended header, and the
// program's named data (Program.named_data, each entry a segment), where exporters put the constants
// a backend looks up by key. The flatbuffer starts the file; segments follow it, each aligned, the
// delegates' first; the extended header's segment data size runs to the end of the file, so a
// truncated program is always detected.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/executorch/program.h"

namespace fbcompat {

struct DelegateSpec {
  std::string backend_id;  // "XnnpackBackend", "MLXBackend"
  std::vector<std::uint8_t> payload;
  DelegateLocation location = DelegateLocation::Inline;
};

// A float tensor the plan takes or returns (its EValue; the delegate computes it).
struct PlanTensorSpec {
  std::vector<std::int32_t> sizes;
};

// One method: its inputs and outputs, and one chain that calls each delegate in turn with all of them.
struct PlanSpec {
  std::string name = "forward";
  std::vector<PlanTensorSpec> inputs;
  std::vector<PlanTensorSpec> outputs;
  std::vector<DelegateSpec> delegates;
};

// One entry of the program's named data: a key and the bytes stored for it in a segment of their own.
struct NamedDataSpec {
  std::string key;
  std::vector<std::uint8_t> data;
};

// What an ExecuTorch release's exporter always writes around its delegates (exir/_serialize and the
// emitter at the release's tag), so that a program can be shaped as that release exported it.
struct ExporterShape {
  // operators, segments and constant_segment written empty, constant_buffer with its empty placeholder
  // entry, and each plan's container metadata: the emitter fills every list of the program's schema.
  bool every_list = true;
  // The plan's inputs and outputs in planned memory (allocation_info; non_const_buffer_sizes [0, N]).
  bool memory_planned = true;
  std::uint32_t header_length = 32;     // of the extended header, written only with segments (24 before 1.0.0)
  std::size_t segment_alignment = 128;  // 4096 before 0.4.0
  bool delegates_in_segments = true;    // extract_delegate_segments' default (inline before 0.4.0)
};

// The shape release `release`'s exporter writes (the development head's: the newest described's).
ExporterShape exporter_shape(const RuntimeRelease& release);

struct ProgramSpec {
  std::uint32_t version = 0;
  std::vector<PlanSpec> plans;
  std::vector<NamedDataSpec> named_data;  // needs the extended header, like any segment
  bool extended_header = true;  // required when a delegate is stored in a segment
  std::size_t alignment = 16;   // of segments; a power of two from 16 to 4096
  // Set: shaped as that exporter writes (the extended header exactly when there are segments, of its
  // length, and segments aligned as it aligns them: `extended_header` and `alignment` are not read).
  std::optional<ExporterShape> exported;
};

// Fails when a segment (a delegate's or named data) is asked for without the extended header, or the
// alignment is not supported.
Expected<std::vector<std::uint8_t>> write_program(const ProgramSpec& spec);

}  // namespace fbcompat
