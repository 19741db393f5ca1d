// Activations with a parameter: clamp (to XNode.output_min_max), ELU (alpha), leaky ReLU (negative
// slope) and PReLU (a constant slope per channel, the last dimension).
#include <fmt/format.h>

#include "runtime/node_registry.h"
#include "runtime/shape_checks.h"

namespace fbcompat::xnnpack {
namespace {

using fb_xnnpack::XNode;
using fb_xnnpack::XNodeUnion;

struct UnaryOperands {
  const ValueInfo* input = nullptr;
  const ValueInfo* output = nullptr;
};

template <typename Payload>
Expected<UnaryOperands> same_shape_operands(const Payload* payload, const NodeContext& context) {
  if (payload == nullptr) return context.fail("the node's payload is not the table this definer reads");
  auto input = context.value(payload->input_id(), "input");
  if (!input) return input.error();
  auto output = context.output(payload->output_id(), "output");
  if (!output) return output.error();
  if (auto shape = expect_dims(context, **output, (*input)->dims, "output"); !shape) return shape.error();
  return UnaryOperands{*input, *output};
}

Status define_clamp(const XNode& node, const NodeContext& context) {
  const auto* payload = node.xnode_union_as_XNNClamp();
  auto values = same_shape_operands(payload, context);
  if (!values) return values.error();
  return context.check(xnn_define_clamp(context.subgraph, context.output_min, context.output_max,
                                        values->input->xnn_id, values->output->xnn_id, payload->flags()));
}

Status define_elu(const XNode& node, const NodeContext& context) {
  const auto* payload = node.xnode_union_as_XNNELU();
  auto values = same_shape_operands(payload, context);
  if (!values) return values.error();
  return context.check(xnn_define_elu(context.subgraph, payload->alpha(), values->input->xnn_id,
                                      values->output->xnn_id, payload->flags()));
}

Status define_leaky_relu(const XNode& node, const NodeContext& context) {
  const auto* payload = node.xnode_union_as_XNNLeakyReLU();
  auto values = same_shape_operands(payload, context);
  if (!values) return values.error();
  return context.check(xnn_define_leaky_relu(context.subgraph, payload->negative_slope(), values->input->xnn_id,
                                             values->output->xnn_id, payload->flags()));
}

// PReLU is serialized as a binary node: input1 is the input, input2 the slope.
Status define_prelu(const XNode& node, const NodeContext& context) {
  const auto* payload = node.xnode_union_as_XNNPReLU();
  if (payload == nullptr) return context.fail("the node's payload is not the table this definer reads");
  auto input = context.value(payload->input1_id(), "input");
  if (!input) return input.error();
  auto slope = context.value(payload->input2_id(), "slope");
  if (!slope) return slope.error();
  auto output = context.output(payload->output_id(), "output");
  if (!output) return output.error();
  if (auto status = expect_constant(context, **slope, "slope"); !status) return status;
  const Dims& dims = (*input)->dims;
  if (dims.empty()) return context.fail("its input is a scalar; PReLU needs a channel dimension");
  if (auto status = expect_dims(context, **slope, Dims{dims.back()}, "slope"); !status) return status;
  if (auto status = expect_dims(context, **output, dims, "output"); !status) return status;
  return context.check(
      xnn_define_prelu(context.subgraph, (*input)->xnn_id, (*slope)->xnn_id, (*output)->xnn_id, payload->flags()));
}

}  // namespace

void register_activation_nodes(NodeRegistry& registry) {
  registry.add(XNodeUnion::XNNClamp, "xnn_define_clamp", define_clamp);
  registry.add(XNodeUnion::XNNELU, "xnn_define_elu", define_elu);
  registry.add(XNodeUnion::XNNLeakyReLU, "xnn_define_leaky_relu", define_leaky_relu);
  registry.add(XNodeUnion::XNNPReLU, "xnn_define_prelu", define_prelu);
}

}  // namespace fbcompat::xnnpack
