// Nodes built on batched matrix products: batch matrix multiply (_XNNNode2x1: [..., M, K] x [..., K, N],
// or [..., N, K] with XNN_FLAG_TRANSPOSE_B) and scaled dot-product attention (query [..., H, T, C], key and
// value [..., H, U, C|D] or, one head shared, [..., U, C|D], scale [C], mask [T, U]). The 2022 XNNPACK
// snapshot has neither: there they are registered as unsupported, naming the function it lacks.
#include <fmt/format.h>

#include "runtime/node_registry.h"
#include "runtime/shape_checks.h"

namespace fbcompat::xnnpack {
namespace {

using fb_xnnpack::XNode;
using fb_xnnpack::XNodeUnion;

#if FBCOMPAT_HAS_XNN_DEFINE_BATCH_MATRIX_MULTIPLY || FBCOMPAT_HAS_XNN_DEFINE_SCALED_DOT_PRODUCT_ATTENTION
// The dims before the last `kept`, which batched operands must share.
Dims leading(const Dims& dims, std::size_t kept) { return Dims(dims.begin(), dims.end() - kept); }
#endif

#if FBCOMPAT_HAS_XNN_DEFINE_BATCH_MATRIX_MULTIPLY
Status define_batch_matrix_multiply(const fb_xnnpack::_XNNNode2x1& payload, const NodeContext& context) {
  auto a = context.value(payload.input1_id(), "input1");
  if (!a) return a.error();
  auto b = context.value(payload.input2_id(), "input2");
  if (!b) return b.error();
  auto output = context.output(payload.output_id(), "output");
  if (!output) return output.error();
  if (auto status = expect_rank(context, **b, (*a)->dims.size(), "input2"); !status) return status;
  const Dims& left = (*a)->dims;
  const Dims& right = (*b)->dims;
  if (left.size() < 3) return context.fail(fmt::format("input1 has {} dimensions; at least 3 are needed", left.size()));
  const bool transposed = (payload.flags() & XNN_FLAG_TRANSPOSE_B) != 0;
  const std::size_t rank = left.size();
  const std::size_t k = left[rank - 1];
  const std::size_t right_k = transposed ? right[rank - 1] : right[rank - 2];
  const std::size_t n = transposed ? right[rank - 2] : right[rank - 1];
  if (leading(left, 2) != leading(right, 2) || k != right_k) {
    return context.fail(fmt::format("input1 of dims {} and input2 of dims {}{} do not multiply", dims_to_string(left),
                                    dims_to_string(right), transposed ? " (transposed)" : ""));
  }
  Dims product = leading(left, 1);
  product.push_back(n);
  if (auto status = expect_dims(context, **output, product, "output"); !status) return status;
  return context.check(xnn_define_batch_matrix_multiply(context.subgraph, (*a)->xnn_id, (*b)->xnn_id, (*output)->xnn_id,
                                                        payload.flags()));
}
#endif

#if FBCOMPAT_HAS_XNN_DEFINE_SCALED_DOT_PRODUCT_ATTENTION
// Key and value have the query's heads, or one fewer dimension when all heads share them.
Status expect_key_or_value(const NodeContext& context, const Dims& query, const Dims& dims, std::size_t channels,
                           const char* role) {
  const bool shared = dims.size() + 1 == query.size();
  const bool per_head = dims.size() == query.size();
  bool fits = (shared || per_head) && dims.size() >= 2 && dims.back() == channels;
  if (fits && per_head) fits = leading(dims, 2) == leading(query, 2);
  if (fits && shared) fits = leading(dims, 2) == leading(query, 3);
  if (!fits) {
    return context.fail(
        fmt::format("{} of dims {} does not fit query of dims {}", role, dims_to_string(dims), dims_to_string(query)));
  }
  return ok();
}

Status define_scaled_dot_product_attention(const fb_xnnpack::XNNScaledDotProductAttention& payload,
                                           const NodeContext& context) {
  auto query = context.value(payload.query_id(), "query");
  if (!query) return query.error();
  auto key = context.value(payload.key_id(), "key");
  if (!key) return key.error();
  auto value = context.value(payload.value_id(), "value");
  if (!value) return value.error();
  auto scale = context.value(payload.scale_id(), "scale");
  if (!scale) return scale.error();
  auto mask = context.value(payload.mask_id(), "mask");
  if (!mask) return mask.error();
  auto output = context.output(payload.output_id(), "output");
  if (!output) return output.error();
  const Dims& q = (*query)->dims;
  if (q.size() < 3) return context.fail(fmt::format("query has {} dimensions; at least 3 are needed", q.size()));
  const std::size_t tokens = q[q.size() - 2];
  const std::size_t channels = q.back();
  const Dims& k = (*key)->dims;
  if (auto status = expect_key_or_value(context, q, k, channels, "key"); !status) return status;
  const std::size_t key_tokens = k[k.size() - 2];
  const Dims& v = (*value)->dims;
  if (v.size() != k.size() || v.size() < 2 || v[v.size() - 2] != key_tokens) {
    return context.fail(
        fmt::format("value of dims {} does not fit key of dims {}", dims_to_string(v), dims_to_string(k)));
  }
  if (auto status = expect_key_or_value(context, q, v, v.back(), "value"); !status) return status;
  if (auto status = expect_dims(context, **scale, Dims{channels}, "scale"); !status) return status;
  if (auto status = expect_dims(context, **mask, Dims{tokens, key_tokens}, "mask"); !status) return status;
  Dims attended = q;
  attended.back() = v.back();
  if (auto status = expect_dims(context, **output, attended, "output"); !status) return status;
  // ExecuTorch's delegate caps no logits.
  return context.check(xnn_define_scaled_dot_product_attention(
      context.subgraph, xnn_attention_logits_cap_type_none, nullptr, (*query)->xnn_id, (*key)->xnn_id, (*value)->xnn_id,
      (*scale)->xnn_id, (*mask)->xnn_id, (*output)->xnn_id, payload.flags()));
}
#endif

}  // namespace

void register_matrix_multiply_nodes(NodeRegistry& registry) {
#if FBCOMPAT_HAS_XNN_DEFINE_BATCH_MATRIX_MULTIPLY
  registry.add(XNodeUnion::XNNBatchMatrixMultiply, "xnn_define_batch_matrix_multiply",
               with_payload<&XNode::xnode_union_as_XNNBatchMatrixMultiply, define_batch_matrix_multiply>);
#else
  registry.add_unsupported(XNodeUnion::XNNBatchMatrixMultiply, "xnn_define_batch_matrix_multiply");
#endif
#if FBCOMPAT_HAS_XNN_DEFINE_SCALED_DOT_PRODUCT_ATTENTION
  registry.add(XNodeUnion::XNNScaledDotProductAttention, "xnn_define_scaled_dot_product_attention",
               with_payload<&XNode::xnode_union_as_XNNScaledDotProductAttention, define_scaled_dot_product_attention>);
#else
  registry.add_unsupported(XNodeUnion::XNNScaledDotProductAttention, "xnn_define_scaled_dot_product_attention");
#endif
}

}  // namespace fbcompat::xnnpack
