// The reference runtime runs small graphs of each supported node family on the linked XNNPACK; the
// expected values are worked out by hand (or, for depth-to-space, checked pixel by pixel against the
// input they rearrange).
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <vector>

#include "fbcompat/xnnpack/runtime/reference_runtime.h"
#include "support/xnnpack_graph_builder.h"

using namespace fbcompat;
using namespace fbcompat::test;
using fb_xnnpack::XNodeUnion;

namespace {

// fp32 results are compared with this absolute tolerance: the hand-worked values are exact in binary
// or nearly so, and XNNPACK's kernels (vectorised sums, polynomial exp) differ from them by rounding.
constexpr float kTolerance = 1e-5f;

xnnpack::LoadedProgram load(const std::vector<std::uint8_t>& payload, const xnnpack::PayloadLoadOptions& options = {}) {
  auto program = xnnpack::load_xnnpack_payload(payload, options);
  BOOST_TEST_REQUIRE(program.ok(), "load failed: " << (program.ok() ? "" : program.error().message));
  return std::move(program).value();
}

// Runs a program with one input (external id 0) and returns its one output.
std::vector<float> run_one(xnnpack::LoadedProgram& program, const std::vector<float>& input) {
  BOOST_TEST_REQUIRE(program.inputs().size() == 1u);
  BOOST_TEST_REQUIRE(program.outputs().size() == 1u);
  auto outputs = program.run({{program.inputs()[0].external_id, input}});
  BOOST_TEST_REQUIRE(outputs.ok(), "run failed: " << (outputs.ok() ? "" : outputs.error().message));
  return outputs->at(program.outputs()[0].external_id);
}

void check_close(const std::vector<float>& actual, const std::vector<float>& expected, float tolerance = kTolerance) {
  BOOST_TEST_REQUIRE(actual.size() == expected.size());
  for (std::size_t i = 0; i < actual.size(); ++i) {
    BOOST_TEST(std::fabs(actual[i] - expected[i]) <= tolerance, "element " << i << ": " << actual[i] << " != " << expected[i]);
  }
}

std::vector<float> iota(std::size_t count, float start = 0.0f) {
  std::vector<float> values(count);
  for (std::size_t i = 0; i < count; ++i) values[i] = start + static_cast<float>(i);
  return values;
}

flatbuffers::Offset<void> conv_payload(XnnGraphBuilder& graph, std::uint32_t pad, std::uint32_t kernel,
                                       std::uint32_t stride, std::uint32_t groups, std::uint32_t group_in,
                                       std::uint32_t group_out, std::uint32_t input, std::uint32_t filter,
                                       std::uint32_t bias, std::uint32_t output) {
  return fb_xnnpack::Create_XNNNodeConv(graph.fbb(), pad, pad, pad, pad, kernel, kernel, stride, stride, 1, 1, group_in,
                                        group_out, groups, 0, 0, input, filter, bias, output, 0)
      .Union();
}

flatbuffers::Offset<void> pooling_payload(XnnGraphBuilder& graph, std::uint32_t pad, std::uint32_t window,
                                          std::uint32_t stride, std::uint32_t input, std::uint32_t output) {
  return fb_xnnpack::Create_XNNPooling2D(graph.fbb(), pad, pad, pad, pad, window, window, stride, stride, 1, 1, input,
                                         output, 0)
      .Union();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(xnnpack_runtime)

// Depth-to-space, checked pixel by pixel: out[h*b+i][w*b+j][c] = in[h][w][(i*b+j)*C+c].
BOOST_AUTO_TEST_CASE(depth_to_space_rearranges_every_pixel) {
  for (const bool header : {true, false}) {
    constexpr std::uint32_t kHeight = 2, kWidth = 3, kChannels = 2, kBlock = 2;
    XnnGraphBuilder graph;
    const auto input = graph.input({1, kHeight, kWidth, kChannels * kBlock * kBlock});
    const auto output = graph.output({1, kHeight * kBlock, kWidth * kBlock, kChannels});
    graph.node(XNodeUnion::XNNDepthToSpace2d,
               fb_xnnpack::CreateXNNDepthToSpace2d(graph.fbb(), input, output, kBlock, 0).Union());
    auto program = load(graph.finish({header, "XN01"}));
    BOOST_TEST(program.node_types() == std::vector<std::string>{"XNNDepthToSpace2d"}, boost::test_tools::per_element());

    const std::vector<float> pixels = iota(kHeight * kWidth * kChannels * kBlock * kBlock, 100.0f);
    const std::vector<float> result = run_one(program, pixels);
    BOOST_TEST_REQUIRE(result.size() == pixels.size());
    const std::uint32_t in_channels = kChannels * kBlock * kBlock;
    for (std::uint32_t h = 0; h < kHeight * kBlock; ++h) {
      for (std::uint32_t w = 0; w < kWidth * kBlock; ++w) {
        for (std::uint32_t c = 0; c < kChannels; ++c) {
          const std::uint32_t source_channel = ((h % kBlock) * kBlock + (w % kBlock)) * kChannels + c;
          const float expected = pixels[((h / kBlock) * kWidth + (w / kBlock)) * in_channels + source_channel];
          BOOST_TEST(result[(h * kWidth * kBlock + w) * kChannels + c] == expected,
                     "pixel (" << h << ", " << w << ") channel " << c);
        }
      }
    }
  }
}

// 3x3 input 1..9, 2x2 kernels, padding 1, stride 2 -> 2x2 output, two output channels.
// Channel 0 sums its window (+0.5); channel 1 takes top-left minus bottom-right (-1).
BOOST_AUTO_TEST_CASE(conv2d_with_padding_and_stride) {
  XnnGraphBuilder graph;
  const auto input = graph.input({1, 3, 3, 1});
  const auto filter = graph.constant({2, 2, 2, 1}, {1, 1, 1, 1, 1, 0, 0, -1});
  const auto bias = graph.constant({2}, {0.5f, -1.0f});
  const auto output = graph.output({1, 2, 2, 2});
  graph.node(XNodeUnion::XNNConv2d, conv_payload(graph, 1, 2, 2, 1, 1, 2, input, filter, bias, output));
  auto program = load(graph.finish());
  // Padded input (p = 0):        windows (stride 2):
  //   p p p p p                    (0,0): p p / p 1     -> sum 1,  tl-br = 0-1
  //   p 1 2 3 p                    (0,1): p p / 2 3     -> sum 5,  tl-br = 0-3
  //   p 4 5 6 p                    (1,0): p 4 / p 7     -> sum 11, tl-br = 0-7
  //   p 7 8 9 p                    (1,1): 5 6 / 8 9     -> sum 28, tl-br = 5-9
  //   p p p p p
  check_close(run_one(program, iota(9, 1.0f)), {1.5f, -2.0f, 5.5f, -4.0f, 11.5f, -8.0f, 28.5f, -5.0f});
}

// Output clamping (XNode.output_min_max) reaches the convolution; no bias.
BOOST_AUTO_TEST_CASE(conv2d_clamps_and_runs_without_bias) {
  XnnGraphBuilder graph;
  const auto input = graph.input({1, 2, 2, 1});
  const auto filter = graph.constant({1, 1, 1, 1}, {3.0f});
  const auto output = graph.output({1, 2, 2, 1});
  graph.node(XNodeUnion::XNNConv2d,
             conv_payload(graph, 0, 1, 1, 1, 1, 1, input, filter, XnnGraphBuilder::kNoValue, output),
             std::make_pair(0.0f, 6.0f));
  auto program = load(graph.finish());
  check_close(run_one(program, {-1.0f, 1.0f, 1.5f, 4.0f}), {0.0f, 3.0f, 4.5f, 6.0f});
}

// Two channels, 2x2 kernel, no padding: channel 0 sums, channel 1 weighs its taps 1, 2, 3, 4.
BOOST_AUTO_TEST_CASE(depthwise_conv2d) {
  XnnGraphBuilder graph;
  const auto input = graph.input({1, 2, 2, 2});
  // [1, KH, KW, C]: (tap, channel) pairs.
  const auto filter = graph.constant({1, 2, 2, 2}, {1, 1, 1, 2, 1, 3, 1, 4});
  const auto bias = graph.constant({2}, {0.0f, 100.0f});
  const auto output = graph.output({1, 1, 1, 2});
  // groups = channels = 2, group_input_channels 1, group_output_channels 1 (depth multiplier 1).
  graph.node(XNodeUnion::XNNDepthwiseConv2d, conv_payload(graph, 0, 2, 1, 2, 1, 1, input, filter, bias, output));
  auto program = load(graph.finish());
  // Input pixels (ch0, ch1): (1, 10) (2, 20) (3, 30) (4, 40).
  // ch0: 1+2+3+4 = 10; ch1: 10*1 + 20*2 + 30*3 + 40*4 + 100 = 400.
  check_close(run_one(program, {1, 10, 2, 20, 3, 30, 4, 40}), {10.0f, 400.0f});
}

// Stride 2, 2x2 kernel of ones: each input pixel becomes a 2x2 block.
BOOST_AUTO_TEST_CASE(conv_transpose2d) {
  XnnGraphBuilder graph;
  const auto input = graph.input({1, 2, 2, 1});
  const auto filter = graph.constant({1, 2, 2, 1}, {1, 1, 1, 1});
  const auto output = graph.output({1, 4, 4, 1});
  graph.node(XNodeUnion::XNNConvTranspose2d,
             conv_payload(graph, 0, 2, 2, 1, 1, 1, input, filter, XnnGraphBuilder::kNoValue, output));
  auto program = load(graph.finish());
  check_close(run_one(program, {1, 2, 3, 4}), {1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4});
}

BOOST_AUTO_TEST_CASE(max_and_average_pooling) {
  // 4x4 input 0..15, 2x2 windows, stride 2.
  const std::vector<float> input_values = iota(16);
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({1, 4, 4, 1});
    const auto output = graph.output({1, 2, 2, 1});
    graph.node(XNodeUnion::XNNMaxPooling2d, pooling_payload(graph, 0, 2, 2, input, output));
    auto program = load(graph.finish());
    check_close(run_one(program, input_values), {5, 7, 13, 15});
  }
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({1, 4, 4, 1});
    const auto output = graph.output({1, 2, 2, 1});
    graph.node(XNodeUnion::XNNAvgPooling2d, pooling_payload(graph, 0, 2, 2, input, output));
    auto program = load(graph.finish());
    // (0+1+4+5)/4 = 2.5, (2+3+6+7)/4 = 4.5, (8+9+12+13)/4 = 10.5, (10+11+14+15)/4 = 12.5
    check_close(run_one(program, input_values), {2.5f, 4.5f, 10.5f, 12.5f});
  }
  {
    // Max pooling with padding 1 and stride 1 over 2x2: 3x3 windows of the padded input.
    XnnGraphBuilder graph;
    const auto input = graph.input({1, 2, 2, 1});
    const auto output = graph.output({1, 3, 3, 1});
    graph.node(XNodeUnion::XNNMaxPooling2d, pooling_payload(graph, 1, 2, 1, input, output));
    auto program = load(graph.finish());
    check_close(run_one(program, {1, 2, 3, 4}), {1, 2, 2, 3, 4, 4, 3, 4, 4});
  }
}

