// An MLXGraph flatbuffer read with flatc's code for the newest MLX schema, as MLX's runtime reads it
// with the code flatc generated from its own (older schemas are subsets of the newest: members and
// fields are only appended). Only this reader includes that code; the rest of the family sees GraphView.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fbcompat/core/verifier_limits.h"

namespace fbcompat::mlx {

struct GraphSlot {
  std::uint32_t idx = 0;
  std::int8_t slot_type = 0;  // SlotType: 0 tensor, 1 int, 2 float, 3 bool
};

struct GraphOp {
  std::uint8_t type = 0;  // the OpNode type id as stored (0: NONE)
  bool present = false;   // the instruction holds a node (a missing one loads as a no-op)
};

struct GraphDim {
  std::int32_t value = -1;
  std::int32_t min_value = 0;
  std::int32_t max_value = -1;
};

struct GraphTensorMeta {
  std::vector<GraphDim> shape;
  std::int8_t scalar_type = 0;
};

struct GraphNamedSlot {
  std::optional<std::string> name;
  std::optional<GraphSlot> slot;
};

// What MLX's loader reads of a graph: the counts, each chain's instructions, the maps, the named slots
// and each tensor's metadata.
struct GraphView {
  std::optional<std::string> version;  // MLXGraph.version; nullopt when absent
  std::uint32_t num_constant_tensors = 0;
  std::uint32_t num_input_tensors = 0;
  std::uint32_t num_output_tensors = 0;
  std::uint32_t num_mutable_buffer_tensors = 0;
  std::uint32_t num_temp_tensors = 0;
  std::uint32_t num_values = 0;
  std::vector<std::vector<GraphOp>> chains;
  std::uint32_t main_chain_idx = 0;
  std::int32_t init_chain_idx = -1;
  std::vector<GraphSlot> input_map;
  std::vector<GraphSlot> output_map;
  std::vector<GraphSlot> mutable_buffer_map;
  std::vector<GraphNamedSlot> named_slots;
  std::vector<std::optional<GraphTensorMeta>> tensor_meta;

  std::uint64_t num_tensors() const {
    return std::uint64_t{num_constant_tensors} + num_input_tensors + num_output_tensors + num_mutable_buffer_tensors +
           num_temp_tensors;
  }
  std::size_t node_count() const;
};

// flatbuffers' Verifier with the newest schema's code, which (like the runtime's) lets union values of
// any type through. Verdicts are kept in `verified` when there is one (verifier_limits.h).
bool verify_graph(const std::uint8_t* flatbuffer, std::size_t size, std::uint32_t max_depth, std::uint32_t max_tables,
                  VerifiedBuffers* verified = nullptr);

// A graph that passed verify_graph, read.
GraphView read_graph(const std::uint8_t* verified_flatbuffer);

// The newest schema's name for an OpNode type id; empty for 0 and for ids past its members.
std::string newest_op_name(std::uint32_t type_id);
std::uint32_t newest_op_count();

}  // namespace fbcompat::mlx
