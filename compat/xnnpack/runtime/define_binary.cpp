// Element-wise binary nodes (_XNNNode2x1): two inputs broadcast against each other, one output.
// Add, subtract, multiply and divide clamp their output to XNode.output_min_max.
#include "runtime/node_registry.h"
#include "runtime/shape_checks.h"

namespace fbcompat::xnnpack {
namespace {

using fb_xnnpack::_XNNNode2x1;
using fb_xnnpack::XNode;
using fb_xnnpack::XNodeUnion;

using ClampedBinary = xnn_status (*)(xnn_subgraph_t, float, float, uint32_t, uint32_t, uint32_t, uint32_t);
using PlainBinary = xnn_status (*)(xnn_subgraph_t, uint32_t, uint32_t, uint32_t, uint32_t);

struct BinaryOperands {
  const ValueInfo* input1 = nullptr;
  const ValueInfo* input2 = nullptr;
  const ValueInfo* output = nullptr;
};

Expected<BinaryOperands> operands(const _XNNNode2x1& node, const NodeContext& context) {
  auto input1 = context.value(node.input1_id(), "input1");
  if (!input1) return input1.error();
  auto input2 = context.value(node.input2_id(), "input2");
  if (!input2) return input2.error();
  auto output = context.output(node.output_id(), "output");
  if (!output) return output.error();
  auto broadcast = broadcast_dims(context, (*input1)->dims, (*input2)->dims);
  if (!broadcast) return broadcast.error();
  if (auto shape = expect_dims(context, **output, *broadcast, "output"); !shape) return shape.error();
  return BinaryOperands{*input1, *input2, *output};
}

template <ClampedBinary Define>
Status define_clamped_binary(const _XNNNode2x1& payload, const NodeContext& context) {
  auto values = operands(payload, context);
  if (!values) return values.error();
  return context.check(Define(context.subgraph, context.output_min, context.output_max, values->input1->xnn_id,
                              values->input2->xnn_id, values->output->xnn_id, payload.flags()));
}

template <PlainBinary Define>
Status define_plain_binary(const _XNNNode2x1& payload, const NodeContext& context) {
  auto values = operands(payload, context);
  if (!values) return values.error();
  return context.check(Define(context.subgraph, values->input1->xnn_id, values->input2->xnn_id, values->output->xnn_id,
                              payload.flags()));
}

}  // namespace

void register_binary_nodes(NodeRegistry& registry) {
  registry.add(XNodeUnion::XNNAdd, "xnn_define_add2",
               with_payload<&XNode::xnode_union_as_XNNAdd, define_clamped_binary<xnn_define_add2>>);
  registry.add(XNodeUnion::XNNSubtract, "xnn_define_subtract",
               with_payload<&XNode::xnode_union_as_XNNSubtract, define_clamped_binary<xnn_define_subtract>>);
  registry.add(XNodeUnion::XNNMultiply, "xnn_define_multiply2",
               with_payload<&XNode::xnode_union_as_XNNMultiply, define_clamped_binary<xnn_define_multiply2>>);
  registry.add(XNodeUnion::XNNDiv, "xnn_define_divide",
               with_payload<&XNode::xnode_union_as_XNNDiv, define_clamped_binary<xnn_define_divide>>);
  registry.add(XNodeUnion::XNNMinimum, "xnn_define_minimum2",
               with_payload<&XNode::xnode_union_as_XNNMinimum, define_plain_binary<xnn_define_minimum2>>);
  registry.add(XNodeUnion::XNNMaximum, "xnn_define_maximum2",
               with_payload<&XNode::xnode_union_as_XNNMaximum, define_plain_binary<xnn_define_maximum2>>);
}

}  // namespace fbcompat::xnnpack
