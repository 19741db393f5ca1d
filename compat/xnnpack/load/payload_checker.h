// The XNNPACK backend's init as XNNCompiler::compileModel of one release runs it on a payload: the
// header, the graph, then each value and each node in order, each first through the backend's own
// checks (null or malformed fields, flags, quantization parameters, dq datatype, remapped ids, node
// types the release defines, per-node fields) and then, when a library is given, defined on XNNPACK;
// then XNNPACK's runtime of them. The first refusal is the runtime's. The steps live in
// backend_load_checks.cpp (the payload and the order), value_checks.cpp and node_checks.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "fbcompat/executorch/load_verdict.h"
#include "fbcompat/xnnpack/runtime_schema_generated.h"
#include "load/backend_rules.h"
#include "load/packed_weights.h"
#include "load/payload_parts.h"

namespace fbcompat::xnnpack {

namespace fx = fb_xnnpack;

// XNN_INVALID_VALUE_ID: "no value" (an absent bias), which every release maps to itself.
constexpr std::uint32_t kInvalidValueId = 0xFFFFFFFFu;

class PayloadChecker {
 public:
  PayloadChecker(const std::uint8_t* payload, std::size_t size, const DelegateLoadContext& context);
  std::optional<LoadRefusal> run();

 private:
  // ---- backend_load_checks.cpp: the payload, then each step in the runtime's order
  bool read_header();
  bool check_graph();
  bool start_definitions();
  bool check_packed_weights();
  bool define_values();
  bool define_nodes();
  bool create_runtime();

  // ---- value_checks.cpp: defineTensor's checks of one value
  bool check_value(const fx::XValue& value, std::size_t v);
  bool check_tensor(const fx::XNNTensorValue& tensor, std::size_t v);
  bool check_dq_datatype(const fx::XNNTensorValue& tensor, bool plain, bool has_data, std::size_t v);
  bool check_quantization(const fx::XNNQuantizedTensorValue& quantized, const fx::XNNTensorValue& tensor,
                          bool has_data, std::size_t v);
  bool check_group_quantization(const fx::XNNQuantizedTensorValue& quantized, const fx::XNNTensorValue& tensor,
                                std::size_t v);
  struct ConstantIndex {
    std::size_t value;
    const char* field;
    std::string worded() const;
  };
  // What the runtime gets for a constant: whether any bytes, how many its entry holds, and how many lie
  // from its start to the payload's end (past which a read leaves the delegate's data).
  struct ConstantBytes {
    bool found = false;
    std::uint64_t entry = 0;
    std::uint64_t to_payload_end = UINT64_MAX;  // unknown for named data: its segment is the program's
  };
  // Constant data `i` (0: none).
  bool check_constant(std::uint32_t i, const ConstantIndex& where, ConstantBytes& bytes);
  bool check_named(const std::string& key, const std::string& where, ConstantBytes& bytes);
  // A tensor whose constant is shorter than the bytes XNNPACK reads of it: a warning when the read stays
  // in the payload, a crash past it (while packing a convolution's or fully connected's weights, or when
  // the method runs for the others), judged once the nodes say which are packed.
  void note_short_constant(const fx::XNNTensorValue& tensor, std::size_t v, const ConstantBytes& bytes);
  bool judge_short_constants();
  struct ShortConstant {
    std::size_t value;
    std::uint32_t id;
    std::uint64_t needed;
    ConstantBytes bytes;
  };

  // ---- node_checks.cpp: each node's definer's checks before its XNNPACK call
  bool check_node(const fx::XNode& node, std::size_t n);
  bool check_node_lists(const fx::XNode& node, std::size_t n);

  // ---- refusals
  bool refuse(RuntimeError error, std::string message);
  // The runtime's error where `rule` applies, a crash before it.
  bool refuse_under(BackendRule rule, RuntimeError error, std::string message);
  bool refuse_definition(PayloadPlace place, const std::string& answer);
  std::string node_name(const fx::XNode& node, std::size_t n) const;
  // Bytes from `inside` (in the graph, or its aligned copy) to the payload's end.
  std::uint64_t payload_end_from(const std::uint8_t* inside) const;

  const std::uint8_t* payload_;
  std::size_t size_;
  const DelegateLoadContext& context_;
  BackendRules rules_;
  PayloadParts parts_;
  std::vector<std::uint8_t> aligned_;
  const fx::XNNGraph* graph_ = nullptr;
  std::unordered_set<std::uint32_t> defined_ids_;  // the value ids a node may name: remapped_ids' keys
  std::vector<ShortConstant> short_constants_;
  std::unordered_map<std::uint32_t, PackedReads> packed_;  // what XNNPACK reads of the weights it packs
  std::unique_ptr<PayloadDefinition> definition_;
  std::optional<LoadRefusal> refusal_;
};

}  // namespace fbcompat::xnnpack
