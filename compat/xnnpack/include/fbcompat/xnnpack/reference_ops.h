// Plain C++ reference implementations of the XNNPACK operators the golden programs use, in fp32 with
// XNNPACK's conventions: tensors are dense and row-major, 4-D activations are NHWC, convolution
// filters are OHWI ([groups * group_output_channels, KH, KW, group_input_channels]), depthwise filters
// are [1, KH, KW, channels * depth_multiplier] with output channel c * depth_multiplier + m reading
// input channel c, fully connected filters are [output_channels, input_channels]. Every operator
// clamps its result to [output_min, output_max]. They give the expected outputs of the runnable
// golden programs; a runtime's results should match within kRelativeTolerance.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "fbcompat/core/error.h"

namespace fbcompat::reference {

constexpr float kRelativeTolerance = 1e-5f;
// For results near zero, where a relative bound means nothing.
constexpr float kAbsoluteTolerance = 1e-6f;

// True when `actual` is within the tolerances of `expected`.
bool close_enough(float expected, float actual);

struct Tensor {
  std::vector<std::size_t> dims;
  std::vector<float> values;  // row-major; size is the product of dims

  std::size_t element_count() const;
};

struct OutputRange {
  float min = -std::numeric_limits<float>::infinity();
  float max = std::numeric_limits<float>::infinity();
};

struct Window2d {
  std::uint32_t padding_top = 0;
  std::uint32_t padding_right = 0;
  std::uint32_t padding_bottom = 0;
  std::uint32_t padding_left = 0;
  std::uint32_t height = 1;  // kernel or pooling window
  std::uint32_t width = 1;
  std::uint32_t stride_height = 1;
  std::uint32_t stride_width = 1;
  std::uint32_t dilation_height = 1;
  std::uint32_t dilation_width = 1;
};

struct Conv2dParams {
  Window2d window;
  std::uint32_t groups = 1;
  std::uint32_t group_input_channels = 1;
  std::uint32_t group_output_channels = 1;
  OutputRange range;
};

struct DepthwiseConv2dParams {
  Window2d window;
  std::uint32_t depth_multiplier = 1;
  OutputRange range;
};

// input [N, H, W, groups * group_input_channels]; bias [groups * group_output_channels] or null.
Expected<Tensor> conv2d(const Tensor& input, const Tensor& filter, const Tensor* bias, const Conv2dParams& params);
// input [N, H, W, C]; filter [1, KH, KW, C * depth_multiplier]; bias [C * depth_multiplier] or null.
Expected<Tensor> depthwise_conv2d(const Tensor& input, const Tensor& filter, const Tensor* bias,
                                  const DepthwiseConv2dParams& params);
// Padding never wins a maximum.
Expected<Tensor> max_pooling2d(const Tensor& input, const Window2d& window, const OutputRange& range = {});
// Divides by the number of window elements inside the input (padding is not counted), as XNNPACK does.
Expected<Tensor> average_pooling2d(const Tensor& input, const Window2d& window, const OutputRange& range = {});
// input [..., K], filter [N, K], bias [N] or null -> [..., N].
Expected<Tensor> fully_connected(const Tensor& input, const Tensor& filter, const Tensor* bias, const OutputRange& range = {});

// Elementwise with numpy-style broadcasting (dims aligned at the end; a dim of 1 stretches).
Expected<Tensor> add(const Tensor& a, const Tensor& b, const OutputRange& range = {});
Expected<Tensor> multiply(const Tensor& a, const Tensor& b, const OutputRange& range = {});
Expected<Tensor> subtract(const Tensor& a, const Tensor& b, const OutputRange& range = {});
Tensor clamp(const Tensor& input, const OutputRange& range);

// Inputs agree on every dim but `axis`.
Expected<Tensor> concatenate(const std::vector<const Tensor*>& inputs, std::size_t axis);
// input [N, H, W, C] -> [N, H * b, W * b, C / (b * b)], DCR order: output[n, h*b + i, w*b + j, c] =
// input[n, h, w, (i * b + j) * (C / (b * b)) + c].
Expected<Tensor> depth_to_space(const Tensor& input, std::uint32_t block_size);

// The element-wise math functions of later ExecuTorch releases, in double precision then rounded to fp32.
enum class UnaryFunction { ReciprocalSquareRoot, Log, Gelu, Tanh, Exp, Sin, Cos };
// gelu is the exact one, x * (1 + erf(x / sqrt(2))) / 2, as XNNPACK computes it.
Tensor unary(const Tensor& input, UnaryFunction function);
// output[i0, i1, ...] = input[offsets[0] + i0, offsets[1] + i1, ...]; the output's dims are `sizes`.
Expected<Tensor> slice(const Tensor& input, const std::vector<std::size_t>& offsets,
                       const std::vector<std::size_t>& sizes);
// Output dimension d is input dimension perm[d].
Expected<Tensor> transpose(const Tensor& input, const std::vector<std::size_t>& perm);
// a [..., M, K] x b [..., K, N] (or b [..., N, K] with transpose_b) -> [..., M, N]; the batch dims agree.
Expected<Tensor> batch_matrix_multiply(const Tensor& a, const Tensor& b, bool transpose_b = false);
// query [..., H, T, C], key [..., H, U, C], value [..., H, U, D], scale [C], mask [T, U] -> [..., H, T, D]:
// softmax((query * scale) key^T + mask) value, per head. Key and value may omit H (one head shared).
Expected<Tensor> scaled_dot_product_attention(const Tensor& query, const Tensor& key, const Tensor& value,
                                              const Tensor& scale, const Tensor& mask);

}  // namespace fbcompat::reference
