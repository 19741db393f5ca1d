// Element-wise binary nodes (_XNNNode2x1): two inputs broadcast against each other, one output.
// Add, subtract, multiply and divide clamp their output to XNode.output_min_max.
#include "runtime/node_registry.h"
#include "runtime/shape_checks.h"

namespace fbcompat::xnnpack {
namespace {

using fb_xnnpack::_XNNNode2x1;
using fb_xnnpack::XNode;
using fb_xnnpack::XNodeUnion;

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

#if FBCOMPAT_HAS_XNN_DEFINE_BINARY
// An XNNPACK with xnn_define_binary (2024 on) keeps the per-operator functions only as deprecated wrappers of it.
template <xnn_binary_operator Operator, bool kClamped>
Status define_binary(const _XNNNode2x1& payload, const NodeContext& context) {
  auto values = operands(payload, context);
  if (!values) return values.error();
  xnn_binary_params clamp{context.output_min, context.output_max};
  return context.check(xnn_define_binary(context.subgraph, Operator, kClamped ? &clamp : nullptr,
                                         values->input1->xnn_id, values->input2->xnn_id, values->output->xnn_id,
                                         payload.flags()));
}

#define FBCOMPAT_CLAMPED_BINARY(member, old_function, binary_operator)         \
  registry.add(XNodeUnion::member, "xnn_define_binary (" #binary_operator ")", \
               with_payload<&XNode::xnode_union_as_##member, define_binary<binary_operator, true>>)
#define FBCOMPAT_PLAIN_BINARY(member, old_function, binary_operator)           \
  registry.add(XNodeUnion::member, "xnn_define_binary (" #binary_operator ")", \
               with_payload<&XNode::xnode_union_as_##member, define_binary<binary_operator, false>>)
#else
using ClampedBinary = xnn_status (*)(xnn_subgraph_t, float, float, uint32_t, uint32_t, uint32_t, uint32_t);
using PlainBinary = xnn_status (*)(xnn_subgraph_t, uint32_t, uint32_t, uint32_t, uint32_t);

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

#define FBCOMPAT_CLAMPED_BINARY(member, old_function, binary_operator) \
  registry.add(XNodeUnion::member, #old_function,                      \
               with_payload<&XNode::xnode_union_as_##member, define_clamped_binary<old_function>>)
#define FBCOMPAT_PLAIN_BINARY(member, old_function, binary_operator) \
  registry.add(XNodeUnion::member, #old_function,                    \
               with_payload<&XNode::xnode_union_as_##member, define_plain_binary<old_function>>)
#endif

}  // namespace

void register_binary_nodes(NodeRegistry& registry) {
  FBCOMPAT_CLAMPED_BINARY(XNNAdd, xnn_define_add2, xnn_binary_add);
  FBCOMPAT_CLAMPED_BINARY(XNNSubtract, xnn_define_subtract, xnn_binary_subtract);
  FBCOMPAT_CLAMPED_BINARY(XNNMultiply, xnn_define_multiply2, xnn_binary_multiply);
  FBCOMPAT_CLAMPED_BINARY(XNNDiv, xnn_define_divide, xnn_binary_divide);
  FBCOMPAT_PLAIN_BINARY(XNNMinimum, xnn_define_minimum2, xnn_binary_minimum);
  FBCOMPAT_PLAIN_BINARY(XNNMaximum, xnn_define_maximum2, xnn_binary_maximum);
}

#undef FBCOMPAT_CLAMPED_BINARY
#undef FBCOMPAT_PLAIN_BINARY

}  // namespace fbcompat::xnnpack
