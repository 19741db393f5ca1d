// The programs `golden freeze` writes for one version of the MLX schema, built with that version's
// schema.fbs and shaped as that release's exporter writes them (backends/mlx/preprocess.py,
// builder/program_builder.py, serialization/mlx_graph_serialize.py): the payload is the MLX0 header, the
// MLXGraph flatbuffer (version "1") and an empty data segment, in a segment of the .pte (segments
// aligned to 128 bytes, ExecuTorch's default); tensors are
// numbered constants, inputs, outputs, mutable buffers, temporaries; only non-temporary tensors have
// metadata; constants are the program's named data, found by named slots "<4 hex>/<name>".
//   linear_gelu  an addmm with a constant weight and bias, then gelu
//   stateful     a mutable buffer filled by an init chain and added to an input of dynamic length
//   all_ops      every OpNode member, each field holding a distinct value (a coverage program: its
//                nodes' tensors are not a computable graph)
// None is run: MLX runs on Apple silicon only.
#pragma once

#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/executorch/delegate_family.h"
#include "payload/versions.h"

namespace fbcompat::mlx {

Expected<std::vector<GoldenProgram>> golden_catalogue(const SchemaVersion& version);

}  // namespace fbcompat::mlx
