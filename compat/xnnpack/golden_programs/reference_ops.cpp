#include "fbcompat/xnnpack/reference_ops.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include <fmt/format.h>

namespace fbcompat::reference {
namespace {

Error op_error(const char* op, const std::string& message) { return Error{"", 0, 0, fmt::format("{}: {}", op, message)}; }

std::string dims_text(const std::vector<std::size_t>& dims) { return fmt::format("[{}]", fmt::join(dims, ", ")); }

float clamped(float value, const OutputRange& range) { return std::min(std::max(value, range.min), range.max); }

bool is_consistent(const Tensor& tensor) { return tensor.values.size() == tensor.element_count(); }

struct Spatial {
  std::size_t batch, height, width, channels;
};

Expected<Spatial> nhwc(const char* op, const Tensor& tensor) {
  if (tensor.dims.size() != 4 || !is_consistent(tensor)) {
    return op_error(op, fmt::format("expected a 4-D NHWC tensor with matching values, got dims {} and {} values",
                                    dims_text(tensor.dims), tensor.values.size()));
  }
  return Spatial{tensor.dims[0], tensor.dims[1], tensor.dims[2], tensor.dims[3]};
}

Expected<std::size_t> output_extent(const char* op, std::size_t input, std::uint32_t pad_before, std::uint32_t pad_after,
                                    std::uint32_t kernel, std::uint32_t stride, std::uint32_t dilation) {
  if (kernel == 0 || stride == 0 || dilation == 0) return op_error(op, "kernel, stride and dilation must be at least 1");
  const std::size_t padded = input + pad_before + pad_after;
  const std::size_t effective = static_cast<std::size_t>(kernel - 1) * dilation + 1;
  if (padded < effective) return op_error(op, fmt::format("window of {} is larger than the padded input of {}", effective, padded));
  return (padded - effective) / stride + 1;
}

// Calls visit(input_y, input_x) for every window position of output pixel (oy, ox) that lies inside the input.
template <typename Visit>
void for_each_tap(const Window2d& w, const Spatial& in, std::size_t oy, std::size_t ox, Visit visit) {
  for (std::uint32_t ky = 0; ky < w.height; ++ky) {
    const std::ptrdiff_t iy = static_cast<std::ptrdiff_t>(oy * w.stride_height + ky * w.dilation_height) - w.padding_top;
    if (iy < 0 || iy >= static_cast<std::ptrdiff_t>(in.height)) continue;
    for (std::uint32_t kx = 0; kx < w.width; ++kx) {
      const std::ptrdiff_t ix = static_cast<std::ptrdiff_t>(ox * w.stride_width + kx * w.dilation_width) - w.padding_left;
      if (ix < 0 || ix >= static_cast<std::ptrdiff_t>(in.width)) continue;
      visit(static_cast<std::size_t>(iy), static_cast<std::size_t>(ix), ky, kx);
    }
  }
}

Expected<Tensor> output_tensor(const char* op, const Spatial& in, const Window2d& w, std::size_t channels) {
  auto height = output_extent(op, in.height, w.padding_top, w.padding_bottom, w.height, w.stride_height, w.dilation_height);
  if (!height) return height.error();
  auto width = output_extent(op, in.width, w.padding_left, w.padding_right, w.width, w.stride_width, w.dilation_width);
  if (!width) return width.error();
  Tensor out;
  out.dims = {in.batch, *height, *width, channels};
  out.values.assign(out.element_count(), 0.0f);
  return out;
}

Expected<Tensor> pooling(const char* op, const Tensor& input, const Window2d& window, const OutputRange& range, bool average) {
  auto in = nhwc(op, input);
  if (!in) return in.error();
  auto out = output_tensor(op, *in, window, in->channels);
  if (!out) return out.error();
  const std::size_t out_h = out->dims[1], out_w = out->dims[2];
  for (std::size_t n = 0; n < in->batch; ++n) {
    for (std::size_t oy = 0; oy < out_h; ++oy) {
      for (std::size_t ox = 0; ox < out_w; ++ox) {
        for (std::size_t c = 0; c < in->channels; ++c) {
          float accumulator = average ? 0.0f : -std::numeric_limits<float>::infinity();
          std::size_t count = 0;
          for_each_tap(window, *in, oy, ox, [&](std::size_t iy, std::size_t ix, std::uint32_t, std::uint32_t) {
            const float value = input.values[((n * in->height + iy) * in->width + ix) * in->channels + c];
            accumulator = average ? accumulator + value : std::max(accumulator, value);
            ++count;
          });
          if (average) accumulator = count == 0 ? 0.0f : accumulator / static_cast<float>(count);
          out->values[((n * out_h + oy) * out_w + ox) * in->channels + c] = clamped(accumulator, range);
        }
      }
    }
  }
  return out;
}

Expected<Tensor> broadcast(const char* op, const Tensor& a, const Tensor& b, const OutputRange& range,
                           const std::function<float(float, float)>& combine) {
  if (!is_consistent(a) || !is_consistent(b)) return op_error(op, "an input's values do not match its dims");
  const std::size_t rank = std::max(a.dims.size(), b.dims.size());
  std::vector<std::size_t> da(rank, 1), db(rank, 1), dout(rank, 1);
  std::copy(a.dims.begin(), a.dims.end(), da.begin() + (rank - a.dims.size()));
  std::copy(b.dims.begin(), b.dims.end(), db.begin() + (rank - b.dims.size()));
  for (std::size_t i = 0; i < rank; ++i) {
    if (da[i] != db[i] && da[i] != 1 && db[i] != 1) {
      return op_error(op, fmt::format("dims {} and {} do not broadcast", dims_text(a.dims), dims_text(b.dims)));
    }
    dout[i] = std::max(da[i], db[i]);
  }
  Tensor out;
  out.dims = dout;
  out.values.resize(out.element_count());
  std::vector<std::size_t> index(rank, 0);
  for (std::size_t flat = 0; flat < out.values.size(); ++flat) {
    std::size_t ia = 0, ib = 0;
    for (std::size_t i = 0; i < rank; ++i) {
      ia = ia * da[i] + (da[i] == 1 ? 0 : index[i]);
      ib = ib * db[i] + (db[i] == 1 ? 0 : index[i]);
    }
    out.values[flat] = clamped(combine(a.values[ia], b.values[ib]), range);
    for (std::size_t i = rank; i-- > 0;) {
      if (++index[i] < dout[i]) break;
      index[i] = 0;
    }
  }
  return out;
}

}  // namespace

bool close_enough(float expected, float actual) {
  if (std::isnan(expected) || std::isnan(actual)) return std::isnan(expected) && std::isnan(actual);
  const float difference = std::fabs(expected - actual);
  return difference <= kAbsoluteTolerance || difference <= kRelativeTolerance * std::fabs(expected);
}

std::size_t Tensor::element_count() const {
  std::size_t count = 1;
  for (std::size_t dim : dims) count *= dim;
  return count;
}

Expected<Tensor> conv2d(const Tensor& input, const Tensor& filter, const Tensor* bias, const Conv2dParams& params) {
  constexpr const char* op = "conv2d";
  auto in = nhwc(op, input);
  if (!in) return in.error();
  const std::size_t groups = params.groups, gic = params.group_input_channels, goc = params.group_output_channels;
  const Window2d& w = params.window;
  if (groups == 0 || gic == 0 || goc == 0) return op_error(op, "groups and group channels must be at least 1");
  if (in->channels != groups * gic) {
    return op_error(op, fmt::format("input has {} channels, groups * group_input_channels is {}", in->channels, groups * gic));
  }
  const std::vector<std::size_t> filter_dims{groups * goc, w.height, w.width, gic};
  if (filter.dims != filter_dims || !is_consistent(filter)) {
    return op_error(op, fmt::format("filter dims {} should be {} (OHWI)", dims_text(filter.dims), dims_text(filter_dims)));
  }
  if (bias != nullptr && (bias->element_count() != groups * goc || !is_consistent(*bias))) {
    return op_error(op, fmt::format("bias has {} values, expected {}", bias->values.size(), groups * goc));
  }
  auto out = output_tensor(op, *in, w, groups * goc);
  if (!out) return out.error();
  const std::size_t out_h = out->dims[1], out_w = out->dims[2], out_c = groups * goc;
  for (std::size_t n = 0; n < in->batch; ++n) {
    for (std::size_t oy = 0; oy < out_h; ++oy) {
      for (std::size_t ox = 0; ox < out_w; ++ox) {
        for (std::size_t g = 0; g < groups; ++g) {
          for (std::size_t oc = 0; oc < goc; ++oc) {
            const std::size_t output_channel = g * goc + oc;
            float sum = bias != nullptr ? bias->values[output_channel] : 0.0f;
            for_each_tap(w, *in, oy, ox, [&](std::size_t iy, std::size_t ix, std::uint32_t ky, std::uint32_t kx) {
              const float* pixel = &input.values[((n * in->height + iy) * in->width + ix) * in->channels + g * gic];
              const float* taps = &filter.values[((output_channel * w.height + ky) * w.width + kx) * gic];
              for (std::size_t ic = 0; ic < gic; ++ic) sum += pixel[ic] * taps[ic];
            });
            out->values[((n * out_h + oy) * out_w + ox) * out_c + output_channel] = clamped(sum, params.range);
          }
        }
      }
    }
  }
  return out;
}

Expected<Tensor> depthwise_conv2d(const Tensor& input, const Tensor& filter, const Tensor* bias,
                                  const DepthwiseConv2dParams& params) {
  constexpr const char* op = "depthwise_conv2d";
  auto in = nhwc(op, input);
  if (!in) return in.error();
  const Window2d& w = params.window;
  const std::size_t multiplier = params.depth_multiplier;
  if (multiplier == 0) return op_error(op, "depth multiplier must be at least 1");
  const std::size_t out_c = in->channels * multiplier;
  const std::vector<std::size_t> filter_dims{1, w.height, w.width, out_c};
  if (filter.dims != filter_dims || !is_consistent(filter)) {
    return op_error(op, fmt::format("filter dims {} should be {}", dims_text(filter.dims), dims_text(filter_dims)));
  }
  if (bias != nullptr && (bias->element_count() != out_c || !is_consistent(*bias))) {
    return op_error(op, fmt::format("bias has {} values, expected {}", bias->values.size(), out_c));
  }
  auto out = output_tensor(op, *in, w, out_c);
  if (!out) return out.error();
  const std::size_t out_h = out->dims[1], out_w = out->dims[2];
  for (std::size_t n = 0; n < in->batch; ++n) {
    for (std::size_t oy = 0; oy < out_h; ++oy) {
      for (std::size_t ox = 0; ox < out_w; ++ox) {
        for (std::size_t oc = 0; oc < out_c; ++oc) {
          const std::size_t ic = oc / multiplier;
          float sum = bias != nullptr ? bias->values[oc] : 0.0f;
          for_each_tap(w, *in, oy, ox, [&](std::size_t iy, std::size_t ix, std::uint32_t ky, std::uint32_t kx) {
            sum += input.values[((n * in->height + iy) * in->width + ix) * in->channels + ic] *
                   filter.values[(ky * w.width + kx) * out_c + oc];
          });
          out->values[((n * out_h + oy) * out_w + ox) * out_c + oc] = clamped(sum, params.range);
        }
      }
    }
  }
  return out;
}

Expected<Tensor> max_pooling2d(const Tensor& input, const Window2d& window, const OutputRange& range) {
  return pooling("max_pooling2d", input, window, range, false);
}

Expected<Tensor> average_pooling2d(const Tensor& input, const Window2d& window, const OutputRange& range) {
  return pooling("average_pooling2d", input, window, range, true);
}

Expected<Tensor> fully_connected(const Tensor& input, const Tensor& filter, const Tensor* bias, const OutputRange& range) {
  constexpr const char* op = "fully_connected";
  if (input.dims.empty() || !is_consistent(input)) return op_error(op, "input needs at least one dim and matching values");
  if (filter.dims.size() != 2 || !is_consistent(filter)) return op_error(op, "filter must be [output_channels, input_channels]");
  const std::size_t k = filter.dims[1], outputs = filter.dims[0];
  if (input.dims.back() != k) {
    return op_error(op, fmt::format("input's last dim {} differs from the filter's input channels {}", input.dims.back(), k));
  }
  if (bias != nullptr && (bias->element_count() != outputs || !is_consistent(*bias))) {
    return op_error(op, fmt::format("bias has {} values, expected {}", bias->values.size(), outputs));
  }
  Tensor out;
  out.dims = input.dims;
  out.dims.back() = outputs;
  out.values.resize(out.element_count());
  const std::size_t rows = k == 0 ? 0 : input.values.size() / k;
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t o = 0; o < outputs; ++o) {
      float sum = bias != nullptr ? bias->values[o] : 0.0f;
      for (std::size_t i = 0; i < k; ++i) sum += input.values[r * k + i] * filter.values[o * k + i];
      out.values[r * outputs + o] = clamped(sum, range);
    }
  }
  return out;
}