// Argmax pooling: 2x2 windows with stride 2, a value output and an index output (32-bit). XNNPACK
// numbers the taps of a window column by column: (0,0) 0, (1,0) 1, (0,1) 2, (1,1) 3.
BOOST_AUTO_TEST_CASE(argmax_pooling) {
  XnnGraphBuilder graph;
  const auto input = graph.input({1, 2, 4, 1});
  const auto values = graph.output({1, 1, 2, 1});
  const auto indices = graph.external_tensor(fb_xnnpack::XNNDatatype::xnn_datatype_fp32, {1, 1, 2, 1}, 2);
  graph.node(XNodeUnion::XNNArgMaxPooling2d,
             fb_xnnpack::CreateXNNArgMaxPooling2d(graph.fbb(), 0, 0, 0, 0, 2, 2, input, values, indices, 0).Union());
  auto program = load(graph.finish());
  // Rows [1 5 | 2 0] and [7 3 | 9 4]: window 0 has its maximum 7 at (1,0), window 1 has 9 at (1,0).
  // Rows [1 5 | 2 0] and [0 3 | 1 9]: 5 at (0,1), 9 at (1,1).
  struct Case {
    std::vector<float> input;
    std::vector<float> values;
    std::vector<std::uint32_t> indices;
  };
  for (const Case& test : {Case{{1, 5, 2, 0, 7, 3, 9, 4}, {7, 9}, {1, 1}}, Case{{1, 5, 2, 0, 0, 3, 1, 9}, {5, 9}, {2, 3}}}) {
    std::vector<float> in(test.input);
    in.resize(in.size() + xnnpack::kInputPaddingBytes / sizeof(float));
    std::vector<float> out_values(2);
    std::vector<std::uint32_t> out_indices(2);
    auto status = program.run_in_place({{0, in.data()}, {1, out_values.data()}, {2, out_indices.data()}});
    BOOST_TEST_REQUIRE(status.ok(), (status.ok() ? "" : status.error().message));
    check_close(out_values, test.values);
    BOOST_TEST(out_indices == test.indices, boost::test_tools::per_element());
  }
}

