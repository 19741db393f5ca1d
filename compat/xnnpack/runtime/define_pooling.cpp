// Pooling, NHWC: average and max pooling (_XNNPooling2D), global average pooling (_XNNNode1x1, output
// [N, 1, 1, C]) and argmax pooling (stride = pooling size, with an index output). Average, max and
// global average pooling clamp their output to XNode.output_min_max.
#include <fmt/format.h>

#include "runtime/node_registry.h"
#include "runtime/shape_checks.h"

namespace fbcompat::xnnpack {
namespace {

using fb_xnnpack::_XNNPooling2D;
using fb_xnnpack::XNode;
using fb_xnnpack::XNodeUnion;

struct PoolingOperands {
  const ValueInfo* input = nullptr;
  const ValueInfo* output = nullptr;
};

// Checks the window parameters and the output shape of a pooling node. Average pooling has no
// dilation in XNNPACK; the exporter's dilation fields are ignored for it, as ExecuTorch does.
Expected<PoolingOperands> pooling_operands(const _XNNPooling2D& pooling, const NodeContext& context, bool dilated) {
  const std::uint32_t dilation_height = dilated ? pooling.dilation_height() : 1;
  const std::uint32_t dilation_width = dilated ? pooling.dilation_width() : 1;
  for (auto [value, name] : {std::pair{pooling.pooling_height(), "pooling_height"},
                             {pooling.pooling_width(), "pooling_width"},
                             {pooling.stride_height(), "stride_height"},
                             {pooling.stride_width(), "stride_width"},
                             {dilation_height, "dilation_height"},
                             {dilation_width, "dilation_width"}}) {
    if (auto status = expect_positive(context, value, name); !status) return status.error();
  }
  auto input = context.value(pooling.input_id(), "input");
  if (!input) return input.error();
  auto output = context.output(pooling.output_id(), "output");
  if (!output) return output.error();
  if (auto status = expect_rank(context, **input, 4, "input"); !status) return status.error();
  const Dims& dims = (*input)->dims;
  const bool same_padding = (pooling.flags() & XNN_FLAG_TENSORFLOW_SAME_PADDING) != 0;
  auto height = window_output_size(context,
                                   WindowAxis{"height", dims[1], pooling.padding_top(), pooling.padding_bottom(),
                                              pooling.pooling_height(), pooling.stride_height(), dilation_height},
                                   same_padding);
  if (!height) return height.error();
  auto width = window_output_size(context,
                                  WindowAxis{"width", dims[2], pooling.padding_left(), pooling.padding_right(),
                                             pooling.pooling_width(), pooling.stride_width(), dilation_width},
                                  same_padding);
  if (!width) return width.error();
  if (auto status = expect_dims(context, **output, Dims{dims[0], *height, *width, dims[3]}, "output"); !status) {
    return status.error();
  }
  return PoolingOperands{*input, *output};
}

Status define_avg_pooling2d(const fb_xnnpack::_XNNPooling2D& pooling, const NodeContext& context) {
  auto operands = pooling_operands(pooling, context, false);
  if (!operands) return operands.error();
  return context.check(xnn_define_average_pooling_2d(
      context.subgraph, pooling.padding_top(), pooling.padding_right(), pooling.padding_bottom(),
      pooling.padding_left(), pooling.pooling_height(), pooling.pooling_width(), pooling.stride_height(),
      pooling.stride_width(), context.output_min, context.output_max, operands->input->xnn_id, operands->output->xnn_id,
      pooling.flags()));
}

Status define_max_pooling2d(const fb_xnnpack::_XNNPooling2D& pooling, const NodeContext& context) {
  auto operands = pooling_operands(pooling, context, true);
  if (!operands) return operands.error();
  return context.check(xnn_define_max_pooling_2d(
      context.subgraph, pooling.padding_top(), pooling.padding_right(), pooling.padding_bottom(),
      pooling.padding_left(), pooling.pooling_height(), pooling.pooling_width(), pooling.stride_height(),
      pooling.stride_width(), pooling.dilation_height(), pooling.dilation_width(), context.output_min,
      context.output_max, operands->input->xnn_id, operands->output->xnn_id, pooling.flags()));
}

Status define_global_avg_pooling2d(const fb_xnnpack::_XNNNode1x1& payload, const NodeContext& context) {
  auto input = context.value(payload.input_id(), "input");
  if (!input) return input.error();
  auto output = context.output(payload.output_id(), "output");
  if (!output) return output.error();
  if (auto status = expect_rank(context, **input, 4, "input"); !status) return status;
  const Dims& dims = (*input)->dims;
  if (auto status = expect_dims(context, **output, Dims{dims[0], 1, 1, dims[3]}, "output"); !status) return status;
    // XNNPACK 2024 deprecates it for xnn_define_static_reduce but keeps it, computing the same; ExecuTorch's
    // delegate calls it, so the runtime does too.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  return context.check(xnn_define_global_average_pooling_2d(context.subgraph, context.output_min, context.output_max,
                                                            (*input)->xnn_id, (*output)->xnn_id, payload.flags()));
#pragma GCC diagnostic pop
}

