#include "load/node_value_ids.h"

#include <initializer_list>

namespace fbcompat::xnnpack {
namespace {

namespace fx = fb_xnnpack;
using fx::XNodeUnion;

NodeValueIds of(std::initializer_list<NodeValueId> ids) {
  NodeValueIds out;
  for (const NodeValueId& id : ids) out.ids[out.count++] = id;
  return out;
}

NodeValueIds unary_ids(const fx::_XNNNode1x1* p) { return of({{"input_id", p->input_id()}, {"output_id", p->output_id()}}); }
NodeValueIds binary(const fx::_XNNNode2x1* p) {
  return of({{"input1_id", p->input1_id()}, {"input2_id", p->input2_id()}, {"output_id", p->output_id()}});
}
NodeValueIds conv(const fx::_XNNNodeConv* p) {
  return of({{"input1_id", p->input1_id()}, {"filter_id", p->filter_id()}, {"bias_id", p->bias_id()},
             {"output_id", p->output_id()}});
}
NodeValueIds pooling_ids(const fx::_XNNPooling2D* p) { return of({{"input_id", p->input_id()}, {"output_id", p->output_id()}}); }
NodeValueIds cat(const fx::_XNNCat* p, int inputs) {
  NodeValueIds out = of({{"input1_id", p->input1_id()}, {"input2_id", p->input2_id()}});
  if (inputs >= 3) out.ids[out.count++] = {"input3_id", p->input3_id()};
  if (inputs >= 4) out.ids[out.count++] = {"input4_id", p->input4_id()};
  if (inputs >= 5) out.ids[out.count++] = {"input5_id", p->input5_id()};
  out.ids[out.count++] = {"output_id", p->output_id()};
  return out;
}
template <typename Payload>
NodeValueIds in_out(const Payload* p) {
  return of({{"input_id", p->input_id()}, {"output_id", p->output_id()}});
}

}  // namespace

NodeValueIds node_value_ids(const fx::XNode& node) {
  if (node.xnode_union() == nullptr) return {};
  switch (node.xnode_union_type()) {
    case XNodeUnion::XNNAdd: return binary(node.xnode_union_as_XNNAdd());
    case XNodeUnion::XNNSubtract: return binary(node.xnode_union_as_XNNSubtract());
    case XNodeUnion::XNNMultiply: return binary(node.xnode_union_as_XNNMultiply());
    case XNodeUnion::XNNDiv: return binary(node.xnode_union_as_XNNDiv());
    case XNodeUnion::XNNMinimum: return binary(node.xnode_union_as_XNNMinimum());
    case XNodeUnion::XNNMaximum: return binary(node.xnode_union_as_XNNMaximum());
    case XNodeUnion::XNNPReLU: return binary(node.xnode_union_as_XNNPReLU());
    case XNodeUnion::XNNBatchMatrixMultiply: return binary(node.xnode_union_as_XNNBatchMatrixMultiply());
    case XNodeUnion::XNNSoftmax: return unary_ids(node.xnode_union_as_XNNSoftmax());
    case XNodeUnion::XNNSigmoid: return unary_ids(node.xnode_union_as_XNNSigmoid());
    case XNodeUnion::XNNClamp: return unary_ids(node.xnode_union_as_XNNClamp());
    case XNodeUnion::XNNFloor: return unary_ids(node.xnode_union_as_XNNFloor());
    case XNodeUnion::XNNConvert: return unary_ids(node.xnode_union_as_XNNConvert());
    case XNodeUnion::XNNGlobalAvgPooling2d: return unary_ids(node.xnode_union_as_XNNGlobalAvgPooling2d());
    case XNodeUnion::XNNSquareRoot: return unary_ids(node.xnode_union_as_XNNSquareRoot());
    case XNodeUnion::XNNCeiling: return unary_ids(node.xnode_union_as_XNNCeiling());
    case XNodeUnion::XNNHardswish: return unary_ids(node.xnode_union_as_XNNHardswish());
    case XNodeUnion::XNNNegate: return unary_ids(node.xnode_union_as_XNNNegate());
    case XNodeUnion::XNNSquare: return unary_ids(node.xnode_union_as_XNNSquare());
    case XNodeUnion::XNNAbs: return unary_ids(node.xnode_union_as_XNNAbs());
    case XNodeUnion::XNNReciprocalSquareRoot: return unary_ids(node.xnode_union_as_XNNReciprocalSquareRoot());
    case XNodeUnion::XNNLog: return unary_ids(node.xnode_union_as_XNNLog());
    case XNodeUnion::XNNGelu: return unary_ids(node.xnode_union_as_XNNGelu());
    case XNodeUnion::XNNTanh: return unary_ids(node.xnode_union_as_XNNTanh());
    case XNodeUnion::XNNExp: return unary_ids(node.xnode_union_as_XNNExp());
    case XNodeUnion::XNNSin: return unary_ids(node.xnode_union_as_XNNSin());
    case XNodeUnion::XNNCos: return unary_ids(node.xnode_union_as_XNNCos());
    case XNodeUnion::XNNCopy: return unary_ids(node.xnode_union_as_XNNCopy());
    case XNodeUnion::XNNConv2d: return conv(node.xnode_union_as_XNNConv2d());
    case XNodeUnion::XNNDepthwiseConv2d: return conv(node.xnode_union_as_XNNDepthwiseConv2d());
    case XNodeUnion::XNNConvTranspose2d: return conv(node.xnode_union_as_XNNConvTranspose2d());
    case XNodeUnion::XNNAvgPooling2d: return pooling_ids(node.xnode_union_as_XNNAvgPooling2d());
    case XNodeUnion::XNNMaxPooling2d: return pooling_ids(node.xnode_union_as_XNNMaxPooling2d());
    case XNodeUnion::XNNConcatenate2: return cat(node.xnode_union_as_XNNConcatenate2(), 2);
    case XNodeUnion::XNNConcatenate3: return cat(node.xnode_union_as_XNNConcatenate3(), 3);
    case XNodeUnion::XNNConcatenate4: return cat(node.xnode_union_as_XNNConcatenate4(), 4);
    case XNodeUnion::XNNConcatenate5: return cat(node.xnode_union_as_XNNConcatenate5(), 5);
    case XNodeUnion::XNNFullyConnected: {
      const auto* p = node.xnode_union_as_XNNFullyConnected();
      return of({{"input1_id", p->input1_id()}, {"filter_id", p->filter_id()}, {"bias_id", p->bias_id()},
                 {"output_id", p->output_id()}});
    }
    case XNodeUnion::XNNArgMaxPooling2d: {
      const auto* p = node.xnode_union_as_XNNArgMaxPooling2d();
      return of({{"input_id", p->input_id()}, {"output_value_id", p->output_value_id()},
                 {"output_index_id", p->output_index_id()}});
    }
    case XNodeUnion::XNNScaledDotProductAttention: {
      const auto* p = node.xnode_union_as_XNNScaledDotProductAttention();
      return of({{"query_id", p->query_id()}, {"key_id", p->key_id()}, {"value_id", p->value_id()},
                 {"scale_id", p->scale_id()}, {"mask_id", p->mask_id()}, {"output_id", p->output_id()}});
    }
    case XNodeUnion::XNNStaticTranspose: return in_out(node.xnode_union_as_XNNStaticTranspose());
    case XNodeUnion::XNNStaticResizeBilinear2D: return in_out(node.xnode_union_as_XNNStaticResizeBilinear2D());
    case XNodeUnion::XNNStaticConstantPad: return in_out(node.xnode_union_as_XNNStaticConstantPad());
    case XNodeUnion::XNNStaticReshape: return in_out(node.xnode_union_as_XNNStaticReshape());
    case XNodeUnion::XNNStaticSlice: return in_out(node.xnode_union_as_XNNStaticSlice());
    case XNodeUnion::XNNLeakyReLU: return in_out(node.xnode_union_as_XNNLeakyReLU());
    case XNodeUnion::XNNELU: return in_out(node.xnode_union_as_XNNELU());
    case XNodeUnion::XNNDepthToSpace2d: return in_out(node.xnode_union_as_XNNDepthToSpace2d());
    default: return {};
  }
}

}  // namespace fbcompat::xnnpack