BOOST_AUTO_TEST_CASE(global_average_pooling) {
  XnnGraphBuilder graph;
  const auto input = graph.input({1, 2, 2, 2});
  const auto output = graph.output({1, 1, 1, 2});
  graph.node(XNodeUnion::XNNGlobalAvgPooling2d, graph.node1x1(input, output));
  auto program = load(graph.finish());
  // ch0: (1+2+3+4)/4 = 2.5; ch1: (10+20+30+40)/4 = 25
  check_close(run_one(program, {1, 10, 2, 20, 3, 30, 4, 40}), {2.5f, 25.0f});
}

// y = x W^T + b for two rows: W = [[1, 2, 3], [-1, 0, 1]], b = [0.5, -0.5].
BOOST_AUTO_TEST_CASE(fully_connected) {
  XnnGraphBuilder graph;
  const auto input = graph.input({2, 3});
  const auto filter = graph.constant({2, 3}, {1, 2, 3, -1, 0, 1});
  const auto bias = graph.constant({2}, {0.5f, -0.5f});
  const auto output = graph.output({2, 2});
  graph.node(XNodeUnion::XNNFullyConnected,
             fb_xnnpack::CreateXNNFullyConnected(graph.fbb(), input, filter, bias, output, 0).Union());
  auto program = load(graph.finish());
  // row [1, 2, 3]: 1+4+9+0.5 = 14.5, -1+3-0.5 = 1.5; row [4, 5, 6]: 4+10+18+0.5 = 32.5, -4+6-0.5 = 1.5
  check_close(run_one(program, {1, 2, 3, 4, 5, 6}), {14.5f, 1.5f, 32.5f, 1.5f});
}