Expected<Tensor> add(const Tensor& a, const Tensor& b, const OutputRange& range) {
  return broadcast("add", a, b, range, [](float x, float y) { return x + y; });
}

Expected<Tensor> multiply(const Tensor& a, const Tensor& b, const OutputRange& range) {
  return broadcast("multiply", a, b, range, [](float x, float y) { return x * y; });
}

Expected<Tensor> subtract(const Tensor& a, const Tensor& b, const OutputRange& range) {
  return broadcast("subtract", a, b, range, [](float x, float y) { return x - y; });
}

Tensor clamp(const Tensor& input, const OutputRange& range) {
  Tensor out = input;
  for (float& value : out.values) value = clamped(value, range);
  return out;
}

Expected<Tensor> concatenate(const std::vector<const Tensor*>& inputs, std::size_t axis) {
  constexpr const char* op = "concatenate";
  if (inputs.empty()) return op_error(op, "no inputs");
  const std::vector<std::size_t>& first = inputs.front()->dims;
  if (axis >= first.size()) return op_error(op, fmt::format("axis {} is out of range for dims {}", axis, dims_text(first)));
  Tensor out;
  out.dims = first;
  out.dims[axis] = 0;
  for (const Tensor* input : inputs) {
    bool same = input->dims.size() == first.size() && is_consistent(*input);
    for (std::size_t i = 0; same && i < first.size(); ++i) same = i == axis || input->dims[i] == first[i];
    if (!same) return op_error(op, fmt::format("dims {} and {} differ outside axis {}", dims_text(first), dims_text(input->dims), axis));
    out.dims[axis] += input->dims[axis];
  }
  std::size_t outer = 1, inner = 1;
  for (std::size_t i = 0; i < axis; ++i) outer *= first[i];
  for (std::size_t i = axis + 1; i < first.size(); ++i) inner *= first[i];
  out.values.reserve(out.element_count());
  for (std::size_t o = 0; o < outer; ++o) {
    for (const Tensor* input : inputs) {
      const std::size_t chunk = input->dims[axis] * inner;
      out.values.insert(out.values.end(), input->values.begin() + o * chunk, input->values.begin() + (o + 1) * chunk);
    }
  }
  return out;
}

