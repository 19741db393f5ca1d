// Element-wise unary nodes (_XNNNode1x1) without parameters: one input, one output of the same shape.
// Softmax normalises over the last dimension; convert changes the datatype.
#include "runtime/node_registry.h"
#include "runtime/shape_checks.h"

namespace fbcompat::xnnpack {
namespace {

using fb_xnnpack::XNode;
using fb_xnnpack::XNodeUnion;

using Unary = xnn_status (*)(xnn_subgraph_t, uint32_t, uint32_t, uint32_t);

template <Unary Define>
Status define_unary(const fb_xnnpack::_XNNNode1x1& payload, const NodeContext& context) {
  auto input = context.value(payload.input_id(), "input");
  if (!input) return input.error();
  auto output = context.output(payload.output_id(), "output");
  if (!output) return output.error();
  if (auto shape = expect_dims(context, **output, (*input)->dims, "output"); !shape) return shape;
  return context.check(Define(context.subgraph, (*input)->xnn_id, (*output)->xnn_id, payload.flags()));
}

}  // namespace

void register_unary_nodes(NodeRegistry& registry) {
  registry.add(XNodeUnion::XNNSoftmax, "xnn_define_softmax",
               with_payload<&XNode::xnode_union_as_XNNSoftmax, define_unary<xnn_define_softmax>>);
  registry.add(XNodeUnion::XNNSigmoid, "xnn_define_sigmoid",
               with_payload<&XNode::xnode_union_as_XNNSigmoid, define_unary<xnn_define_sigmoid>>);
  registry.add(XNodeUnion::XNNFloor, "xnn_define_floor",
               with_payload<&XNode::xnode_union_as_XNNFloor, define_unary<xnn_define_floor>>);
  registry.add(XNodeUnion::XNNCeiling, "xnn_define_ceiling",
               with_payload<&XNode::xnode_union_as_XNNCeiling, define_unary<xnn_define_ceiling>>);
  registry.add(XNodeUnion::XNNSquareRoot, "xnn_define_square_root",
               with_payload<&XNode::xnode_union_as_XNNSquareRoot, define_unary<xnn_define_square_root>>);
  registry.add(XNodeUnion::XNNHardswish, "xnn_define_hardswish",
               with_payload<&XNode::xnode_union_as_XNNHardswish, define_unary<xnn_define_hardswish>>);
  registry.add(XNodeUnion::XNNNegate, "xnn_define_negate",
               with_payload<&XNode::xnode_union_as_XNNNegate, define_unary<xnn_define_negate>>);
  registry.add(XNodeUnion::XNNSquare, "xnn_define_square",
               with_payload<&XNode::xnode_union_as_XNNSquare, define_unary<xnn_define_square>>);
  registry.add(XNodeUnion::XNNAbs, "xnn_define_abs",
               with_payload<&XNode::xnode_union_as_XNNAbs, define_unary<xnn_define_abs>>);
  registry.add(XNodeUnion::XNNConvert, "xnn_define_convert",
               with_payload<&XNode::xnode_union_as_XNNConvert, define_unary<xnn_define_convert>>);
}

}  // namespace fbcompat::xnnpack
