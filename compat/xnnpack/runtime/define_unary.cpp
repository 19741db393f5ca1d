// Element-wise unary nodes (_XNNNode1x1) without parameters: one input, one output of the same shape.
// Softmax normalises over the last dimension; convert changes the datatype.
//
// An XNNPACK with xnn_define_unary (2024 on) defines them all through it, as its deprecated per-operator
// functions do themselves; it is also the only way it defines sine, cosine and exp. The 2022 snapshot has
// only the per-operator functions, and none for the math functions ExecuTorch added later (reciprocal
// square root, log, gelu, tanh, exp, sine, cosine): those are unsupported on it.
#include "runtime/node_registry.h"
#include "runtime/shape_checks.h"

namespace fbcompat::xnnpack {
namespace {

using fb_xnnpack::XNode;
using fb_xnnpack::XNodeUnion;

Expected<std::pair<const ValueInfo*, const ValueInfo*>> same_shape_operands(const fb_xnnpack::_XNNNode1x1& payload,
                                                                            const NodeContext& context) {
  auto input = context.value(payload.input_id(), "input");
  if (!input) return input.error();
  auto output = context.output(payload.output_id(), "output");
  if (!output) return output.error();
  if (auto shape = expect_dims(context, **output, (*input)->dims, "output"); !shape) return shape.error();
  return std::make_pair(*input, *output);
}

using Unary = xnn_status (*)(xnn_subgraph_t, uint32_t, uint32_t, uint32_t);

template <Unary Define>
Status define_unary(const fb_xnnpack::_XNNNode1x1& payload, const NodeContext& context) {
  auto operands = same_shape_operands(payload, context);
  if (!operands) return operands.error();
  return context.check(Define(context.subgraph, operands->first->xnn_id, operands->second->xnn_id, payload.flags()));
}

#if FBCOMPAT_HAS_XNN_DEFINE_UNARY
template <xnn_unary_operator Operator>
Status define_unary_operator(const fb_xnnpack::_XNNNode1x1& payload, const NodeContext& context) {
  auto operands = same_shape_operands(payload, context);
  if (!operands) return operands.error();
  return context.check(xnn_define_unary(context.subgraph, Operator, nullptr, operands->first->xnn_id,
                                        operands->second->xnn_id, payload.flags()));
}

#define FBCOMPAT_UNARY(member, old_function, unary_operator)                 \
  registry.add(XNodeUnion::member, "xnn_define_unary (" #unary_operator ")", \
               with_payload<&XNode::xnode_union_as_##member, define_unary_operator<unary_operator>>)
#define FBCOMPAT_UNARY_ADDED_WITH_DEFINE_UNARY(member, unary_operator) FBCOMPAT_UNARY(member, , unary_operator)
#else
#define FBCOMPAT_UNARY(member, old_function, unary_operator) \
  registry.add(XNodeUnion::member, #old_function,            \
               with_payload<&XNode::xnode_union_as_##member, define_unary<old_function>>)
#define FBCOMPAT_UNARY_ADDED_WITH_DEFINE_UNARY(member, unary_operator) \
  registry.add_unsupported(XNodeUnion::member, "xnn_define_unary (" #unary_operator ")")
#endif

}  // namespace

void register_unary_nodes(NodeRegistry& registry) {
  // Softmax is no element-wise operator: its own function in every XNNPACK.
  registry.add(XNodeUnion::XNNSoftmax, "xnn_define_softmax",
               with_payload<&XNode::xnode_union_as_XNNSoftmax, define_unary<xnn_define_softmax>>);
  FBCOMPAT_UNARY(XNNSigmoid, xnn_define_sigmoid, xnn_unary_sigmoid);
  FBCOMPAT_UNARY(XNNFloor, xnn_define_floor, xnn_unary_floor);
  FBCOMPAT_UNARY(XNNCeiling, xnn_define_ceiling, xnn_unary_ceiling);
  FBCOMPAT_UNARY(XNNSquareRoot, xnn_define_square_root, xnn_unary_square_root);
  FBCOMPAT_UNARY(XNNHardswish, xnn_define_hardswish, xnn_unary_hardswish);
  FBCOMPAT_UNARY(XNNNegate, xnn_define_negate, xnn_unary_negate);
  FBCOMPAT_UNARY(XNNSquare, xnn_define_square, xnn_unary_square);
  FBCOMPAT_UNARY(XNNAbs, xnn_define_abs, xnn_unary_abs);
  FBCOMPAT_UNARY(XNNConvert, xnn_define_convert, xnn_unary_convert);
  FBCOMPAT_UNARY_ADDED_WITH_DEFINE_UNARY(XNNReciprocalSquareRoot, xnn_unary_reciprocal_square_root);
  FBCOMPAT_UNARY_ADDED_WITH_DEFINE_UNARY(XNNLog, xnn_unary_log);
  FBCOMPAT_UNARY_ADDED_WITH_DEFINE_UNARY(XNNGelu, xnn_unary_gelu);
  FBCOMPAT_UNARY_ADDED_WITH_DEFINE_UNARY(XNNTanh, xnn_unary_tanh);
  FBCOMPAT_UNARY_ADDED_WITH_DEFINE_UNARY(XNNExp, xnn_unary_exp);
  FBCOMPAT_UNARY_ADDED_WITH_DEFINE_UNARY(XNNSin, xnn_unary_sine);
  FBCOMPAT_UNARY_ADDED_WITH_DEFINE_UNARY(XNNCos, xnn_unary_cosine);
}

#undef FBCOMPAT_UNARY
#undef FBCOMPAT_UNARY_ADDED_WITH_DEFINE_UNARY

}  // namespace fbcompat::xnnpack
