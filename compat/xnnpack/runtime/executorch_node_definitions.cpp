// The nodes of a payload defined on XNNPACK with the calls and arguments XNNCompiler's node definers
// make (payload_definition.h): each value id through the ids XNNPACK gave the values, the node's output
// clamp where the definer passes one, and before rank-from-dims num_dims as the length of the lists.
#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <vector>

#include "load/node_value_ids.h"
#include "runtime/payload_definition.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"  // the backend calls XNNPACK's deprecated wrappers

#if FBCOMPAT_XNNPACK_DEFINES_AS_EXECUTORCH

namespace fbcompat::xnnpack {
namespace {

using fx::XNodeUnion;

struct Clamp {
  float min = -std::numeric_limits<float>::infinity();
  float max = std::numeric_limits<float>::infinity();
};

Clamp clamp_of(const fx::XNode& node) {
  Clamp clamp;
  if (const fx::OutputMinMax* bounds = node.output_min_max()) {
    clamp.min = bounds->output_min();
    clamp.max = bounds->output_max();
  }
  return clamp;
}

bool is_unary(XNodeUnion type, xnn_unary_operator& op) {
  switch (type) {
    case XNodeUnion::XNNSigmoid: op = xnn_unary_sigmoid; return true;
    case XNodeUnion::XNNFloor: op = xnn_unary_floor; return true;
    case XNodeUnion::XNNSquareRoot: op = xnn_unary_square_root; return true;
    case XNodeUnion::XNNReciprocalSquareRoot: op = xnn_unary_reciprocal_square_root; return true;
    case XNodeUnion::XNNCeiling: op = xnn_unary_ceiling; return true;
    case XNodeUnion::XNNGelu: op = xnn_unary_gelu; return true;
    case XNodeUnion::XNNHardswish: op = xnn_unary_hardswish; return true;
    case XNodeUnion::XNNLog: op = xnn_unary_log; return true;
    case XNodeUnion::XNNNegate: op = xnn_unary_negate; return true;
    case XNodeUnion::XNNSquare: op = xnn_unary_square; return true;
    case XNodeUnion::XNNAbs: op = xnn_unary_abs; return true;
    case XNodeUnion::XNNSin: op = xnn_unary_sine; return true;
    case XNodeUnion::XNNCos: op = xnn_unary_cosine; return true;
    default: return false;
  }
}

bool is_binary(XNodeUnion type, xnn_binary_operator& op, bool& clamped) {
  clamped = true;
  switch (type) {
    case XNodeUnion::XNNAdd: op = xnn_binary_add; return true;
    case XNodeUnion::XNNSubtract: op = xnn_binary_subtract; return true;
    case XNodeUnion::XNNMultiply: op = xnn_binary_multiply; return true;
    case XNodeUnion::XNNDiv: op = xnn_binary_divide; return true;
    case XNodeUnion::XNNMinimum: clamped = false; op = xnn_binary_minimum; return true;
    case XNodeUnion::XNNMaximum: clamped = false; op = xnn_binary_maximum; return true;
    default: return false;
  }
}

// A list as the definer hands it: `length` entries (the list's own length, or num_dims before
// rank-from-dims: the checks refuse a list shorter than that). XNNPACK reads as many entries of a pad's
// paddings as its input has dimensions: those are given XNN_MAX_TENSOR_DIMS, zeros past the list's end.
std::vector<std::size_t> list_of(const flatbuffers::Vector<std::uint32_t>& list, std::size_t length) {
  std::vector<std::size_t> entries(length, 0);
  for (flatbuffers::uoffset_t i = 0; i < list.size() && i < length; ++i) entries[i] = list.Get(i);
  return entries;
}

}  // namespace

std::optional<std::string> XnnpackPayloadDefinition::define_node_of(const fx::XNode& node) {
  const XNodeUnion type = node.xnode_union_type();
  std::uint32_t ids[6] = {};
  std::size_t count = 0;
  for (const NodeValueId& value : node_value_ids(node)) ids[count++] = remapped(value.id);
  const Clamp clamp = clamp_of(node);
  const bool from_dims = rules_(BackendRule::RankFromDims);
  const std::uint32_t in = ids[0];
  const std::uint32_t out = ids[count == 0 ? 0 : count - 1];

  xnn_unary_operator unary{};
  if (is_unary(type, unary)) {
    // Every unary member's payload is an _XNNNode1x1.
    const auto* p = static_cast<const fx::_XNNNode1x1*>(node.xnode_union());
    return answer(xnn_define_unary(subgraph_, unary, nullptr, in, out, p->flags()), "xnn_define_unary");
  }
  xnn_binary_operator binary{};
  bool clamped = false;
  if (is_binary(type, binary, clamped)) {
    // Every binary member's payload is an _XNNNode2x1.
    const auto* p = static_cast<const fx::_XNNNode2x1*>(node.xnode_union());
    const xnn_binary_params params{clamp.min, clamp.max};
    return answer(xnn_define_binary(subgraph_, binary, clamped ? &params : nullptr, ids[0], ids[1], ids[2], p->flags()),
                  "xnn_define_binary");
  }
  switch (type) {
    case XNodeUnion::XNNClamp: {
      xnn_unary_params params{};
      params.clamp.min = clamp.min;
      params.clamp.max = clamp.max;
      return answer(xnn_define_unary(subgraph_, xnn_unary_clamp, &params, in, out, node.xnode_union_as_XNNClamp()->flags()),
                    "xnn_define_unary");
    }
    case XNodeUnion::XNNLeakyReLU: {
      const auto* p = node.xnode_union_as_XNNLeakyReLU();
      xnn_unary_params params{};
      params.leaky_relu.negative_slope = p->negative_slope();
      return answer(xnn_define_unary(subgraph_, xnn_unary_leaky_relu, &params, in, out, p->flags()), "xnn_define_unary");
    }
    case XNodeUnion::XNNELU: {
      const auto* p = node.xnode_union_as_XNNELU();
      xnn_unary_params params{};
      params.elu.alpha = p->alpha();
      return answer(xnn_define_unary(subgraph_, xnn_unary_elu, &params, in, out, p->flags()), "xnn_define_unary");
    }
    case XNodeUnion::XNNSoftmax:
      return answer(xnn_define_softmax(subgraph_, in, out, node.xnode_union_as_XNNSoftmax()->flags()), "xnn_define_softmax");
    case XNodeUnion::XNNExp:
      return answer(xnn_define_exp(subgraph_, in, out, node.xnode_union_as_XNNExp()->flags()), "xnn_define_exp");
    case XNodeUnion::XNNTanh:
      return answer(xnn_define_tanh(subgraph_, in, out, node.xnode_union_as_XNNTanh()->flags()), "xnn_define_tanh");
    case XNodeUnion::XNNCopy:
      return answer(xnn_define_copy(subgraph_, in, out, node.xnode_union_as_XNNCopy()->flags()), "xnn_define_copy");
    case XNodeUnion::XNNConvert:
      return answer(xnn_define_convert(subgraph_, in, out, node.xnode_union_as_XNNConvert()->flags()), "xnn_define_convert");
    case XNodeUnion::XNNGlobalAvgPooling2d:
      return answer(xnn_define_global_average_pooling_2d(subgraph_, clamp.min, clamp.max, in, out,
                                                         node.xnode_union_as_XNNGlobalAvgPooling2d()->flags()),
                    "xnn_define_global_average_pooling_2d");
    case XNodeUnion::XNNPReLU:
      return answer(xnn_define_prelu(subgraph_, ids[0], ids[1], ids[2], node.xnode_union_as_XNNPReLU()->flags()),
                    "xnn_define_prelu");
    case XNodeUnion::XNNBatchMatrixMultiply:
      return answer(xnn_define_batch_matrix_multiply(subgraph_, ids[0], ids[1], ids[2],
                                                     node.xnode_union_as_XNNBatchMatrixMultiply()->flags()),
                    "xnn_define_batch_matrix_multiply");
    case XNodeUnion::XNNFullyConnected:
      return answer(xnn_define_fully_connected(subgraph_, clamp.min, clamp.max, ids[0], ids[1], ids[2], ids[3],
                                               node.xnode_union_as_XNNFullyConnected()->flags()),
                    "xnn_define_fully_connected");
    case XNodeUnion::XNNConv2d: {
      const auto* p = node.xnode_union_as_XNNConv2d();
      return answer(xnn_define_convolution_2d(subgraph_, p->padding_top(), p->padding_right(), p->padding_bottom(),
                                              p->padding_left(), p->kernel_height(), p->kernel_width(),
                                              p->subsampling_height(), p->subsampling_width(), p->dilation_height(),
                                              p->dilation_width(), p->groups(), p->group_input_channels(),
                                              p->group_output_channels(), clamp.min, clamp.max, ids[0], ids[1], ids[2],
                                              ids[3], p->flags()),
                    "xnn_define_convolution_2d");
    }
    case XNodeUnion::XNNConvTranspose2d: {
      const auto* p = node.xnode_union_as_XNNConvTranspose2d();
      return answer(xnn_define_deconvolution_2d(subgraph_, p->padding_top(), p->padding_right(), p->padding_bottom(),
                                                p->padding_left(), p->adjustment_height(), p->adjustment_width(),
                                                p->kernel_height(), p->kernel_width(), p->subsampling_height(),
                                                p->subsampling_width(), p->dilation_height(), p->dilation_width(),
                                                p->groups(), p->group_input_channels(), p->group_output_channels(),
                                                clamp.min, clamp.max, ids[0], ids[1], ids[2], ids[3], p->flags()),
                    "xnn_define_deconvolution_2d");
    }
    case XNodeUnion::XNNDepthwiseConv2d: {
      const auto* p = node.xnode_union_as_XNNDepthwiseConv2d();  // group_input_channels > 0: the checks refuse 0
      return answer(xnn_define_depthwise_convolution_2d(
                        subgraph_, p->padding_top(), p->padding_right(), p->padding_bottom(), p->padding_left(),
                        p->kernel_height(), p->kernel_width(), p->subsampling_height(), p->subsampling_width(),
                        p->dilation_height(), p->dilation_width(), p->group_output_channels() / p->group_input_channels(),
                        p->groups(), clamp.min, clamp.max, ids[0], ids[1], ids[2], ids[3], p->flags()),
                    "xnn_define_depthwise_convolution_2d");
    }
    case XNodeUnion::XNNAvgPooling2d: {
      const auto* p = node.xnode_union_as_XNNAvgPooling2d();
      return answer(xnn_define_average_pooling_2d(subgraph_, p->padding_top(), p->padding_right(), p->padding_bottom(),
                                                  p->padding_left(), p->pooling_height(), p->pooling_width(),
                                                  p->stride_height(), p->stride_width(), clamp.min, clamp.max, in, out,
                                                  p->flags()),
                    "xnn_define_average_pooling_2d");
    }
    case XNodeUnion::XNNMaxPooling2d: {
      const auto* p = node.xnode_union_as_XNNMaxPooling2d();
      return answer(xnn_define_max_pooling_2d(subgraph_, p->padding_top(), p->padding_right(), p->padding_bottom(),
                                              p->padding_left(), p->pooling_height(), p->pooling_width(),
                                              p->stride_height(), p->stride_width(), p->dilation_height(),
                                              p->dilation_width(), clamp.min, clamp.max, in, out, p->flags()),
                    "xnn_define_max_pooling_2d");
    }
    case XNodeUnion::XNNArgMaxPooling2d: {
      const auto* p = node.xnode_union_as_XNNArgMaxPooling2d();
      return answer(xnn_define_argmax_pooling_2d(subgraph_, p->padding_top(), p->padding_right(), p->padding_bottom(),
                                                 p->padding_left(), p->pooling_height(), p->pooling_width(), ids[0],
                                                 ids[1], ids[2], p->flags()),
                    "xnn_define_argmax_pooling_2d");
    }
    case XNodeUnion::XNNStaticResizeBilinear2D: {
      const auto* p = node.xnode_union_as_XNNStaticResizeBilinear2D();
      return answer(xnn_define_static_resize_bilinear_2d(subgraph_, p->new_height(), p->new_width(), in, out, p->flags()),
                    "xnn_define_static_resize_bilinear_2d");
    }
    case XNodeUnion::XNNStaticTranspose: {
      const auto* p = node.xnode_union_as_XNNStaticTranspose();
      const std::vector<std::size_t> perm = list_of(*p->perm(), from_dims ? p->perm()->size() : p->num_dims());
      return answer(xnn_define_static_transpose(subgraph_, perm.size(), perm.data(), in, out, p->flags()),
                    "xnn_define_static_transpose");
    }
    case XNodeUnion::XNNStaticReshape: {
      const auto* p = node.xnode_union_as_XNNStaticReshape();
      const std::vector<std::size_t> shape = list_of(*p->new_shape(), from_dims ? p->new_shape()->size() : p->num_dims());
      return answer(xnn_define_static_reshape(subgraph_, shape.size(), shape.data(), in, out, p->flags()),
                    "xnn_define_static_reshape");
    }
    case XNodeUnion::XNNStaticConstantPad: {
      const auto* p = node.xnode_union_as_XNNStaticConstantPad();
      const std::vector<std::size_t> before = list_of(*p->pre_paddings(), XNN_MAX_TENSOR_DIMS);
      const std::vector<std::size_t> after = list_of(*p->post_paddings(), XNN_MAX_TENSOR_DIMS);
      return answer(xnn_define_static_constant_pad(subgraph_, before.data(), after.data(), p->padding_value(), in, out,
                                                   p->flags()),
                    "xnn_define_static_constant_pad");
    }
    case XNodeUnion::XNNStaticSlice: {
      const auto* p = node.xnode_union_as_XNNStaticSlice();
      const std::size_t length = from_dims ? p->offsets()->size() : p->num_dims();
      const std::vector<std::size_t> offsets = list_of(*p->offsets(), length);
      const std::vector<std::size_t> sizes = list_of(*p->sizes(), length);
      return answer(xnn_define_static_slice(subgraph_, length, offsets.data(), sizes.data(), in, out, p->flags()),
                    "xnn_define_static_slice");
    }
    case XNodeUnion::XNNConcatenate2: {
      const auto* p = node.xnode_union_as_XNNConcatenate2();
      return answer(xnn_define_concatenate2(subgraph_, static_cast<std::int32_t>(p->axis()), ids[0], ids[1], ids[2],
                                            p->flags()),
                    "xnn_define_concatenate2");
    }
    case XNodeUnion::XNNConcatenate3: {
      const auto* p = node.xnode_union_as_XNNConcatenate3();
      return answer(xnn_define_concatenate3(subgraph_, static_cast<std::int32_t>(p->axis()), ids[0], ids[1], ids[2],
                                            ids[3], p->flags()),
                    "xnn_define_concatenate3");
    }
    case XNodeUnion::XNNConcatenate4: {
      const auto* p = node.xnode_union_as_XNNConcatenate4();
      return answer(xnn_define_concatenate4(subgraph_, static_cast<std::int32_t>(p->axis()), ids[0], ids[1], ids[2],
                                            ids[3], ids[4], p->flags()),
                    "xnn_define_concatenate4");
    }
    case XNodeUnion::XNNConcatenate5: {
      const auto* p = node.xnode_union_as_XNNConcatenate5();
      return answer(xnn_define_concatenate5(subgraph_, static_cast<std::int32_t>(p->axis()), ids[0], ids[1], ids[2],
                                            ids[3], ids[4], ids[5], p->flags()),
                    "xnn_define_concatenate5");
    }
    case XNodeUnion::XNNScaledDotProductAttention:
      return answer(xnn_define_scaled_dot_product_attention(subgraph_, xnn_attention_logits_cap_type_none, nullptr,
                                                            ids[0], ids[1], ids[2], ids[3], ids[4], ids[5],
                                                            node.xnode_union_as_XNNScaledDotProductAttention()->flags()),
                    "xnn_define_scaled_dot_product_attention");
    case XNodeUnion::XNNDepthToSpace2d: {  // the development head's (the newest schema's, after 1.4.1)
      const auto* p = node.xnode_union_as_XNNDepthToSpace2d();
      return answer(xnn_define_depth_to_space(subgraph_, in, out, p->block_size(), p->flags()), "xnn_define_depth_to_space");
    }
    default:
      return std::nullopt;  // the backend's checks refuse every type the release does not define
  }
}

}  // namespace fbcompat::xnnpack

#endif  // FBCOMPAT_XNNPACK_DEFINES_AS_EXECUTORCH