// x + c, x * c and x - c with a broadcast constant, each clamped to [0, 5].
BOOST_AUTO_TEST_CASE(binary_nodes_broadcast_and_clamp) {
  struct Case {
    XNodeUnion type;
    std::vector<float> expected;
  };
  const std::vector<float> x{-3.0f, 1.0f, 2.5f, 9.0f};
  // c = [2, 0.5] broadcast over the last dimension of [1, 2, 2]:
  //   add: -1, 1.5, 4.5, 9.5 -> 0, 1.5, 4.5, 5
  //   mul: -6, 0.5, 5, 4.5 -> 0, 0.5, 5, 4.5
  //   sub: -5, 0.5, 0.5, 8.5 -> 0, 0.5, 0.5, 5
  //   div: -1.5, 2, 1.25, 18 -> 0, 2, 1.25, 5
  for (const Case& test : {Case{XNodeUnion::XNNAdd, {0.0f, 1.5f, 4.5f, 5.0f}},
                           Case{XNodeUnion::XNNMultiply, {0.0f, 0.5f, 5.0f, 4.5f}},
                           Case{XNodeUnion::XNNSubtract, {0.0f, 0.5f, 0.5f, 5.0f}},
                           Case{XNodeUnion::XNNDiv, {0.0f, 2.0f, 1.25f, 5.0f}}}) {
    BOOST_TEST_CONTEXT(fb_xnnpack::EnumNameXNodeUnion(test.type)) {
      XnnGraphBuilder graph;
      const auto input = graph.input({1, 2, 2});
      const auto constant = graph.constant({2}, {2.0f, 0.5f});
      const auto output = graph.output({1, 2, 2});
      graph.node(test.type, graph.node2x1(input, constant, output), std::make_pair(0.0f, 5.0f));
      auto program = load(graph.finish());
      check_close(run_one(program, x), test.expected);
    }
  }
}

// Two external inputs; minimum and maximum have no clamp.
BOOST_AUTO_TEST_CASE(minimum_and_maximum_of_two_inputs) {
  for (const XNodeUnion type : {XNodeUnion::XNNMinimum, XNodeUnion::XNNMaximum}) {
    XnnGraphBuilder graph;
    const auto a = graph.input({4});
    const auto b = graph.input({4});
    const auto output = graph.output({4});
    graph.node(type, graph.node2x1(a, b, output));
    auto program = load(graph.finish());
    auto outputs = program.run({{0, {1, 5, -2, 7}}, {1, {3, 4, -3, 7}}});
    BOOST_TEST_REQUIRE(outputs.ok());
    check_close(outputs->at(2), type == XNodeUnion::XNNMinimum ? std::vector<float>{1, 4, -3, 7}
                                                               : std::vector<float>{3, 5, -2, 7});
  }
}

