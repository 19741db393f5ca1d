#include <boost/test/unit_test.hpp>

#include <numeric>

#include "fbcompat/xnnpack/reference_ops.h"

using namespace fbcompat;
using namespace fbcompat::reference;

namespace {

Tensor iota(std::vector<std::size_t> dims, float start = 1.0f) {
  Tensor tensor{std::move(dims), {}};
  tensor.values.resize(tensor.element_count());
  std::iota(tensor.values.begin(), tensor.values.end(), start);
  return tensor;
}

Tensor filled(std::vector<std::size_t> dims, float value) {
  Tensor tensor{std::move(dims), {}};
  tensor.values.assign(tensor.element_count(), value);
  return tensor;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(reference_ops)

BOOST_AUTO_TEST_CASE(conv2d_with_padding_counts_only_taps_inside_the_image) {
  const Tensor input = filled({1, 3, 3, 1}, 1.0f);
  const Tensor filter = filled({1, 3, 3, 1}, 1.0f);
  Conv2dParams params;
  params.window = {1, 1, 1, 1, 3, 3, 1, 1, 1, 1};
  const auto out = conv2d(input, filter, nullptr, params);
  BOOST_TEST_REQUIRE(out.ok(), (out.ok() ? "" : out.error().message));
  BOOST_TEST((out->dims == std::vector<std::size_t>{1, 3, 3, 1}));
  const std::vector<float> expected{4, 6, 4, 6, 9, 6, 4, 6, 4};
  BOOST_TEST(out->values == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(conv2d_filters_are_ohwi_with_bias_stride_and_clamp) {
  // Two output channels: channel 0 sums input channel 0 taps, channel 1 subtracts input channel 1.
  const Tensor input = iota({1, 2, 2, 2});  // pixel (y,x) channels {c0, c1}
  Tensor filter = filled({2, 1, 1, 2}, 0.0f);
  filter.values = {1, 0, 0, -1};
  const Tensor bias{{2}, {0.5f, 0.0f}};
  Conv2dParams params;
  params.group_input_channels = 2;
  params.group_output_channels = 2;
  params.window.stride_height = 2;
  params.window.stride_width = 2;
  params.range = {-1.5f, 100.0f};
  const auto out = conv2d(input, filter, &bias, params);
  BOOST_TEST_REQUIRE(out.ok());
  BOOST_TEST((out->dims == std::vector<std::size_t>{1, 1, 1, 2}));
  BOOST_TEST(out->values[0] == 1.5f);   // 1 + 0.5
  BOOST_TEST(out->values[1] == -1.5f);  // -2, clamped
}

BOOST_AUTO_TEST_CASE(grouped_and_dilated_conv2d) {
  const Tensor input = iota({1, 3, 3, 2});
  Tensor filter = filled({2, 2, 2, 1}, 1.0f);  // 2 groups, one channel each, 2x2 kernel
  Conv2dParams params;
  params.groups = 2;
  params.window.height = 2;
  params.window.width = 2;
  params.window.dilation_height = 2;
  params.window.dilation_width = 2;
  const auto out = conv2d(input, filter, nullptr, params);
  BOOST_TEST_REQUIRE(out.ok());
  BOOST_TEST((out->dims == std::vector<std::size_t>{1, 1, 1, 2}));
  // Corners (0,0), (0,2), (2,0), (2,2): channel 0 values 1, 5, 13, 17; channel 1 values 2, 6, 14, 18.
  BOOST_TEST(out->values[0] == 36.0f);
  BOOST_TEST(out->values[1] == 40.0f);
}

BOOST_AUTO_TEST_CASE(depthwise_conv2d_output_channel_reads_input_channel_divided_by_multiplier) {
  const Tensor input{{1, 1, 1, 2}, {3.0f, 5.0f}};
  const Tensor filter{{1, 1, 1, 4}, {1.0f, 2.0f, 10.0f, 20.0f}};
  DepthwiseConv2dParams params;
  params.depth_multiplier = 2;
  const auto out = depthwise_conv2d(input, filter, nullptr, params);
  BOOST_TEST_REQUIRE(out.ok());
  const std::vector<float> expected{3, 6, 50, 100};
  BOOST_TEST(out->values == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(pooling_ignores_padding) {
  const Tensor input = iota({1, 2, 2, 1});  // 1 2 / 3 4
  Window2d window{1, 1, 1, 1, 2, 2, 2, 2, 1, 1};
  const auto max = max_pooling2d(input, window);
  BOOST_TEST_REQUIRE(max.ok());
  BOOST_TEST((max->dims == std::vector<std::size_t>{1, 2, 2, 1}));
  const std::vector<float> expected_max{1, 2, 3, 4};
  BOOST_TEST(max->values == expected_max, boost::test_tools::per_element());
  Window2d average_window{0, 1, 1, 0, 2, 2, 1, 1, 1, 1};
  const auto average = average_pooling2d(input, average_window);
  BOOST_TEST_REQUIRE(average.ok());
  // Windows at (0,0): all four -> 2.5; (0,1): 2,4 -> 3; (1,0): 3,4 -> 3.5; (1,1): 4.
  const std::vector<float> expected_average{2.5f, 3.0f, 3.5f, 4.0f};
  BOOST_TEST(average->values == expected_average, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(fully_connected_keeps_leading_dims) {
  const Tensor input{{2, 1, 3}, {1, 2, 3, 4, 5, 6}};
  const Tensor filter{{2, 3}, {1, 0, 0, 1, 1, 1}};
  const Tensor bias{{2}, {0, 100}};
  const auto out = fully_connected(input, filter, &bias);
  BOOST_TEST_REQUIRE(out.ok());
  BOOST_TEST((out->dims == std::vector<std::size_t>{2, 1, 2}));
  const std::vector<float> expected{1, 106, 4, 115};
  BOOST_TEST(out->values == expected, boost::test_tools::per_element());
  BOOST_TEST(!fully_connected(input, Tensor{{2, 4}, std::vector<float>(8)}, nullptr).ok());
}

BOOST_AUTO_TEST_CASE(binary_operators_broadcast) {
  const Tensor a = iota({2, 3});
  const Tensor row{{3}, {10, 20, 30}};
  const auto sum = add(a, row);
  BOOST_TEST_REQUIRE(sum.ok());
  const std::vector<float> expected_sum{11, 22, 33, 14, 25, 36};
  BOOST_TEST(sum->values == expected_sum, boost::test_tools::per_element());
  const Tensor column{{2, 1}, {2, -1}};
  const auto product = multiply(a, column);
  BOOST_TEST_REQUIRE(product.ok());
  const std::vector<float> expected_product{2, 4, 6, -4, -5, -6};
  BOOST_TEST(product->values == expected_product, boost::test_tools::per_element());
  const auto difference = subtract(a, row, {-25.0f, 0.0f});
  BOOST_TEST_REQUIRE(difference.ok());
  const std::vector<float> expected_difference{-9, -18, -25, -6, -15, -24};
  BOOST_TEST(difference->values == expected_difference, boost::test_tools::per_element());
  BOOST_TEST(!add(a, Tensor{{2}, {1, 2}}).ok());
}

BOOST_AUTO_TEST_CASE(concatenate_along_inner_and_outer_axes) {
  const Tensor a = iota({2, 2});       // 1 2 / 3 4
  const Tensor b = iota({2, 1}, 10);   // 10 / 11
  const auto inner = concatenate({&a, &b}, 1);
  BOOST_TEST_REQUIRE(inner.ok());
  const std::vector<float> expected_inner{1, 2, 10, 3, 4, 11};
  BOOST_TEST(inner->values == expected_inner, boost::test_tools::per_element());
  const auto outer = concatenate({&a, &a}, 0);
  BOOST_TEST_REQUIRE(outer.ok());
  BOOST_TEST((outer->dims == std::vector<std::size_t>{4, 2}));
  BOOST_TEST(!concatenate({&a, &b}, 0).ok());
}

BOOST_AUTO_TEST_CASE(depth_to_space_uses_dcr_order) {
  // One pixel with 8 channels, block 2: output channel count 2, sub-pixel (i,j) takes channels (i*2+j)*2..+1.
  const Tensor input = iota({1, 1, 1, 8}, 0);
  const auto out = depth_to_space(input, 2);
  BOOST_TEST_REQUIRE(out.ok());
  BOOST_TEST((out->dims == std::vector<std::size_t>{1, 2, 2, 2}));
  const std::vector<float> expected{0, 1, 2, 3, 4, 5, 6, 7};  // (0,0)=0,1 (0,1)=2,3 (1,0)=4,5 (1,1)=6,7
  BOOST_TEST(out->values == expected, boost::test_tools::per_element());
  // Four copies along channels, then depth-to-space: nearest-neighbour upsampling.
  const Tensor image = iota({1, 2, 2, 1});
  const auto copies = concatenate({&image, &image, &image, &image}, 3);
  BOOST_TEST_REQUIRE(copies.ok());
  const auto upsampled = depth_to_space(*copies, 2);
  BOOST_TEST_REQUIRE(upsampled.ok());
  const std::vector<float> nearest{1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4};
  BOOST_TEST(upsampled->values == nearest, boost::test_tools::per_element());
  BOOST_TEST(!depth_to_space(iota({1, 1, 1, 6}), 2).ok());
}

BOOST_AUTO_TEST_CASE(tolerance_is_relative_with_an_absolute_floor) {
  BOOST_TEST(close_enough(1000.0f, 1000.005f));
  BOOST_TEST(!close_enough(1000.0f, 1000.1f));
  BOOST_TEST(close_enough(0.0f, 5e-7f));
  BOOST_TEST(!close_enough(0.0f, 1e-5f));
}

BOOST_AUTO_TEST_SUITE_END()
