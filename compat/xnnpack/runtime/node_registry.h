// The node registry: for each XNodeUnion member, the function that defines it in an XNNPACK subgraph,
// or the reason the linked XNNPACK cannot. One file per node family registers its members
// (define_binary.cpp, define_conv.cpp, ...), each with a definer when the linked XNNPACK has the function
// it calls (the build looks for it: compat/xnnpack/runtime/CMakeLists.txt), else as unsupported, naming
// that function; a member nobody registers is a gap that
// `fbcompat runtime-check --builtin` and the registry tests report.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fbcompat/xnnpack/runtime_schema_generated.h"
#include "runtime/node_context.h"

namespace fbcompat::xnnpack {

// Defines one node in context.subgraph. The node's union value is present (the loader checks).
using DefineNode = Status (*)(const fb_xnnpack::XNode& node, const NodeContext& context);

struct NodeDefinition {
  fb_xnnpack::XNodeUnion member = fb_xnnpack::XNodeUnion::NONE;
  std::string_view xnnpack_function;  // "xnn_define_depth_to_space"
  DefineNode define = nullptr;        // null: the linked XNNPACK lacks xnnpack_function
  const char* file = "";              // where the entry is registered
  std::uint32_t line = 0;

  bool supported() const { return define != nullptr; }
  std::string_view member_name() const { return fb_xnnpack::EnumNameXNodeUnion(member); }
  // Empty when supported; else "the linked XNNPACK has no <function>".
  std::string unsupported_reason() const;
};

class NodeRegistry {
 public:
  // Registration records the caller's file and line, for runtime-check findings.
  void add(fb_xnnpack::XNodeUnion member, std::string_view xnnpack_function, DefineNode define,
           const char* file = __builtin_FILE(), std::uint32_t line = __builtin_LINE());
  void add_unsupported(fb_xnnpack::XNodeUnion member, std::string_view xnnpack_function,
                       const char* file = __builtin_FILE(), std::uint32_t line = __builtin_LINE());

  // Null when no family registered the member.
  const NodeDefinition* find(fb_xnnpack::XNodeUnion member) const;
  const NodeDefinition* find(std::string_view member_name) const;
  // By type id.
  const std::vector<NodeDefinition>& all() const { return definitions_; }
  // Members registered more than once (the later registrations are dropped).
  const std::vector<std::string>& duplicates() const { return duplicates_; }

 private:
  void insert(NodeDefinition definition);
  std::vector<NodeDefinition> definitions_;  // sorted by type id
  std::vector<std::string> duplicates_;
};

// The registry of this runtime, built once.
const NodeRegistry& node_registry();

// Each node family's registration (one per define_*.cpp).
void register_binary_nodes(NodeRegistry& registry);
void register_unary_nodes(NodeRegistry& registry);
void register_activation_nodes(NodeRegistry& registry);
void register_conv_nodes(NodeRegistry& registry);
void register_pooling_nodes(NodeRegistry& registry);
void register_fully_connected_nodes(NodeRegistry& registry);
void register_shape_nodes(NodeRegistry& registry);
void register_depth_to_space_nodes(NodeRegistry& registry);
void register_concatenate_nodes(NodeRegistry& registry);
void register_matrix_multiply_nodes(NodeRegistry& registry);

// Adapts a definer of one payload table to DefineNode. This is the one place a definer's payload is
// fetched: through the generated accessor for the registered member, which gives null when the node is
// of another member (a registration mistake), reported here instead of misread.
template <auto Accessor, auto DefinePayload>
Status with_payload(const fb_xnnpack::XNode& node, const NodeContext& context) {
  const auto* payload = (node.*Accessor)();
  if (payload == nullptr) return context.fail("the node's payload is not the table this definer reads");
  return DefinePayload(*payload, context);
}

}  // namespace fbcompat::xnnpack