BOOST_AUTO_TEST_CASE(unary_nodes) {
  struct Case {
    XNodeUnion type;
    std::vector<float> input;
    std::vector<float> expected;
  };
  const float e = std::exp(1.0f);
  const std::vector<Case> cases{
      {XNodeUnion::XNNAbs, {-2, -0.5f, 0.5f, 2}, {2, 0.5f, 0.5f, 2}},
      {XNodeUnion::XNNNegate, {-2, -0.5f, 0.5f, 2}, {2, 0.5f, -0.5f, -2}},
      {XNodeUnion::XNNSquare, {-2, -0.5f, 0.5f, 3}, {4, 0.25f, 0.25f, 9}},
      {XNodeUnion::XNNSquareRoot, {0, 1, 4, 9}, {0, 1, 2, 3}},
      {XNodeUnion::XNNFloor, {-1.5f, -0.5f, 0.5f, 2.7f}, {-2, -1, 0, 2}},
      {XNodeUnion::XNNCeiling, {-1.5f, -0.5f, 0.5f, 2.2f}, {-1, 0, 1, 3}},
      // sigmoid(x) = 1 / (1 + e^-x)
      {XNodeUnion::XNNSigmoid, {0, 1, -1, 20}, {0.5f, e / (1 + e), 1 / (1 + e), 1.0f}},
      // hardswish(x) = x * min(max(x + 3, 0), 6) / 6
      {XNodeUnion::XNNHardswish, {-4, -1, 1, 4}, {0, -1.0f / 3, 2.0f / 3, 4}},
      // softmax over [0, ln 2, ln 3, ln 4] = [1, 2, 3, 4] / 10
      {XNodeUnion::XNNSoftmax, {0, std::log(2.0f), std::log(3.0f), std::log(4.0f)}, {0.1f, 0.2f, 0.3f, 0.4f}},
  };
  for (const Case& test : cases) {
    BOOST_TEST_CONTEXT(fb_xnnpack::EnumNameXNodeUnion(test.type)) {
      XnnGraphBuilder graph;
      const auto input = graph.input({1, 4});
      const auto output = graph.output({1, 4});
      graph.node(test.type, graph.node1x1(input, output));
      auto program = load(graph.finish());
      check_close(run_one(program, test.input), test.expected, 1e-4f);
    }
  }
}

BOOST_AUTO_TEST_CASE(activations_with_parameters) {
  const std::vector<float> x{-2.0f, -0.5f, 0.5f, 8.0f};
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({4});
    const auto output = graph.output({4});
    graph.node(XNodeUnion::XNNClamp, graph.node1x1(input, output), std::make_pair(-1.0f, 6.0f));
    auto program = load(graph.finish());
    check_close(run_one(program, x), {-1.0f, -0.5f, 0.5f, 6.0f});
  }
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({4});
    const auto output = graph.output({4});
    graph.node(XNodeUnion::XNNLeakyReLU, fb_xnnpack::CreateXNNLeakyReLU(graph.fbb(), 0.25f, input, output, 0).Union());
    auto program = load(graph.finish());
    check_close(run_one(program, x), {-0.5f, -0.125f, 0.5f, 8.0f});
  }
  {
    // elu(x) = alpha * (e^x - 1) for x < 0
    XnnGraphBuilder graph;
    const auto input = graph.input({4});
    const auto output = graph.output({4});
    graph.node(XNodeUnion::XNNELU, fb_xnnpack::CreateXNNELU(graph.fbb(), 2.0f, input, output, 0).Union());
    auto program = load(graph.finish());
    check_close(run_one(program, x), {2 * (std::exp(-2.0f) - 1), 2 * (std::exp(-0.5f) - 1), 0.5f, 8.0f}, 1e-4f);
  }
  {
    // PReLU: a slope per channel (the last dimension), [0.1, 0.5].
    XnnGraphBuilder graph;
    const auto input = graph.input({1, 1, 2, 2});
    const auto slope = graph.constant({2}, {0.1f, 0.5f});
    const auto output = graph.output({1, 1, 2, 2});
    graph.node(XNodeUnion::XNNPReLU, graph.node2x1(input, slope, output));
    auto program = load(graph.finish());
    check_close(run_one(program, x), {-0.2f, -0.25f, 0.5f, 8.0f});
  }
}

// Reshape keeps the data in order; padding adds a row above and a column to the right.
BOOST_AUTO_TEST_CASE(reshape_and_pad) {
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({1, 2, 3});
    const auto middle = graph.internal({3, 2});
    const auto output = graph.output({3, 2});
    const std::vector<std::uint32_t> shape{3, 2};
    graph.node(XNodeUnion::XNNStaticReshape,
               fb_xnnpack::CreateXNNStaticReshapeDirect(graph.fbb(), 2, &shape, input, middle, 0).Union());
    // Negate after the reshape so that the reshape's output is an internal value.
    graph.node(XNodeUnion::XNNNegate, graph.node1x1(middle, output));
    auto program = load(graph.finish());
    check_close(run_one(program, {1, 2, 3, 4, 5, 6}), {-1, -2, -3, -4, -5, -6});
  }
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({1, 2, 2, 1});
    const auto output = graph.output({1, 3, 3, 1});
    const std::vector<std::uint32_t> before{0, 1, 0, 0}, after{0, 0, 1, 0};
    graph.node(XNodeUnion::XNNStaticConstantPad,
               fb_xnnpack::CreateXNNStaticConstantPadDirect(graph.fbb(), &before, &after, 9.0f, input, output, 0).Union());
    auto program = load(graph.finish());
    check_close(run_one(program, {1, 2, 3, 4}), {9, 9, 9, 1, 2, 9, 3, 4, 9});
  }
}

