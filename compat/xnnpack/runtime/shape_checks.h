// Shape checks the definers make before calling XNNPACK. XNNPACK (2022) writes each node's output at
// the size it computes from the input and the node's parameters, into a buffer sized by the output
// value's declared dims; a payload whose declared output disagrees would make it write out of bounds.
// So every definer checks that the declared shapes are the ones the node computes.
#pragma once

#include <cstddef>
#include <cstdint>

#include "runtime/node_context.h"

namespace fbcompat::xnnpack {

Status expect_rank(const NodeContext& context, const ValueInfo& value, std::size_t rank, const char* role);
Status expect_dims(const NodeContext& context, const ValueInfo& value, const Dims& expected, const char* role);
Status expect_same_element_count(const NodeContext& context, const ValueInfo& input, const ValueInfo& output);
// Filters, biases and slopes: the linked XNNPACK packs them when it creates the runtime.
Status expect_constant(const NodeContext& context, const ValueInfo& value, const char* role);
Status expect_positive(const NodeContext& context, std::uint32_t parameter, const char* name);

// NumPy-style broadcasting of two shapes, aligned at their last dimension.
Expected<Dims> broadcast_dims(const NodeContext& context, const Dims& a, const Dims& b);

// One spatial axis of a window (kernel or pooling) sliding over an input.
struct WindowAxis {
  const char* name = "height";
  std::size_t input = 0;
  std::uint32_t padding_before = 0;
  std::uint32_t padding_after = 0;
  std::uint32_t window = 1;
  std::uint32_t stride = 1;
  std::uint32_t dilation = 1;
};

// Output extent of a convolution or pooling: (padded input - dilated window) / stride + 1. With
// TensorFlow SAME padding (XNN_FLAG_TENSORFLOW_SAME_PADDING), ceil(input / stride). A window larger
// than the padded input is an error.
Expected<std::size_t> window_output_size(const NodeContext& context, const WindowAxis& axis, bool same_padding);

// Output extent of a transposed convolution: stride * (input - 1) + adjustment + dilated window - padding.
Expected<std::size_t> transposed_output_size(const NodeContext& context, const WindowAxis& axis, std::uint32_t adjustment);

}  // namespace fbcompat::xnnpack