Status define_argmax_pooling2d(const fb_xnnpack::XNNArgMaxPooling2d& pooling, const NodeContext& context) {
  if (auto status = expect_positive(context, pooling.pooling_height(), "pooling_height"); !status) return status;
  if (auto status = expect_positive(context, pooling.pooling_width(), "pooling_width"); !status) return status;
  auto input = context.value(pooling.input_id(), "input");
  if (!input) return input.error();
  auto values = context.output(pooling.output_value_id(), "output");
  if (!values) return values.error();
  auto indices = context.output(pooling.output_index_id(), "index output");
  if (!indices) return indices.error();
  if (auto status = expect_rank(context, **input, 4, "input"); !status) return status;
  const Dims& dims = (*input)->dims;
  // Argmax pooling windows do not overlap: the stride is the pooling size.
  auto height = window_output_size(context,
                                   WindowAxis{"height", dims[1], pooling.padding_top(), pooling.padding_bottom(),
                                              pooling.pooling_height(), pooling.pooling_height(), 1},
                                   false);
  if (!height) return height.error();
  auto width = window_output_size(context,
                                  WindowAxis{"width", dims[2], pooling.padding_left(), pooling.padding_right(),
                                             pooling.pooling_width(), pooling.pooling_width(), 1},
                                  false);
  if (!width) return width.error();
  const Dims expected{dims[0], *height, *width, dims[3]};
  if (auto status = expect_dims(context, **values, expected, "output"); !status) return status;
  if (auto status = expect_dims(context, **indices, expected, "index output"); !status) return status;
  // XNNPACK writes 32-bit indices into the index output.
  if ((*indices)->element_size != 4) {
    return context.fail(fmt::format("index output value {} has {}-byte elements; argmax pooling writes 4-byte indices",
                                    (*indices)->value_id, (*indices)->element_size));
  }
  return context.check(xnn_define_argmax_pooling_2d(context.subgraph, pooling.padding_top(), pooling.padding_right(),
                                                    pooling.padding_bottom(), pooling.padding_left(),
                                                    pooling.pooling_height(), pooling.pooling_width(), (*input)->xnn_id,
                                                    (*values)->xnn_id, (*indices)->xnn_id, pooling.flags()));
}

}  // namespace

void register_pooling_nodes(NodeRegistry& registry) {
  registry.add(XNodeUnion::XNNAvgPooling2d, "xnn_define_average_pooling_2d",
               with_payload<&XNode::xnode_union_as_XNNAvgPooling2d, define_avg_pooling2d>);
  registry.add(XNodeUnion::XNNMaxPooling2d, "xnn_define_max_pooling_2d",
               with_payload<&XNode::xnode_union_as_XNNMaxPooling2d, define_max_pooling2d>);
  registry.add(XNodeUnion::XNNGlobalAvgPooling2d, "xnn_define_global_average_pooling_2d",
               with_payload<&XNode::xnode_union_as_XNNGlobalAvgPooling2d, define_global_avg_pooling2d>);
  registry.add(XNodeUnion::XNNArgMaxPooling2d, "xnn_define_argmax_pooling_2d",
               with_payload<&XNode::xnode_union_as_XNNArgMaxPooling2d, define_argmax_pooling2d>);
}

}  // namespace fbcompat::xnnpack