// A 1x2 image [0, 4] resized to 1x4. Half-pixel centres (no flags): source x = (x + 0.5) / 2 - 0.5,
// clamped to the image: -0.25, 0.25, 0.75, 1.25 -> 0, 1, 3, 4. Aligned corners (XNN_FLAG_ALIGN_CORNERS,
// 8): source x = x / 3 -> 0, 4/3, 8/3, 4.
BOOST_AUTO_TEST_CASE(resize_bilinear) {
  for (const std::uint32_t flags : {0u, 8u}) {
    XnnGraphBuilder graph;
    const auto input = graph.input({1, 1, 2, 1});
    const auto output = graph.output({1, 1, 4, 1});
    graph.node(XNodeUnion::XNNStaticResizeBilinear2D,
               fb_xnnpack::CreateXNNStaticResizeBilinear2D(graph.fbb(), 1, 4, input, output, flags).Union());
    auto program = load(graph.finish());
    check_close(run_one(program, {0, 4}),
                flags == 0 ? std::vector<float>{0, 1, 3, 4} : std::vector<float>{0, 4.0f / 3, 8.0f / 3, 4}, 1e-5f);
  }
}

// A chain: conv (4 channels) -> depth-to-space -> max pooling, with an internal value between each.
BOOST_AUTO_TEST_CASE(chained_nodes_share_internal_values) {
  XnnGraphBuilder graph;
  const auto input = graph.input({1, 1, 1, 1});
  // 1x1 conv from 1 to 4 channels with weights 1, 2, 3, 4: pixel x -> (x, 2x, 3x, 4x).
  const auto filter = graph.constant({4, 1, 1, 1}, {1, 2, 3, 4});
  const auto conv_out = graph.internal({1, 1, 1, 4});
  const auto spread = graph.internal({1, 2, 2, 1});
  const auto output = graph.output({1, 1, 1, 1});
  graph.node(XNodeUnion::XNNConv2d,
             conv_payload(graph, 0, 1, 1, 1, 1, 4, input, filter, XnnGraphBuilder::kNoValue, conv_out));
  graph.node(XNodeUnion::XNNDepthToSpace2d, fb_xnnpack::CreateXNNDepthToSpace2d(graph.fbb(), conv_out, spread, 2, 0).Union());
  graph.node(XNodeUnion::XNNMaxPooling2d, pooling_payload(graph, 0, 2, 2, spread, output));
  auto program = load(graph.finish());
  BOOST_TEST(program.node_types().size() == 3u);
  check_close(run_one(program, {1.5f}), {6.0f});
  check_close(run_one(program, {-1.0f}), {-1.0f});  // runs again with new inputs
}

// fp32 -> qint8 (scale 0.5, zero point 1) -> fp32: q = clamp(round(x / 0.5) + 1, -128, 127), x' = (q - 1) * 0.5.
BOOST_AUTO_TEST_CASE(quantize_and_dequantize_with_convert) {
  XnnGraphBuilder graph;
  const auto input = graph.input({4});
  const auto quantized = graph.quantized(fb_xnnpack::XNNDatatype::xnn_datatype_qint8, {4}, 0.5f, 1, 0,
                                         XnnGraphBuilder::kNoValue, 0);
  const auto output = graph.output({4});
  graph.node(XNodeUnion::XNNConvert, graph.node1x1(input, quantized));
  graph.node(XNodeUnion::XNNConvert, graph.node1x1(quantized, output));
  auto program = load(graph.finish());
  // -1 -> -1 -> -1; 0.2 -> 1 -> 0; 1.3 -> 4 -> 1.5; 100 -> 201 clamps to 127 -> 63
  check_close(run_one(program, {-1.0f, 0.2f, 1.3f, 100.0f}), {-1.0f, 0.0f, 1.5f, 63.0f});
}

