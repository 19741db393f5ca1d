// Nodes that change a tensor's shape or move its elements without computing: static reshape (new_shape),
// constant padding (pre_ and post_paddings per dimension), bilinear resizing of NHWC images (new_height,
// new_width), static slice (offsets, sizes), static transpose (perm) and copy. The 2022 XNNPACK snapshot
// has no slice, transpose or copy: there they are registered as unsupported, naming the function it lacks.
#include <fmt/format.h>

#include "runtime/node_registry.h"
#include "runtime/shape_checks.h"

namespace fbcompat::xnnpack {
namespace {

using fb_xnnpack::XNode;
using fb_xnnpack::XNodeUnion;

Expected<Dims> dims_of(const NodeContext& context, const flatbuffers::Vector<std::uint32_t>* vector, const char* name) {
  if (vector == nullptr) return context.fail(fmt::format("{} is missing", name));
  if (vector->size() > XNN_MAX_TENSOR_DIMS) {
    return context.fail(fmt::format("{} has {} entries; XNNPACK tensors have at most {} dimensions", name,
                                    vector->size(), XNN_MAX_TENSOR_DIMS));
  }
  return Dims(vector->begin(), vector->end());
}

Status define_static_reshape(const fb_xnnpack::XNNStaticReshape& payload, const NodeContext& context) {
  auto new_shape = dims_of(context, payload.new_shape(), "new_shape");
  if (!new_shape) return new_shape.error();
  if (new_shape->size() != payload.num_dims()) {
    return context.fail(fmt::format("num_dims is {} but new_shape {} has {} entries", payload.num_dims(),
                                    dims_to_string(*new_shape), new_shape->size()));
  }
  auto input = context.value(payload.input_id(), "input");
  if (!input) return input.error();
  auto output = context.output(payload.output_id(), "output");
  if (!output) return output.error();
  if (auto status = expect_dims(context, **output, *new_shape, "output"); !status) return status;
  if (auto status = expect_same_element_count(context, **input, **output); !status) return status;
  return context.check(xnn_define_static_reshape(context.subgraph, new_shape->size(), new_shape->data(),
                                                 (*input)->xnn_id, (*output)->xnn_id, payload.flags()));
}

Status define_static_constant_pad(const fb_xnnpack::XNNStaticConstantPad& payload, const NodeContext& context) {
  auto input = context.value(payload.input_id(), "input");
  if (!input) return input.error();
  auto output = context.output(payload.output_id(), "output");
  if (!output) return output.error();
  auto before = dims_of(context, payload.pre_paddings(), "pre_paddings");
  if (!before) return before.error();
  auto after = dims_of(context, payload.post_paddings(), "post_paddings");
  if (!after) return after.error();
  const Dims& dims = (*input)->dims;
  if (before->size() != dims.size() || after->size() != dims.size()) {
    return context.fail(fmt::format("pre_paddings {} and post_paddings {} must have one entry per input dimension ({})",
                                    dims_to_string(*before), dims_to_string(*after), dims.size()));
  }
  Dims padded(dims.size());
  for (std::size_t i = 0; i < dims.size(); ++i) padded[i] = dims[i] + (*before)[i] + (*after)[i];
  if (auto status = expect_dims(context, **output, padded, "output"); !status) return status;
  return context.check(xnn_define_static_constant_pad(context.subgraph, before->data(), after->data(),
                                                      payload.padding_value(), (*input)->xnn_id, (*output)->xnn_id,
                                                      payload.flags()));
}

Status define_static_resize_bilinear2d(const fb_xnnpack::XNNStaticResizeBilinear2D& payload,
                                       const NodeContext& context) {
  if (auto status = expect_positive(context, payload.new_height(), "new_height"); !status) return status;
  if (auto status = expect_positive(context, payload.new_width(), "new_width"); !status) return status;
  auto input = context.value(payload.input_id(), "input");
  if (!input) return input.error();
  auto output = context.output(payload.output_id(), "output");
  if (!output) return output.error();
  if (auto status = expect_rank(context, **input, 4, "input"); !status) return status;
  const Dims& dims = (*input)->dims;
  if (auto status =
          expect_dims(context, **output, Dims{dims[0], payload.new_height(), payload.new_width(), dims[3]}, "output");
      !status) {
    return status;
  }
  return context.check(xnn_define_static_resize_bilinear_2d(context.subgraph, payload.new_height(), payload.new_width(),
                                                            (*input)->xnn_id, (*output)->xnn_id, payload.flags()));
}

#if FBCOMPAT_HAS_XNN_DEFINE_STATIC_SLICE || FBCOMPAT_HAS_XNN_DEFINE_STATIC_TRANSPOSE
// The sizes the slicing and transposing functions take, one per input dimension.
Expected<Dims> per_dimension(const NodeContext& context, const flatbuffers::Vector<std::uint32_t>* vector,
                             const char* name, std::uint32_t num_dims, const Dims& input) {
  auto values = dims_of(context, vector, name);
  if (!values) return values.error();
  if (values->size() != num_dims || values->size() != input.size()) {
    return context.fail(fmt::format("num_dims is {} and {} {} has {} entries; the input has {} dimensions", num_dims,
                                    name, dims_to_string(*values), values->size(), input.size()));
  }
  return *values;
}
#endif

#if FBCOMPAT_HAS_XNN_DEFINE_STATIC_SLICE
Status define_static_slice(const fb_xnnpack::XNNStaticSlice& payload, const NodeContext& context) {
  auto input = context.value(payload.input_id(), "input");
  if (!input) return input.error();
  auto output = context.output(payload.output_id(), "output");
  if (!output) return output.error();
  const Dims& dims = (*input)->dims;
  auto offsets = per_dimension(context, payload.offsets(), "offsets", payload.num_dims(), dims);
  if (!offsets) return offsets.error();
  auto sizes = per_dimension(context, payload.sizes(), "sizes", payload.num_dims(), dims);
  if (!sizes) return sizes.error();
  for (std::size_t d = 0; d < dims.size(); ++d) {
    if ((*sizes)[d] == 0 || (*offsets)[d] + (*sizes)[d] > dims[d]) {
      return context.fail(fmt::format("dimension {}: offset {} and size {} do not lie inside the input's {}", d,
                                      (*offsets)[d], (*sizes)[d], dims[d]));
    }
  }
  if (auto status = expect_dims(context, **output, *sizes, "output"); !status) return status;
  return context.check(xnn_define_static_slice(context.subgraph, sizes->size(), offsets->data(), sizes->data(),
                                               (*input)->xnn_id, (*output)->xnn_id, payload.flags()));
}
#endif

#if FBCOMPAT_HAS_XNN_DEFINE_STATIC_TRANSPOSE
Status define_static_transpose(const fb_xnnpack::XNNStaticTranspose& payload, const NodeContext& context) {
  auto input = context.value(payload.input_id(), "input");
  if (!input) return input.error();
  auto output = context.output(payload.output_id(), "output");
  if (!output) return output.error();
  const Dims& dims = (*input)->dims;
  auto perm = per_dimension(context, payload.perm(), "perm", payload.num_dims(), dims);
  if (!perm) return perm.error();
  std::vector<bool> seen(dims.size(), false);
  Dims transposed(dims.size());
  for (std::size_t d = 0; d < perm->size(); ++d) {
    const std::size_t from = (*perm)[d];
    if (from >= dims.size() || seen[from]) {
      return context.fail(
          fmt::format("perm {} is not a permutation of the input's {} dimensions", dims_to_string(*perm), dims.size()));
    }
    seen[from] = true;
    transposed[d] = dims[from];
  }
  if (auto status = expect_dims(context, **output, transposed, "output"); !status) return status;
  return context.check(xnn_define_static_transpose(context.subgraph, perm->size(), perm->data(), (*input)->xnn_id,
                                                   (*output)->xnn_id, payload.flags()));
}
#endif

#if FBCOMPAT_HAS_XNN_DEFINE_COPY
Status define_copy(const fb_xnnpack::_XNNNode1x1& payload, const NodeContext& context) {
  auto input = context.value(payload.input_id(), "input");
  if (!input) return input.error();
  auto output = context.output(payload.output_id(), "output");
  if (!output) return output.error();
  if (auto status = expect_dims(context, **output, (*input)->dims, "output"); !status) return status;
  return context.check(xnn_define_copy(context.subgraph, (*input)->xnn_id, (*output)->xnn_id, payload.flags()));
}
#endif

}  // namespace

void register_shape_nodes(NodeRegistry& registry) {
#if FBCOMPAT_HAS_XNN_DEFINE_STATIC_SLICE
  registry.add(XNodeUnion::XNNStaticSlice, "xnn_define_static_slice",
               with_payload<&XNode::xnode_union_as_XNNStaticSlice, define_static_slice>);
#else
  registry.add_unsupported(XNodeUnion::XNNStaticSlice, "xnn_define_static_slice");
#endif
#if FBCOMPAT_HAS_XNN_DEFINE_STATIC_TRANSPOSE
  registry.add(XNodeUnion::XNNStaticTranspose, "xnn_define_static_transpose",
               with_payload<&XNode::xnode_union_as_XNNStaticTranspose, define_static_transpose>);
#else
  registry.add_unsupported(XNodeUnion::XNNStaticTranspose, "xnn_define_static_transpose");
#endif
#if FBCOMPAT_HAS_XNN_DEFINE_COPY
  registry.add(XNodeUnion::XNNCopy, "xnn_define_copy", with_payload<&XNode::xnode_union_as_XNNCopy, define_copy>);
#else
  registry.add_unsupported(XNodeUnion::XNNCopy, "xnn_define_copy");
#endif
  registry.add(XNodeUnion::XNNStaticReshape, "xnn_define_static_reshape",
               with_payload<&XNode::xnode_union_as_XNNStaticReshape, define_static_reshape>);
  registry.add(XNodeUnion::XNNStaticConstantPad, "xnn_define_static_constant_pad",
               with_payload<&XNode::xnode_union_as_XNNStaticConstantPad, define_static_constant_pad>);
  registry.add(XNodeUnion::XNNStaticResizeBilinear2D, "xnn_define_static_resize_bilinear_2d",
               with_payload<&XNode::xnode_union_as_XNNStaticResizeBilinear2D, define_static_resize_bilinear2d>);
}

}  // namespace fbcompat::xnnpack