Expected<Tensor> depth_to_space(const Tensor& input, std::uint32_t block_size) {
  constexpr const char* op = "depth_to_space";
  auto in = nhwc(op, input);
  if (!in) return in.error();
  const std::size_t b = block_size;
  if (b < 2 || in->channels % (b * b) != 0) {
    return op_error(op, fmt::format("block size {} must be at least 2 and divide {} channels into b*b parts", b, in->channels));
  }
  const std::size_t out_c = in->channels / (b * b);
  Tensor out;
  out.dims = {in->batch, in->height * b, in->width * b, out_c};
  out.values.resize(out.element_count());
  for (std::size_t n = 0; n < in->batch; ++n) {
    for (std::size_t h = 0; h < in->height; ++h) {
      for (std::size_t w = 0; w < in->width; ++w) {
        for (std::size_t i = 0; i < b; ++i) {
          for (std::size_t j = 0; j < b; ++j) {
            for (std::size_t c = 0; c < out_c; ++c) {
              const float value = input.values[((n * in->height + h) * in->width + w) * in->channels + (i * b + j) * out_c + c];
              out.values[((n * out.dims[1] + h * b + i) * out.dims[2] + w * b + j) * out_c + c] = value;
            }
          }
        }
      }
    }
  }
  return out;
}

