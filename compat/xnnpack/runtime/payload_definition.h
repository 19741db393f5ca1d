// A payload defined on the linked XNNPACK as ExecuTorch's XNNPACK backend defines it (XNNCompiler's
// defineTensor and node definers, as of the newest release the rules describe), value by value and node
// by node, then XNNPACK's runtime of it, created and never run. Unlike the reference runtime's loader
// (payload_loader.cpp), it adds no check of its own: the backend's checks (load/payload_checker.h) run
// between its steps, and what is left is XNNPACK's own answer. It never reads outside the bytes it is
// given: where the runtime would read past a constant, XNNPACK gets the bytes there are followed by
// zeros, and a note says so.
#pragma once

#include <xnnpack.h>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "fbcompat/executorch/load_verdict.h"
#include "fbcompat/xnnpack/runtime_schema_generated.h"
#include "load/backend_rules.h"
#include "load/packed_weights.h"
#include "runtime/aligned_bytes.h"

namespace fbcompat::xnnpack {

namespace fx = fb_xnnpack;

class XnnpackPayloadDefinition final : public PayloadDefinition {
 public:
  // `graph` is the payload's verified graph, inside `graph_copy` when it had to be copied to be aligned;
  // `constants` its constant region (with the XH00 header). The subgraph is the definition's to delete.
  XnnpackPayloadDefinition(xnn_subgraph_t subgraph, AlignedBytes graph_copy, const fx::XNNGraph& graph,
                           const std::uint8_t* constants, std::uint64_t constants_size, bool has_header,
                           const DelegateLoadContext& context);
  ~XnnpackPayloadDefinition() override;

  std::optional<std::string> define_value(std::size_t index) override;
  std::optional<std::string> define_node(std::size_t index) override;
  std::optional<std::string> create_runtime() override;
  std::vector<std::string> notes() const override { return notes_; }
  std::vector<std::string> unchecked() const override { return unchecked_; }

 private:
  struct Shape {
    std::vector<std::size_t> dims;
    std::uint64_t bytes = 0;  // of its elements; UINT64_MAX when that overflows
  };
  Shape shape_of(const fx::XNNTensorValue& tensor) const;
  // The bytes the runtime hands XNNPACK for constant `index` (0: null), at least `needed` of them.
  const void* constant(std::uint32_t index, std::uint64_t needed, const std::string& what);
  const std::uint8_t* constant_bytes(std::uint32_t index, std::uint64_t& available) const;
  // `data` followed by zeros up to `needed` bytes, when the runtime would read past its `available`;
  // `what` (empty: nothing) is said in a note.
  const void* covered(const void* data, std::uint64_t available, std::uint64_t needed, const std::string& what);
  std::optional<std::string> define_tensor(const fx::XNNTensorValue& tensor, const fx::XNNQuantizedTensorValue* quantized,
                                           std::size_t index, std::uint32_t& id);
  std::optional<std::string> define_quantized(const fx::XNNQuantizedTensorValue& quantized,
                                              const fx::XNNTensorValue& tensor, const Shape& shape, const void* data,
                                              std::uint32_t& id);
  std::optional<std::string> define_node_of(const fx::XNode& node);
  // Stops defining: what follows cannot be checked on this XNNPACK, which the notes say.
  std::optional<std::string> give_up(std::string why);
  std::optional<std::string> answer(xnn_status status, const char* function) const;
  std::uint32_t remapped(std::uint32_t id) const;

  xnn_subgraph_t subgraph_;
  AlignedBytes graph_copy_;
  const fx::XNNGraph& graph_;
  const std::uint8_t* constants_;
  std::uint64_t constants_size_;
  bool has_header_;
  const DelegateLoadContext& context_;
  BackendRules rules_;
  std::unordered_map<std::uint32_t, PackedReads> packed_;  // what XNNPACK reads of the weights it packs
  std::unordered_map<std::uint32_t, std::uint32_t> remapped_ids_;
  std::deque<AlignedBytes> copies_;  // bytes XNNPACK keeps pointers to: padded constants, scales
  std::vector<std::string> notes_;
  std::vector<std::string> unchecked_;  // why definitions stopped part-way, or the runtime was not created
  std::uint64_t static_bytes_ = 0;
  std::uint64_t copied_bytes_ = 0;  // of the padded copies, within kMaxRuntimeConstantBytes
  bool over_budget_ = false;        // a copy past that budget was not made
  bool gave_up_ = false;
};

// The limit on the constant bytes a payload's runtime is created from: past it, the definitions are
// checked and the runtime's creation (which packs every weight) is not.
constexpr std::uint64_t kMaxRuntimeConstantBytes = std::uint64_t{1} << 30;

}  // namespace fbcompat::xnnpack