// A quantized 1x1 convolution: qint8 input and output (scale 1, zero point 0), a qcint8 filter with a
// scale per output channel (0.5, 0.25) and a qcint32 bias (scale = input scale * filter scale).
BOOST_AUTO_TEST_CASE(channelwise_quantized_convolution) {
  XnnGraphBuilder graph;
  const std::int8_t filter_bytes[2] = {4, 8};     // real weights 4 * 0.5 = 2 and 8 * 0.25 = 2
  const std::int32_t bias_bytes[2] = {2, 4};      // real biases 2 * 0.5 = 1 and 4 * 0.25 = 1
  const auto input = graph.quantized(fb_xnnpack::XNNDatatype::xnn_datatype_qint8, {1, 1, 2, 1}, 1.0f, 0, 1, 0, 0);
  const auto filter = graph.channelwise(fb_xnnpack::XNNDatatype::xnn_datatype_qcint8, {2, 1, 1, 1}, {0.5f, 0.25f}, 0,
                                        graph.add_constant_bytes(filter_bytes, sizeof filter_bytes));
  const auto bias = graph.channelwise(fb_xnnpack::XNNDatatype::xnn_datatype_qcint32, {2}, {0.5f, 0.25f}, 0,
                                      graph.add_constant_bytes(bias_bytes, sizeof bias_bytes));
  const auto output = graph.quantized(fb_xnnpack::XNNDatatype::xnn_datatype_qint8, {1, 1, 2, 2}, 1.0f, 0, 2, 1, 0);
  graph.node(XNodeUnion::XNNConv2d, conv_payload(graph, 0, 1, 1, 1, 1, 2, input, filter, bias, output));
  auto program = load(graph.finish());
  BOOST_TEST(program.inputs()[0].datatype == "xnn_datatype_qint8");
  BOOST_TEST(program.inputs()[0].byte_size() == 2u);

  // Pixels 3 and -5: each output channel is 2 * x + 1 -> (7, 7) and (-9, -9).
  std::vector<std::int8_t> in(2 + xnnpack::kInputPaddingBytes, 0);
  in[0] = 3;
  in[1] = -5;
  std::vector<std::int8_t> out(4, 0);
  auto status = program.run_in_place({{0, in.data()}, {1, out.data()}});
  BOOST_TEST_REQUIRE(status.ok(), (status.ok() ? "" : status.error().message));
  BOOST_TEST(out == (std::vector<std::int8_t>{7, 7, -9, -9}), boost::test_tools::per_element());

  // fp32 run() refuses quantized inputs rather than reinterpreting them.
  auto refused = program.run({{0, {3.0f, -5.0f}}});
  BOOST_TEST_REQUIRE(!refused.ok());
  BOOST_TEST(refused.error().message == "input 0 is xnn_datatype_qint8, not fp32; use run_in_place");
}

// Programs from 0.1.0: no XH00 header, identifier XN00, constants inside the flatbuffer.
BOOST_AUTO_TEST_CASE(constants_in_the_flatbuffer_as_0_1_0_wrote_them) {
  XnnGraphBuilder graph(XnnGraphBuilder::ConstantStorage::ConstantBuffer);
  const auto input = graph.input({1, 2});
  const auto filter = graph.constant({1, 2}, {2.0f, -1.0f});
  const auto bias = graph.constant({1}, {0.25f});
  const auto output = graph.output({1, 1});
  graph.node(XNodeUnion::XNNFullyConnected,
             fb_xnnpack::CreateXNNFullyConnected(graph.fbb(), input, filter, bias, output, 0).Union());
  auto program = load(graph.finish({false, "XN00"}));
  check_close(run_one(program, {3.0f, 1.0f}), {5.25f});
}

// Constants stored by key in the program's named data.
BOOST_AUTO_TEST_CASE(constants_from_named_data) {
  XnnGraphBuilder graph;
  const auto input = graph.input({2});
  const auto constant = graph.tensor(fb_xnnpack::XNNDatatype::xnn_datatype_fp32, {2}, 0, XnnGraphBuilder::kNoValue,
                                     graph.add_named_constant("offsets"));
  const auto output = graph.output({2});
  graph.node(XNodeUnion::XNNAdd, graph.node2x1(input, constant, output));
  const std::vector<std::uint8_t> payload = graph.finish();

  const float offsets[2] = {10.0f, 20.0f};
  xnnpack::PayloadLoadOptions options;
  options.named_data = [&](const std::string& key) -> std::optional<xnnpack::ByteView> {
    if (key != "offsets") return std::nullopt;
    return xnnpack::ByteView{reinterpret_cast<const std::uint8_t*>(offsets), sizeof offsets};
  };
  auto program = load(payload, options);
  check_close(run_one(program, {1.0f, 2.0f}), {11.0f, 22.0f});

  auto without = xnnpack::load_xnnpack_payload(payload);
  BOOST_TEST_REQUIRE(!without.ok());
  BOOST_TEST(without.error().message ==
             "xvalues[1]: its constant data is the named data 'offsets', which was not supplied");
}

