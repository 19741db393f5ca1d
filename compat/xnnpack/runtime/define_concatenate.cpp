// Concatenation of two to five inputs along one axis (_XNNCat): the inputs agree in every other
// dimension, and the output's extent along the axis is the sum of theirs. The 2022 XNNPACK snapshot has no
// concatenate: there the nodes are registered as unsupported, naming the function it lacks.
#include <fmt/format.h>

#include <array>

#include "runtime/node_registry.h"
#include "runtime/shape_checks.h"

namespace fbcompat::xnnpack {
namespace {

using fb_xnnpack::XNode;
using fb_xnnpack::XNodeUnion;

template <std::size_t kInputs>
using InputIds = std::array<std::uint32_t, kInputs>;

// The XNNPACK ids of the inputs, after checking the output's shape against them.
template <std::size_t kInputs>
Expected<InputIds<kInputs>> concatenated_inputs(const fb_xnnpack::_XNNCat& payload, const NodeContext& context,
                                                std::uint32_t* output_id) {
  const std::array<std::uint32_t, 5> ids{payload.input1_id(), payload.input2_id(), payload.input3_id(),
                                         payload.input4_id(), payload.input5_id()};
  static const std::array<const char*, 5> roles{"input1", "input2", "input3", "input4", "input5"};
  InputIds<kInputs> xnn_ids{};
  Dims first, concatenated;
  for (std::size_t i = 0; i < kInputs; ++i) {
    auto input = context.value(ids[i], roles[i]);
    if (!input) return input.error();
    const Dims& dims = (*input)->dims;
    if (i == 0) {
      if (payload.axis() >= dims.size()) {
        return context.fail(
            fmt::format("axis {} is out of range for input1 of dims {}", payload.axis(), dims_to_string(dims)));
      }
      first = concatenated = dims;
    } else {
      bool agrees = dims.size() == concatenated.size();
      for (std::size_t d = 0; agrees && d < dims.size(); ++d)
        agrees = d == payload.axis() || dims[d] == concatenated[d];
      if (!agrees) {
        return context.fail(fmt::format("{} of dims {} differs from input1 of dims {} outside axis {}", roles[i],
                                        dims_to_string(dims), dims_to_string(first), payload.axis()));
      }
      concatenated[payload.axis()] += dims[payload.axis()];
    }
    xnn_ids[i] = (*input)->xnn_id;
  }
  auto output = context.output(payload.output_id(), "output");
  if (!output) return output.error();
  if (auto status = expect_dims(context, **output, concatenated, "output"); !status) return status.error();
  *output_id = (*output)->xnn_id;
  return xnn_ids;
}

#if FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE2
Status define_concatenate2(const fb_xnnpack::_XNNCat& payload, const NodeContext& context) {
  std::uint32_t output = 0;
  auto inputs = concatenated_inputs<2>(payload, context, &output);
  if (!inputs) return inputs.error();
  const auto [a, b] = *inputs;
  return context.check(xnn_define_concatenate2(context.subgraph, static_cast<std::int32_t>(payload.axis()), a, b,
                                               output, payload.flags()));
}
#endif

#if FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE3
Status define_concatenate3(const fb_xnnpack::_XNNCat& payload, const NodeContext& context) {
  std::uint32_t output = 0;
  auto inputs = concatenated_inputs<3>(payload, context, &output);
  if (!inputs) return inputs.error();
  const auto [a, b, c] = *inputs;
  return context.check(xnn_define_concatenate3(context.subgraph, static_cast<std::int32_t>(payload.axis()), a, b, c,
                                               output, payload.flags()));
}
#endif

#if FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE4
Status define_concatenate4(const fb_xnnpack::_XNNCat& payload, const NodeContext& context) {
  std::uint32_t output = 0;
  auto inputs = concatenated_inputs<4>(payload, context, &output);
  if (!inputs) return inputs.error();
  const auto [a, b, c, d] = *inputs;
  return context.check(xnn_define_concatenate4(context.subgraph, static_cast<std::int32_t>(payload.axis()), a, b, c, d,
                                               output, payload.flags()));
}
#endif

#if FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE5
Status define_concatenate5(const fb_xnnpack::_XNNCat& payload, const NodeContext& context) {
  std::uint32_t output = 0;
  auto inputs = concatenated_inputs<5>(payload, context, &output);
  if (!inputs) return inputs.error();
  const auto [a, b, c, d, e] = *inputs;
  return context.check(xnn_define_concatenate5(context.subgraph, static_cast<std::int32_t>(payload.axis()), a, b, c, d,
                                               e, output, payload.flags()));
}
#endif

}  // namespace

void register_concatenate_nodes(NodeRegistry& registry) {
#if FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE2
  registry.add(XNodeUnion::XNNConcatenate2, "xnn_define_concatenate2",
               with_payload<&XNode::xnode_union_as_XNNConcatenate2, define_concatenate2>);
#else
  registry.add_unsupported(XNodeUnion::XNNConcatenate2, "xnn_define_concatenate2");
#endif
#if FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE3
  registry.add(XNodeUnion::XNNConcatenate3, "xnn_define_concatenate3",
               with_payload<&XNode::xnode_union_as_XNNConcatenate3, define_concatenate3>);
#else
  registry.add_unsupported(XNodeUnion::XNNConcatenate3, "xnn_define_concatenate3");
#endif
#if FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE4
  registry.add(XNodeUnion::XNNConcatenate4, "xnn_define_concatenate4",
               with_payload<&XNode::xnode_union_as_XNNConcatenate4, define_concatenate4>);
#else
  registry.add_unsupported(XNodeUnion::XNNConcatenate4, "xnn_define_concatenate4");
#endif
#if FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE5
  registry.add(XNodeUnion::XNNConcatenate5, "xnn_define_concatenate5",
               with_payload<&XNode::xnode_union_as_XNNConcatenate5, define_concatenate5>);
#else
  registry.add_unsupported(XNodeUnion::XNNConcatenate5, "xnn_define_concatenate5");
#endif
}

}  // namespace fbcompat::xnnpack
