// Convolutions (_XNNNodeConv), NHWC: 2D convolution, depthwise convolution and transposed
// convolution. Filters and biases are constant; the output is clamped to XNode.output_min_max.
//
// Filter layouts (as the exporter writes them): convolution and transposed convolution
// [groups * group_output_channels, kernel_height, kernel_width, group_input_channels]; depthwise
// [1, kernel_height, kernel_width, channels * depth_multiplier], where the payload's `groups` is the
// input channel count and depth_multiplier = group_output_channels / group_input_channels.
#include <fmt/format.h>

#include "runtime/node_registry.h"
#include "runtime/shape_checks.h"

namespace fbcompat::xnnpack {
namespace {

using fb_xnnpack::_XNNNodeConv;
using fb_xnnpack::XNode;
using fb_xnnpack::XNodeUnion;

struct ConvOperands {
  const ValueInfo* input = nullptr;
  const ValueInfo* filter = nullptr;
  const ValueInfo* bias = nullptr;  // null: no bias
  const ValueInfo* output = nullptr;
};

Expected<ConvOperands> conv_operands(const _XNNNodeConv& conv, const NodeContext& context) {
  for (auto [value, name] : {std::pair{conv.kernel_height(), "kernel_height"},
                             {conv.kernel_width(), "kernel_width"},
                             {conv.subsampling_height(), "subsampling_height"},
                             {conv.subsampling_width(), "subsampling_width"},
                             {conv.dilation_height(), "dilation_height"},
                             {conv.dilation_width(), "dilation_width"},
                             {conv.groups(), "groups"},
                             {conv.group_input_channels(), "group_input_channels"},
                             {conv.group_output_channels(), "group_output_channels"}}) {
    if (auto status = expect_positive(context, value, name); !status) return status.error();
  }
  ConvOperands operands;
  auto input = context.value(conv.input1_id(), "input");
  if (!input) return input.error();
  auto filter = context.value(conv.filter_id(), "filter");
  if (!filter) return filter.error();
  auto bias = context.optional_value(conv.bias_id(), "bias");
  if (!bias) return bias.error();
  auto output = context.output(conv.output_id(), "output");
  if (!output) return output.error();
  operands = {*input, *filter, *bias, *output};
  if (auto status = expect_rank(context, *operands.input, 4, "input"); !status) return status.error();
  if (auto status = expect_constant(context, *operands.filter, "filter"); !status) return status.error();
  if (operands.bias != nullptr) {
    if (auto status = expect_constant(context, *operands.bias, "bias"); !status) return status.error();
  }
  return operands;
}

// The output a window with these parameters computes over the input, as [N, OH, OW, channels].
Expected<Dims> windowed_output(const NodeContext& context, const _XNNNodeConv& conv, const Dims& input,
                               std::size_t channels, bool transposed) {
  WindowAxis height{"height",
                    input[1],
                    conv.padding_top(),
                    conv.padding_bottom(),
                    conv.kernel_height(),
                    conv.subsampling_height(),
                    conv.dilation_height()};
  WindowAxis width{"width",
                   input[2],
                   conv.padding_left(),
                   conv.padding_right(),
                   conv.kernel_width(),
                   conv.subsampling_width(),
                   conv.dilation_width()};
  const bool same_padding = (conv.flags() & XNN_FLAG_TENSORFLOW_SAME_PADDING) != 0;
  auto out_height = transposed ? transposed_output_size(context, height, conv.adjustment_height())
                               : window_output_size(context, height, same_padding);
  if (!out_height) return out_height.error();
  auto out_width = transposed ? transposed_output_size(context, width, conv.adjustment_width())
                              : window_output_size(context, width, same_padding);
  if (!out_width) return out_width.error();
  return Dims{input[0], *out_height, *out_width, channels};
}

Status check_bias(const NodeContext& context, const ConvOperands& operands, std::size_t output_channels) {
  if (operands.bias == nullptr) return ok();
  return expect_dims(context, *operands.bias, Dims{output_channels}, "bias");
}

Status check_grouped(const NodeContext& context, const _XNNNodeConv& conv, const ConvOperands& operands,
                     bool transposed) {
  const std::size_t groups = conv.groups();
  const std::size_t output_channels = groups * conv.group_output_channels();
  if (auto status = expect_dims(context, *operands.input,
                                Dims{operands.input->dims[0], operands.input->dims[1], operands.input->dims[2],
                                     groups * conv.group_input_channels()},
                                "input");
      !status) {
    return status;
  }
  if (auto status = expect_dims(
          context, *operands.filter,
          Dims{output_channels, conv.kernel_height(), conv.kernel_width(), conv.group_input_channels()}, "filter");
      !status) {
    return status;
  }
  if (auto status = check_bias(context, operands, output_channels); !status) return status;
  auto output = windowed_output(context, conv, operands.input->dims, output_channels, transposed);
  if (!output) return output.error();
  return expect_dims(context, *operands.output, *output, "output");
}

Status define_conv2d(const fb_xnnpack::_XNNNodeConv& conv, const NodeContext& context) {
  auto operands = conv_operands(conv, context);
  if (!operands) return operands.error();
  if (auto status = check_grouped(context, conv, *operands, false); !status) return status;
  return context.check(xnn_define_convolution_2d(
      context.subgraph, conv.padding_top(), conv.padding_right(), conv.padding_bottom(), conv.padding_left(),
      conv.kernel_height(), conv.kernel_width(), conv.subsampling_height(), conv.subsampling_width(),
      conv.dilation_height(), conv.dilation_width(), conv.groups(), conv.group_input_channels(),
      conv.group_output_channels(), context.output_min, context.output_max, operands->input->xnn_id,
      operands->filter->xnn_id, NodeContext::xnn_id_of(operands->bias), operands->output->xnn_id, conv.flags()));
}

Status define_depthwise_conv2d(const fb_xnnpack::_XNNNodeConv& conv, const NodeContext& context) {
  auto operands = conv_operands(conv, context);
  if (!operands) return operands.error();
  if (conv.group_output_channels() % conv.group_input_channels() != 0) {
    return context.fail(fmt::format("group_output_channels {} is not a multiple of group_input_channels {}",
                                    conv.group_output_channels(), conv.group_input_channels()));
  }
  const std::uint32_t depth_multiplier = conv.group_output_channels() / conv.group_input_channels();
  const std::size_t channels = conv.groups();
  const std::size_t output_channels = channels * depth_multiplier;
  const Dims& input = operands->input->dims;
  if (auto status = expect_dims(context, *operands->input, Dims{input[0], input[1], input[2], channels}, "input");
      !status) {
    return status;
  }
  if (auto status = expect_dims(context, *operands->filter,
                                Dims{1, conv.kernel_height(), conv.kernel_width(), output_channels}, "filter");
      !status) {
    return status;
  }
  if (auto status = check_bias(context, *operands, output_channels); !status) return status;
  auto output = windowed_output(context, conv, input, output_channels, false);
  if (!output) return output.error();
  if (auto status = expect_dims(context, *operands->output, *output, "output"); !status) return status;
  return context.check(xnn_define_depthwise_convolution_2d(
      context.subgraph, conv.padding_top(), conv.padding_right(), conv.padding_bottom(), conv.padding_left(),
      conv.kernel_height(), conv.kernel_width(), conv.subsampling_height(), conv.subsampling_width(),
      conv.dilation_height(), conv.dilation_width(), depth_multiplier, channels, context.output_min, context.output_max,
      operands->input->xnn_id, operands->filter->xnn_id, NodeContext::xnn_id_of(operands->bias),
      operands->output->xnn_id, conv.flags()));
}

// The subsampling fields carry the upsampling factors.
Status define_conv_transpose2d(const fb_xnnpack::_XNNNodeConv& conv, const NodeContext& context) {
  auto operands = conv_operands(conv, context);
  if (!operands) return operands.error();
  if (auto status = check_grouped(context, conv, *operands, true); !status) return status;
  return context.check(xnn_define_deconvolution_2d(
      context.subgraph, conv.padding_top(), conv.padding_right(), conv.padding_bottom(), conv.padding_left(),
      conv.adjustment_height(), conv.adjustment_width(), conv.kernel_height(), conv.kernel_width(),
      conv.subsampling_height(), conv.subsampling_width(), conv.dilation_height(), conv.dilation_width(), conv.groups(),
      conv.group_input_channels(), conv.group_output_channels(), context.output_min, context.output_max,
      operands->input->xnn_id, operands->filter->xnn_id, NodeContext::xnn_id_of(operands->bias),
      operands->output->xnn_id, conv.flags()));
}

}  // namespace

void register_conv_nodes(NodeRegistry& registry) {
  registry.add(XNodeUnion::XNNConv2d, "xnn_define_convolution_2d",
               with_payload<&XNode::xnode_union_as_XNNConv2d, define_conv2d>);
  registry.add(XNodeUnion::XNNDepthwiseConv2d, "xnn_define_depthwise_convolution_2d",
               with_payload<&XNode::xnode_union_as_XNNDepthwiseConv2d, define_depthwise_conv2d>);
  registry.add(XNodeUnion::XNNConvTranspose2d, "xnn_define_deconvolution_2d",
               with_payload<&XNode::xnode_union_as_XNNConvTranspose2d, define_conv_transpose2d>);
}

}  // namespace fbcompat::xnnpack
