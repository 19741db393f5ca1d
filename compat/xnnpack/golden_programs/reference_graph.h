// Runs an XNNPACK graph, given as the flatbuffers JSON of its XNNGraph, with the reference operators:
// the expected outputs of runnable golden programs. Supports fp32 tensors and the nodes those
// programs use (convolutions, pooling, fully connected, add/multiply/subtract, clamp, concatenate,
// depth-to-space); anything else is an error naming the node.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

#include <nlohmann/json.hpp>

#include "fbcompat/core/error.h"
#include "fbcompat/xnnpack/reference_ops.h"

namespace fbcompat {

constexpr std::uint32_t kXnnInvalidValueId = 0xFFFFFFFFu;

// Where constant tensors' bytes are: the payload's constant data (XNNGraph.constant_data entries
// point into it) or, in old programs, XNNGraph.constant_buffer itself.
struct ConstantBytes {
  const std::uint8_t* constant_data = nullptr;
  std::size_t constant_data_size = 0;
};

using TensorsById = std::map<std::uint32_t, reference::Tensor>;

// Inputs by value id; returns the graph's outputs (output_ids) by value id.
Expected<TensorsById> run_reference_graph(const nlohmann::json& graph, const ConstantBytes& constants, const TensorsById& inputs);

}  // namespace fbcompat