Tensor unary(const Tensor& input, UnaryFunction function) {
  Tensor out = input;
  for (float& value : out.values) {
    const double x = value;
    switch (function) {
      case UnaryFunction::ReciprocalSquareRoot:
        value = static_cast<float>(1.0 / std::sqrt(x));
        break;
      case UnaryFunction::Log:
        value = static_cast<float>(std::log(x));
        break;
      case UnaryFunction::Gelu:
        value = static_cast<float>(x * 0.5 * (1.0 + std::erf(x / std::sqrt(2.0))));
        break;
      case UnaryFunction::Tanh:
        value = static_cast<float>(std::tanh(x));
        break;
      case UnaryFunction::Exp:
        value = static_cast<float>(std::exp(x));
        break;
      case UnaryFunction::Sin:
        value = static_cast<float>(std::sin(x));
        break;
      case UnaryFunction::Cos:
        value = static_cast<float>(std::cos(x));
        break;
    }
  }
  return out;
}

namespace {

// Row-major strides of dims.
std::vector<std::size_t> strides_of(const std::vector<std::size_t>& dims) {
  std::vector<std::size_t> strides(dims.size(), 1);
  for (std::size_t d = dims.size(); d-- > 1;) strides[d - 1] = strides[d] * dims[d];
  return strides;
}

// Steps `index` through dims in row-major order; false after the last.
bool next_index(std::vector<std::size_t>& index, const std::vector<std::size_t>& dims) {
  for (std::size_t d = dims.size(); d-- > 0;) {
    if (++index[d] < dims[d]) return true;
    index[d] = 0;
  }
  return false;
}

}  // namespace

