// Depth to space (XNNDepthToSpace2d, appended after 1.4.1 for the upsample-nearest lowering): each
// input pixel's C * block * block channels become a block x block square of output pixels with C
// channels each. NHWC, channel order DCR: output[n][h * b + i][w * b + j][c] = input[n][h][w][(i * b + j) * C + c].
#include <fmt/format.h>

#include "runtime/node_registry.h"
#include "runtime/shape_checks.h"

namespace fbcompat::xnnpack {
namespace {

using fb_xnnpack::XNode;
using fb_xnnpack::XNodeUnion;

Status define_depth_to_space(const fb_xnnpack::XNNDepthToSpace2d& payload, const NodeContext& context) {
  const std::size_t block = payload.block_size();
  if (block < 2) return context.fail(fmt::format("block_size is {}; it must be at least 2", block));
  auto input = context.value(payload.input_id(), "input");
  if (!input) return input.error();
  auto output = context.output(payload.output_id(), "output");
  if (!output) return output.error();
  if (auto status = expect_rank(context, **input, 4, "input"); !status) return status;
  const Dims& dims = (*input)->dims;
  if (dims[3] % (block * block) != 0) {
    return context.fail(fmt::format("input value {} has {} channels, not a multiple of block_size^2 = {}",
                                    (*input)->value_id, dims[3], block * block));
  }
  if (auto status = expect_dims(context, **output,
                                Dims{dims[0], dims[1] * block, dims[2] * block, dims[3] / (block * block)}, "output");
      !status) {
    return status;
  }
  return context.check(xnn_define_depth_to_space(context.subgraph, (*input)->xnn_id, (*output)->xnn_id,
                                                 payload.block_size(), payload.flags()));
}

}  // namespace

void register_depth_to_space_nodes(NodeRegistry& registry) {
  registry.add(XNodeUnion::XNNDepthToSpace2d, "xnn_define_depth_to_space",
               with_payload<&XNode::xnode_union_as_XNNDepthToSpace2d, define_depth_to_space>);
}

}  // namespace fbcompat::xnnpack