// Upsample-nearest x2 as the exporter lowers it: the image concatenated with itself four times along
// channels, then depth-to-space: every output pixel is its nearest input pixel. The 2022 XNNPACK has no
// concatenate, so there loading fails, naming it.
BOOST_AUTO_TEST_CASE(upsample_with_concatenate_runs_or_fails_to_load_naming_the_missing_function) {
  XnnGraphBuilder graph;
  const auto input = graph.input({1, 2, 2, 3});
  const auto stacked = graph.internal({1, 2, 2, 12});
  const auto output = graph.output({1, 4, 4, 3});
  graph.node(XNodeUnion::XNNConcatenate4,
             fb_xnnpack::Create_XNNCat(graph.fbb(), 3, input, input, input, input, stacked, 0).Union());
  graph.node(XNodeUnion::XNNDepthToSpace2d, fb_xnnpack::CreateXNNDepthToSpace2d(graph.fbb(), stacked, output, 2, 0).Union());
  auto program = xnnpack::load_xnnpack_payload(graph.finish());
  if (!FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE4) {
    BOOST_TEST_REQUIRE(!program.ok());
    BOOST_TEST(
        program.error().message ==
        "node 0 (XNNConcatenate4, type id 34) cannot be defined: the linked XNNPACK has no xnn_define_concatenate4");
    return;
  }
  BOOST_TEST_REQUIRE(program.ok(), (program.ok() ? "" : program.error().message));
  const std::vector<float> image = iota(12);
  const std::vector<float> upsampled = run_one(*program, image);
  BOOST_TEST_REQUIRE(upsampled.size() == 48u);
  for (std::size_t y = 0; y < 4; ++y) {
    for (std::size_t x = 0; x < 4; ++x) {
      for (std::size_t c = 0; c < 3; ++c) {
        BOOST_TEST(upsampled[(y * 4 + x) * 3 + c] == image[((y / 2) * 2 + x / 2) * 3 + c], "pixel " << y << "," << x);
      }
    }
  }
}

// Inputs and outputs come in the order of their external ids, whatever the order of their values.
BOOST_AUTO_TEST_CASE(externals_are_ordered_by_external_id) {
  XnnGraphBuilder graph;
  const auto output = graph.tensor(fb_xnnpack::XNNDatatype::xnn_datatype_fp32, {2}, 2, 2, 0);
  const auto second = graph.tensor(fb_xnnpack::XNNDatatype::xnn_datatype_fp32, {2}, 1, 1, 0);
  const auto first = graph.tensor(fb_xnnpack::XNNDatatype::xnn_datatype_fp32, {2}, 1, 0, 0);
  graph.set_num_externs(3);
  graph.node(XNodeUnion::XNNSubtract, graph.node2x1(first, second, output));
  auto program = load(graph.finish());
  BOOST_TEST_REQUIRE(program.inputs().size() == 2u);
  BOOST_TEST(program.inputs()[0].external_id == 0u);
  BOOST_TEST(program.inputs()[0].value_id == first);
  BOOST_TEST(program.inputs()[1].value_id == second);
  BOOST_TEST(program.outputs()[0].value_id == output);
  auto outputs = program.run({{0, {10, 20}}, {1, {1, 2}}});
  BOOST_TEST_REQUIRE(outputs.ok());
  check_close(outputs->at(2), {9, 18});
  auto in_order = program.run_in_order({{10, 20}, {1, 2}});
  BOOST_TEST_REQUIRE(in_order.ok());
  BOOST_TEST_REQUIRE(in_order->size() == 1u);
  check_close(in_order->at(0), {9, 18});
  auto too_few = program.run_in_order({{10, 20}});
  BOOST_TEST_REQUIRE(!too_few.ok());
  BOOST_TEST(too_few.error().message == "1 inputs given; the program has 2");
}

BOOST_AUTO_TEST_CASE(run_checks_its_inputs) {
  XnnGraphBuilder graph;
  const auto input = graph.input({2});
  const auto output = graph.output({2});
  graph.node(XNodeUnion::XNNAbs, graph.node1x1(input, output));
  auto program = load(graph.finish());
  BOOST_TEST(program.inputs()[0].dims == (std::vector<std::size_t>{2}), boost::test_tools::per_element());
  BOOST_TEST(program.outputs()[0].external_id == 1u);

  auto missing = program.run({});
  BOOST_TEST_REQUIRE(!missing.ok());
  BOOST_TEST(missing.error().message == "input 0 is missing");
  auto unknown = program.run({{0, {1, 2}}, {7, {1}}});
  BOOST_TEST_REQUIRE(!unknown.ok());
  BOOST_TEST(unknown.error().message == "no input has external id 7");
  auto short_input = program.run({{0, {1}}});
  BOOST_TEST_REQUIRE(!short_input.ok());
  BOOST_TEST(short_input.error().message == "input 0 has 1 values; its dims [2] need 2");

  float buffer[8] = {};
  auto unbound = program.run_in_place({{0, buffer}});
  BOOST_TEST_REQUIRE(!unbound.ok());
  BOOST_TEST(unbound.error().message == "1 buffers bound; the program has 1 inputs and 1 outputs");
  auto twice = program.run_in_place({{0, buffer}, {0, buffer}});
  BOOST_TEST_REQUIRE(!twice.ok());
  BOOST_TEST(twice.error().message == "external id 0 is bound twice");
}

BOOST_AUTO_TEST_SUITE_END()