Expected<Tensor> slice(const Tensor& input, const std::vector<std::size_t>& offsets,
                       const std::vector<std::size_t>& sizes) {
  constexpr const char* op = "slice";
  const std::size_t rank = input.dims.size();
  if (!is_consistent(input) || offsets.size() != rank || sizes.size() != rank) {
    return op_error(op, fmt::format("offsets and sizes need one entry per dimension of {}", dims_text(input.dims)));
  }
  for (std::size_t d = 0; d < rank; ++d) {
    if (offsets[d] + sizes[d] > input.dims[d]) {
      return op_error(
          op, fmt::format("dimension {}: offset {} + size {} exceeds {}", d, offsets[d], sizes[d], input.dims[d]));
    }
  }
  Tensor out;
  out.dims = sizes;
  out.values.reserve(out.element_count());
  if (out.element_count() == 0) return out;
  const std::vector<std::size_t> strides = strides_of(input.dims);
  std::vector<std::size_t> index(rank, 0);
  do {
    std::size_t at = 0;
    for (std::size_t d = 0; d < rank; ++d) at += (offsets[d] + index[d]) * strides[d];
    out.values.push_back(input.values[at]);
  } while (next_index(index, out.dims));
  return out;
}

Expected<Tensor> transpose(const Tensor& input, const std::vector<std::size_t>& perm) {
  constexpr const char* op = "transpose";
  const std::size_t rank = input.dims.size();
  std::vector<bool> seen(rank, false);
  bool permutation = is_consistent(input) && perm.size() == rank;
  for (std::size_t d = 0; permutation && d < rank; ++d) {
    permutation = perm[d] < rank && !seen[perm[d]];
    if (permutation) seen[perm[d]] = true;
  }
  if (!permutation)
    return op_error(op, fmt::format("perm {} is no permutation of dims {}", dims_text(perm), dims_text(input.dims)));
  Tensor out;
  for (std::size_t d = 0; d < rank; ++d) out.dims.push_back(input.dims[perm[d]]);
  out.values.reserve(out.element_count());
  if (out.element_count() == 0) return out;
  const std::vector<std::size_t> strides = strides_of(input.dims);
  std::vector<std::size_t> index(rank, 0);
  do {
    std::size_t at = 0;
    for (std::size_t d = 0; d < rank; ++d) at += index[d] * strides[perm[d]];
    out.values.push_back(input.values[at]);
  } while (next_index(index, out.dims));
  return out;
}

