// Fully connected (linear) nodes: output[..., o] = sum_i input[..., i] * filter[o, i] + bias[o], clamped
// to XNode.output_min_max. The filter is [output_channels, input_channels] ([input_channels,
// output_channels] with XNN_FLAG_TRANSPOSE_WEIGHTS) and constant, like the optional bias.
#include <fmt/format.h>

#include "runtime/node_registry.h"
#include "runtime/shape_checks.h"

namespace fbcompat::xnnpack {
namespace {

using fb_xnnpack::XNode;
using fb_xnnpack::XNodeUnion;

// What the node computes from its input: the input's last dimension becomes output_channels, or with
// XNN_FLAG_TENSORFLOW_RESHAPE_2D, the input is flattened to [batch, input_channels] first.
Expected<Dims> fully_connected_output(const NodeContext& context, const ValueInfo& input, std::size_t input_channels,
                                      std::size_t output_channels, std::uint32_t flags) {
  if ((flags & XNN_FLAG_TENSORFLOW_RESHAPE_2D) != 0) {
    if (input.element_count % input_channels != 0) {
      return context.fail(fmt::format("input value {} ({} elements) does not flatten into rows of {} input channels",
                                      input.value_id, input.element_count, input_channels));
    }
    return Dims{input.element_count / input_channels, output_channels};
  }
  if (input.dims.empty() || input.dims.back() != input_channels) {
    return context.fail(
        fmt::format("input value {} has dims {}; its last dimension must be the filter's {} input channels",
                    input.value_id, dims_to_string(input.dims), input_channels));
  }
  Dims output = input.dims;
  output.back() = output_channels;
  return output;
}

Status define_fully_connected(const fb_xnnpack::XNNFullyConnected& payload, const NodeContext& context) {
  auto input = context.value(payload.input1_id(), "input");
  if (!input) return input.error();
  auto filter = context.value(payload.filter_id(), "filter");
  if (!filter) return filter.error();
  auto bias = context.optional_value(payload.bias_id(), "bias");
  if (!bias) return bias.error();
  auto output = context.output(payload.output_id(), "output");
  if (!output) return output.error();

  if (auto status = expect_constant(context, **filter, "filter"); !status) return status;
  if (auto status = expect_rank(context, **filter, 2, "filter"); !status) return status;
  const bool transposed = (payload.flags() & XNN_FLAG_TRANSPOSE_WEIGHTS) != 0;
  const std::size_t input_channels = (*filter)->dims[transposed ? 0 : 1];
  const std::size_t output_channels = (*filter)->dims[transposed ? 1 : 0];
  if (*bias != nullptr) {
    if (auto status = expect_constant(context, **bias, "bias"); !status) return status;
    if (auto status = expect_dims(context, **bias, Dims{output_channels}, "bias"); !status) return status;
  }
  auto computed = fully_connected_output(context, **input, input_channels, output_channels, payload.flags());
  if (!computed) return computed.error();
  if (auto status = expect_dims(context, **output, *computed, "output"); !status) return status;
  return context.check(xnn_define_fully_connected(context.subgraph, context.output_min, context.output_max,
                                                  (*input)->xnn_id, (*filter)->xnn_id, NodeContext::xnn_id_of(*bias),
                                                  (*output)->xnn_id, payload.flags()));
}

}  // namespace

void register_fully_connected_nodes(NodeRegistry& registry) {
  registry.add(XNodeUnion::XNNFullyConnected, "xnn_define_fully_connected",
               with_payload<&XNode::xnode_union_as_XNNFullyConnected, define_fully_connected>);
}

}  // namespace fbcompat::xnnpack
