// Activations with a parameter: clamp (to XNode.output_min_max), ELU (alpha), leaky ReLU (negative
// slope) and PReLU (a constant slope per channel, the last dimension). An XNNPACK with xnn_define_unary
// and xnn_define_binary (2024 on) keeps the per-activation functions only as deprecated wrappers of them.
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
Expected<UnaryOperands> activation_operands(const Payload& payload, const NodeContext& context) {
  auto input = context.value(payload.input_id(), "input");
  if (!input) return input.error();
  auto output = context.output(payload.output_id(), "output");
  if (!output) return output.error();
  if (auto shape = expect_dims(context, **output, (*input)->dims, "output"); !shape) return shape.error();
  return UnaryOperands{*input, *output};
}

#if FBCOMPAT_HAS_XNN_DEFINE_UNARY
// An XNNPACK with xnn_define_unary has the per-activation functions only as deprecated wrappers of it.
constexpr const char* kDefineClamp = "xnn_define_unary (xnn_unary_clamp)";
constexpr const char* kDefineElu = "xnn_define_unary (xnn_unary_elu)";
constexpr const char* kDefineLeakyRelu = "xnn_define_unary (xnn_unary_leaky_relu)";

Status define_activation(const UnaryOperands& values, xnn_unary_operator activation, const xnn_unary_params& params,
                         std::uint32_t flags, const NodeContext& context) {
  return context.check(
      xnn_define_unary(context.subgraph, activation, &params, values.input->xnn_id, values.output->xnn_id, flags));
}

Status define_clamp(const fb_xnnpack::_XNNNode1x1& payload, const NodeContext& context) {
  auto values = activation_operands(payload, context);
  if (!values) return values.error();
  xnn_unary_params params{};
  params.clamp.min = context.output_min;
  params.clamp.max = context.output_max;
  return define_activation(*values, xnn_unary_clamp, params, payload.flags(), context);
}

Status define_elu(const fb_xnnpack::XNNELU& payload, const NodeContext& context) {
  auto values = activation_operands(payload, context);
  if (!values) return values.error();
  xnn_unary_params params{};
  params.elu.alpha = payload.alpha();
  return define_activation(*values, xnn_unary_elu, params, payload.flags(), context);
}

Status define_leaky_relu(const fb_xnnpack::XNNLeakyReLU& payload, const NodeContext& context) {
  auto values = activation_operands(payload, context);
  if (!values) return values.error();
  xnn_unary_params params{};
  params.leaky_relu.negative_slope = payload.negative_slope();
  return define_activation(*values, xnn_unary_leaky_relu, params, payload.flags(), context);
}
#else
constexpr const char* kDefineClamp = "xnn_define_clamp";
constexpr const char* kDefineElu = "xnn_define_elu";
constexpr const char* kDefineLeakyRelu = "xnn_define_leaky_relu";

Status define_clamp(const fb_xnnpack::_XNNNode1x1& payload, const NodeContext& context) {
  auto values = activation_operands(payload, context);
  if (!values) return values.error();
  return context.check(xnn_define_clamp(context.subgraph, context.output_min, context.output_max, values->input->xnn_id,
                                        values->output->xnn_id, payload.flags()));
}

Status define_elu(const fb_xnnpack::XNNELU& payload, const NodeContext& context) {
  auto values = activation_operands(payload, context);
  if (!values) return values.error();
  return context.check(xnn_define_elu(context.subgraph, payload.alpha(), values->input->xnn_id, values->output->xnn_id,
                                      payload.flags()));
}

Status define_leaky_relu(const fb_xnnpack::XNNLeakyReLU& payload, const NodeContext& context) {
  auto values = activation_operands(payload, context);
  if (!values) return values.error();
  return context.check(xnn_define_leaky_relu(context.subgraph, payload.negative_slope(), values->input->xnn_id,
                                             values->output->xnn_id, payload.flags()));
}
#endif

// PReLU is serialized as a binary node: input1 is the input, input2 the slope.
Status define_prelu(const fb_xnnpack::_XNNNode2x1& payload, const NodeContext& context) {
  auto input = context.value(payload.input1_id(), "input");
  if (!input) return input.error();
  auto slope = context.value(payload.input2_id(), "slope");
  if (!slope) return slope.error();
  auto output = context.output(payload.output_id(), "output");
  if (!output) return output.error();
  if (auto status = expect_constant(context, **slope, "slope"); !status) return status;
  const Dims& dims = (*input)->dims;
  if (dims.empty()) return context.fail("its input is a scalar; PReLU needs a channel dimension");
  if (auto status = expect_dims(context, **slope, Dims{dims.back()}, "slope"); !status) return status;
  if (auto status = expect_dims(context, **output, dims, "output"); !status) return status;
#if FBCOMPAT_HAS_XNN_DEFINE_BINARY
  return context.check(xnn_define_binary(context.subgraph, xnn_binary_prelu, nullptr, (*input)->xnn_id,
                                         (*slope)->xnn_id, (*output)->xnn_id, payload.flags()));
#else
  return context.check(
      xnn_define_prelu(context.subgraph, (*input)->xnn_id, (*slope)->xnn_id, (*output)->xnn_id, payload.flags()));
#endif
}

#if FBCOMPAT_HAS_XNN_DEFINE_BINARY
constexpr const char* kDefinePrelu = "xnn_define_binary (xnn_binary_prelu)";
#else
constexpr const char* kDefinePrelu = "xnn_define_prelu";
#endif

}  // namespace

void register_activation_nodes(NodeRegistry& registry) {
  registry.add(XNodeUnion::XNNClamp, kDefineClamp, with_payload<&XNode::xnode_union_as_XNNClamp, define_clamp>);
  registry.add(XNodeUnion::XNNELU, kDefineElu, with_payload<&XNode::xnode_union_as_XNNELU, define_elu>);
  registry.add(XNodeUnion::XNNLeakyReLU, kDefineLeakyRelu,
               with_payload<&XNode::xnode_union_as_XNNLeakyReLU, define_leaky_relu>);
  registry.add(XNodeUnion::XNNPReLU, kDefinePrelu, with_payload<&XNode::xnode_union_as_XNNPReLU, define_prelu>);
}

}  // namespace fbcompat::xnnpack