Expected<Tensor> batch_matrix_multiply(const Tensor& a, const Tensor& b, bool transpose_b) {
  constexpr const char* op = "batch_matrix_multiply";
  const std::size_t rank = a.dims.size();
  if (rank < 2 || b.dims.size() != rank || !is_consistent(a) || !is_consistent(b) ||
      !std::equal(a.dims.begin(), a.dims.end() - 2, b.dims.begin())) {
    return op_error(op, fmt::format("dims {} and {} are no batched matrices", dims_text(a.dims), dims_text(b.dims)));
  }
  const std::size_t m = a.dims[rank - 2], k = a.dims[rank - 1];
  const std::size_t n = transpose_b ? b.dims[rank - 2] : b.dims[rank - 1];
  if ((transpose_b ? b.dims[rank - 1] : b.dims[rank - 2]) != k) {
    return op_error(op, fmt::format("dims {} and {} do not multiply", dims_text(a.dims), dims_text(b.dims)));
  }
  Tensor out;
  out.dims = a.dims;
  out.dims.back() = n;
  out.values.assign(out.element_count(), 0.0f);
  const std::size_t batches = m * k == 0 ? 0 : a.values.size() / (m * k);
  for (std::size_t batch = 0; batch < batches; ++batch) {
    const float* left = &a.values[batch * m * k];
    const float* right = &b.values[batch * k * n];
    for (std::size_t i = 0; i < m; ++i) {
      for (std::size_t j = 0; j < n; ++j) {
        double sum = 0;
        for (std::size_t p = 0; p < k; ++p)
          sum += double{left[i * k + p]} * (transpose_b ? right[j * k + p] : right[p * n + j]);
        out.values[(batch * m + i) * n + j] = static_cast<float>(sum);
      }
    }
  }
  return out;
}

Expected<Tensor> scaled_dot_product_attention(const Tensor& query, const Tensor& key, const Tensor& value,
                                              const Tensor& scale, const Tensor& mask) {
  constexpr const char* op = "scaled_dot_product_attention";
  const std::size_t rank = query.dims.size();
  if (rank < 3 || !is_consistent(query) || !is_consistent(key) || !is_consistent(value) ||
      key.dims.size() != value.dims.size() || (key.dims.size() != rank && key.dims.size() + 1 != rank)) {
    return op_error(op, fmt::format("query {}, key {} and value {} do not fit", dims_text(query.dims),
                                    dims_text(key.dims), dims_text(value.dims)));
  }
  const bool shared = key.dims.size() + 1 == rank;
  const std::size_t heads = query.dims[rank - 3], tokens = query.dims[rank - 2], channels = query.dims[rank - 1];
  const std::size_t key_tokens = key.dims[key.dims.size() - 2], value_channels = value.dims.back();
  if (key.dims.back() != channels || value.dims[value.dims.size() - 2] != key_tokens ||
      scale.values.size() != channels || mask.dims != std::vector<std::size_t>{tokens, key_tokens} ||
      !is_consistent(mask)) {
    return op_error(
        op, fmt::format("query {}, key {}, value {}, scale {} and mask {} do not fit", dims_text(query.dims),
                        dims_text(key.dims), dims_text(value.dims), dims_text(scale.dims), dims_text(mask.dims)));
  }
  const std::size_t batches = heads * tokens * channels == 0 ? 0 : query.values.size() / (heads * tokens * channels);
  Tensor out;
  out.dims = query.dims;
  out.dims.back() = value_channels;
  out.values.assign(out.element_count(), 0.0f);
  std::vector<double> logits(key_tokens);
  for (std::size_t batch = 0; batch < batches; ++batch) {
    for (std::size_t h = 0; h < heads; ++h) {
      const std::size_t kv_head = shared ? batch : batch * heads + h;
      const float* keys = &key.values[kv_head * key_tokens * channels];
      const float* values = &value.values[kv_head * key_tokens * value_channels];
      for (std::size_t t = 0; t < tokens; ++t) {
        const float* q = &query.values[((batch * heads + h) * tokens + t) * channels];
        double largest = -std::numeric_limits<double>::infinity();
        for (std::size_t u = 0; u < key_tokens; ++u) {
          double dot = 0;
          for (std::size_t c = 0; c < channels; ++c) dot += double{q[c]} * scale.values[c] * keys[u * channels + c];
          logits[u] = dot + mask.values[t * key_tokens + u];
          largest = std::max(largest, logits[u]);
        }
        double total = 0;
        for (double& logit : logits) total += (logit = std::exp(logit - largest));
        float* row = &out.values[((batch * heads + h) * tokens + t) * value_channels];
        for (std::size_t d = 0; d < value_channels; ++d) {
          double sum = 0;
          for (std::size_t u = 0; u < key_tokens; ++u) sum += logits[u] / total * values[u * value_channels + d];
          row[d] = static_cast<float>(sum);
        }
      }
    }
  }
  return out;
}

}  // namespace fbcompat::reference
