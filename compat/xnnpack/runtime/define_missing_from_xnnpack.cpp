// Node types the linked XNNPACK (the 2022 snapshot Debian ships) cannot define: it lacks the function
// ExecuTorch calls for them (newer XNNPACK defines sine, cosine and exp only through xnn_define_unary). They are registered, not left out, so that a program using one fails to
// load with the reason, and runtime-check lists them (RUNTIME_NODE_UNSUPPORTED_BY_XNNPACK). When the
// runtime links an XNNPACK that has the function, the entry moves to its family's file with a definer.
#include "runtime/node_registry.h"

namespace fbcompat::xnnpack {

void register_nodes_missing_from_xnnpack(NodeRegistry& registry) {
  using fb_xnnpack::XNodeUnion;
  registry.add_unsupported(XNodeUnion::XNNStaticTranspose, "xnn_define_static_transpose");
  registry.add_unsupported(XNodeUnion::XNNConcatenate2, "xnn_define_concatenate2");
  registry.add_unsupported(XNodeUnion::XNNConcatenate3, "xnn_define_concatenate3");
  registry.add_unsupported(XNodeUnion::XNNConcatenate4, "xnn_define_concatenate4");
  registry.add_unsupported(XNodeUnion::XNNConcatenate5, "xnn_define_concatenate5");
  registry.add_unsupported(XNodeUnion::XNNStaticSlice, "xnn_define_static_slice");
  registry.add_unsupported(XNodeUnion::XNNScaledDotProductAttention, "xnn_define_scaled_dot_product_attention");
  registry.add_unsupported(XNodeUnion::XNNBatchMatrixMultiply, "xnn_define_batch_matrix_multiply");
  registry.add_unsupported(XNodeUnion::XNNReciprocalSquareRoot, "xnn_define_reciprocal_square_root");
  registry.add_unsupported(XNodeUnion::XNNLog, "xnn_define_log");
  registry.add_unsupported(XNodeUnion::XNNGelu, "xnn_define_gelu");
  registry.add_unsupported(XNodeUnion::XNNTanh, "xnn_define_tanh");
  registry.add_unsupported(XNodeUnion::XNNExp, "xnn_define_unary (xnn_unary_exp)");
  registry.add_unsupported(XNodeUnion::XNNSin, "xnn_define_unary (xnn_unary_sine)");
  registry.add_unsupported(XNodeUnion::XNNCopy, "xnn_define_copy");
  registry.add_unsupported(XNodeUnion::XNNCos, "xnn_define_unary (xnn_unary_cosine)");
}

}  // namespace fbcompat::xnnpack
