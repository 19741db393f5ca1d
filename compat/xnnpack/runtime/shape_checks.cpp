#include "runtime/shape_checks.h"

#include <fmt/format.h>

#include <algorithm>

namespace fbcompat::xnnpack {
namespace {

// The extent of a window with `dilation - 1` gaps between its taps.
std::uint64_t dilated(std::uint32_t window, std::uint32_t dilation) {
  return (static_cast<std::uint64_t>(window) - 1) * dilation + 1;
}

}  // namespace

Status expect_rank(const NodeContext& context, const ValueInfo& value, std::size_t rank, const char* role) {
  if (value.dims.size() == rank) return ok();
  return context.fail(fmt::format("{} value {} has {} dimensions {}; {} needs {}", role, value.value_id,
                                  value.dims.size(), dims_to_string(value.dims), context.member, rank));
}

Status expect_dims(const NodeContext& context, const ValueInfo& value, const Dims& expected, const char* role) {
  if (value.dims == expected) return ok();
  return context.fail(fmt::format("{} value {} has dims {}, but {} computes {}", role, value.value_id,
                                  dims_to_string(value.dims), context.member, dims_to_string(expected)));
}

Status expect_same_element_count(const NodeContext& context, const ValueInfo& input, const ValueInfo& output) {
  if (input.element_count == output.element_count) return ok();
  return context.fail(fmt::format("output value {} has dims {} ({} elements), but its input value {} has {} ({} elements)",
                                  output.value_id, dims_to_string(output.dims), output.element_count, input.value_id,
                                  dims_to_string(input.dims), input.element_count));
}

Status expect_constant(const NodeContext& context, const ValueInfo& value, const char* role) {
  if (value.is_constant) return ok();
  return context.fail(fmt::format("{} value {} has no constant data; the linked XNNPACK needs a static {} for {}", role,
                                  value.value_id, role, context.xnnpack_function));
}

Status expect_positive(const NodeContext& context, std::uint32_t parameter, const char* name) {
  if (parameter > 0) return ok();
  return context.fail(fmt::format("{} is 0; it must be at least 1", name));
}

Expected<Dims> broadcast_dims(const NodeContext& context, const Dims& a, const Dims& b) {
  Dims result(std::max(a.size(), b.size()), 1);
  for (std::size_t i = 0; i < result.size(); ++i) {
    const std::size_t from_a = i < a.size() ? a[a.size() - 1 - i] : 1;
    const std::size_t from_b = i < b.size() ? b[b.size() - 1 - i] : 1;
    if (from_a != from_b && from_a != 1 && from_b != 1) {
      return context.fail(fmt::format("input dims {} and {} do not broadcast", dims_to_string(a), dims_to_string(b)));
    }
    result[result.size() - 1 - i] = std::max(from_a, from_b);
  }
  return result;
}

Expected<std::size_t> window_output_size(const NodeContext& context, const WindowAxis& axis, bool same_padding) {
  if (same_padding) return (axis.input + axis.stride - 1) / axis.stride;
  const std::uint64_t padded = static_cast<std::uint64_t>(axis.input) + axis.padding_before + axis.padding_after;
  const std::uint64_t window = dilated(axis.window, axis.dilation);
  if (window > padded) {
    return context.fail(fmt::format("the window {} ({} with dilation {}) is larger than the padded input {} ({})",
                                    axis.name, axis.window, axis.dilation, axis.name, padded));
  }
  return static_cast<std::size_t>((padded - window) / axis.stride + 1);
}

Expected<std::size_t> transposed_output_size(const NodeContext& context, const WindowAxis& axis, std::uint32_t adjustment) {
  const std::uint64_t full = static_cast<std::uint64_t>(axis.stride) * (axis.input - 1) + adjustment +
                             dilated(axis.window, axis.dilation);
  const std::uint64_t padding = static_cast<std::uint64_t>(axis.padding_before) + axis.padding_after;
  if (padding >= full) {
    return context.fail(fmt::format("padding {} ({}) leaves no output of the transposed convolution ({} before padding)",
                                    axis.name, padding, full));
  }
  return static_cast<std::size_t>(full - padding);
}

}  // namespace fbcompat::xnnpack
