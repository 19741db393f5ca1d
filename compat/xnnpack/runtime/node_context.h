// What a node definer works with: the subgraph being built, the values defined so far, and the node's
// output clamp. Errors it returns name the node, its type and the XNNPACK function.
#pragma once

#include <xnnpack.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "fbcompat/core/error.h"
#include "runtime/dataflow.h"
#include "runtime/value_table.h"

namespace fbcompat::xnnpack {

// Success or the reason for failure.
using Status = Expected<std::monostate>;
inline Status ok() { return std::monostate{}; }

const char* xnn_status_text(xnn_status status);

struct NodeContext {
  xnn_subgraph_t subgraph = nullptr;
  const ValueTable* values = nullptr;
  Dataflow* dataflow = nullptr;  // records what the node reads and writes
  std::size_t node_index = 0;
  std::string_view member;            // the node's XNodeUnion member
  std::string_view xnnpack_function;  // what defines it
  // XNode.output_min_max when the node has it, else -inf and +inf.
  float output_min = 0;
  float output_max = 0;

  // "node 3 (XNNConv2d): <message>"
  Error fail(const std::string& message) const;
  // The value a node field reads; `role` names the field in the error ("input", "filter").
  Expected<const ValueInfo*> value(std::uint32_t value_id, const char* role) const;
  // The value a node field writes.
  Expected<const ValueInfo*> output(std::uint32_t value_id, const char* role) const;
  // Like value(), but XNN_INVALID_VALUE_ID (an absent bias) gives null.
  Expected<const ValueInfo*> optional_value(std::uint32_t value_id, const char* role) const;
  // The XNNPACK id to pass for an optional value.
  static std::uint32_t xnn_id_of(const ValueInfo* value) { return value ? value->xnn_id : XNN_INVALID_VALUE_ID; }
  // Turns XNNPACK's status into ours.
  Status check(xnn_status status) const;
};

}  // namespace fbcompat::xnnpack
