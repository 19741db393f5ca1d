// The 16 node types of later ExecuTorch releases that Debian 12's 2022 XNNPACK snapshot cannot define
// (concatenate 2-5, static slice and transpose, copy, batch matrix multiply, scaled dot-product attention,
// and seven math functions). On an XNNPACK that has the function a node needs (the build looks for it:
// FBCOMPAT_HAS_XNN_DEFINE_*), each must define and compute what the reference ops compute; on one that
// lacks it, the program must fail to load naming that function. So both XNNPACKs the project builds
// with (tools/deps/xnnpack.sh's, and the system's in the sanitizer build) test what they can.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "fbcompat/xnnpack/reference_ops.h"
#include "fbcompat/xnnpack/runtime/reference_runtime.h"
#include "support/xnnpack_graph_builder.h"

using namespace fbcompat;
using namespace fbcompat::test;
using fb_xnnpack::XNodeUnion;

namespace {

using Inputs = std::map<std::uint32_t, std::vector<float>>;  // by external id

// Deterministic, distinct values in [-1.5, 1.5] (or (0, 3] when positive).
std::vector<float> sample(std::size_t count, bool positive = false) {
  std::vector<float> values(count);
  for (std::size_t i = 0; i < count; ++i) {
    const float step = static_cast<float>((i * 37 + 11) % 97) / 32.0f;
    values[i] = positive ? step + 0.0625f : step - 1.5f;
  }
  return values;
}

reference::Tensor tensor(std::vector<std::size_t> dims, std::vector<float> values) {
  return reference::Tensor{std::move(dims), std::move(values)};
}

XnnGraphBuilder::Dims narrow(const std::vector<std::size_t>& dims) { return {dims.begin(), dims.end()}; }

// On an XNNPACK with `function` (has), the payload loads and its one output (the last external id) is
// `expected` within XNNPACK's fp32 approximations; without it, loading fails naming the function.
void runs_or_names_the_missing_function(const std::vector<std::uint8_t>& payload, bool has, const std::string& function,
                                        const Inputs& inputs, const Expected<reference::Tensor>& expected) {
  auto program = xnnpack::load_xnnpack_payload(payload);
  if (!has) {
    BOOST_TEST_REQUIRE(!program.ok(), "loads on an XNNPACK without " << function);
    BOOST_TEST(
        program.error().message.find("cannot be defined: the linked XNNPACK has no " + function) != std::string::npos,
        program.error().message);
    return;
  }
  BOOST_TEST_REQUIRE(program.ok(), "load failed: " << (program.ok() ? "" : program.error().message));
  BOOST_TEST_REQUIRE(expected.ok(), (expected.ok() ? "" : expected.error().message));
  BOOST_TEST_REQUIRE(program->outputs().size() == 1u);
  auto outputs = program->run(inputs);
  BOOST_TEST_REQUIRE(outputs.ok(), "run failed: " << (outputs.ok() ? "" : outputs.error().message));
  const std::vector<float>& actual = outputs->at(program->outputs()[0].external_id);
  BOOST_TEST_REQUIRE(actual.size() == expected->values.size());
  for (std::size_t i = 0; i < actual.size(); ++i) {
    const float want = expected->values[i];
    BOOST_TEST(std::fabs(actual[i] - want) <= 1e-4f + 1e-4f * std::fabs(want),
               "element " << i << ": " << actual[i] << " where the reference computes " << want);
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(xnnpack_newer_nodes)

BOOST_AUTO_TEST_CASE(math_functions) {
  struct Case {
    XNodeUnion type;
    const char* unary_operator;
    reference::UnaryFunction function;
    bool positive_inputs;
  };
  using reference::UnaryFunction;
  const std::vector<Case> cases{
      {XNodeUnion::XNNReciprocalSquareRoot, "xnn_unary_reciprocal_square_root", UnaryFunction::ReciprocalSquareRoot,
       true},
      {XNodeUnion::XNNLog, "xnn_unary_log", UnaryFunction::Log, true},
      {XNodeUnion::XNNGelu, "xnn_unary_gelu", UnaryFunction::Gelu, false},
      {XNodeUnion::XNNTanh, "xnn_unary_tanh", UnaryFunction::Tanh, false},
      {XNodeUnion::XNNExp, "xnn_unary_exp", UnaryFunction::Exp, false},
      {XNodeUnion::XNNSin, "xnn_unary_sine", UnaryFunction::Sin, false},
      {XNodeUnion::XNNCos, "xnn_unary_cosine", UnaryFunction::Cos, false},
  };
  for (const Case& test : cases) {
    BOOST_TEST_CONTEXT(fb_xnnpack::EnumNameXNodeUnion(test.type)) {
      XnnGraphBuilder graph;
      const auto input = graph.input({2, 3, 5});
      const auto output = graph.output({2, 3, 5});
      graph.node(test.type, graph.node1x1(input, output));
      const std::vector<float> x = sample(30, test.positive_inputs);
      runs_or_names_the_missing_function(graph.finish(), FBCOMPAT_HAS_XNN_DEFINE_UNARY,
                                         std::string("xnn_define_unary (") + test.unary_operator + ")", {{0, x}},
                                         reference::unary(tensor({2, 3, 5}, x), test.function));
    }
  }
}

BOOST_AUTO_TEST_CASE(concatenate_two_to_five_inputs) {
  struct Case {
    XNodeUnion type;
    std::size_t inputs;
    bool has;
    const char* function;
  };
  const std::vector<Case> cases{
      {XNodeUnion::XNNConcatenate2, 2, FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE2, "xnn_define_concatenate2"},
      {XNodeUnion::XNNConcatenate3, 3, FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE3, "xnn_define_concatenate3"},
      {XNodeUnion::XNNConcatenate4, 4, FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE4, "xnn_define_concatenate4"},
      {XNodeUnion::XNNConcatenate5, 5, FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE5, "xnn_define_concatenate5"},
  };
  for (const Case& test : cases) {
    // Along the middle axis, each input of another extent, so that a mixed-up order shows.
    BOOST_TEST_CONTEXT(fb_xnnpack::EnumNameXNodeUnion(test.type)) {
      XnnGraphBuilder graph;
      std::vector<reference::Tensor> tensors;
      std::vector<std::uint32_t> ids(5, 0);
      Inputs inputs;
      std::size_t extent = 0;
      for (std::size_t i = 0; i < test.inputs; ++i) {
        const std::vector<std::size_t> dims{2, i + 1, 3};
        ids[i] = graph.input(narrow(dims));
        tensors.push_back(tensor(dims, sample(2 * (i + 1) * 3)));
        for (float& value : tensors.back().values) value += static_cast<float>(10 * i);
        inputs[static_cast<std::uint32_t>(i)] = tensors.back().values;
        extent += i + 1;
      }
      const auto output = graph.output({2, static_cast<std::uint32_t>(extent), 3});
      graph.node(test.type,
                 fb_xnnpack::Create_XNNCat(graph.fbb(), 1, ids[0], ids[1], ids[2], ids[3], output, 0, ids[4]).Union());
      std::vector<const reference::Tensor*> parts;
      for (const reference::Tensor& part : tensors) parts.push_back(&part);
      runs_or_names_the_missing_function(graph.finish(), test.has, test.function, inputs,
                                         reference::concatenate(parts, 1));
    }
  }
}

BOOST_AUTO_TEST_CASE(static_slice) {
  XnnGraphBuilder graph;
  const auto input = graph.input({3, 4, 5});
  const auto output = graph.output({2, 2, 3});
  const std::vector<std::uint32_t> offsets{1, 2, 1}, sizes{2, 2, 3};
  graph.node(XNodeUnion::XNNStaticSlice,
             fb_xnnpack::CreateXNNStaticSliceDirect(graph.fbb(), 3, &offsets, &sizes, input, output, 0).Union());
  const std::vector<float> x = sample(60);
  runs_or_names_the_missing_function(graph.finish(), FBCOMPAT_HAS_XNN_DEFINE_STATIC_SLICE, "xnn_define_static_slice",
                                     {{0, x}}, reference::slice(tensor({3, 4, 5}, x), {1, 2, 1}, {2, 2, 3}));
}

BOOST_AUTO_TEST_CASE(static_transpose) {
  XnnGraphBuilder graph;
  const auto input = graph.input({2, 3, 4});
  const auto output = graph.output({4, 2, 3});
  const std::vector<std::uint32_t> perm{2, 0, 1};
  graph.node(XNodeUnion::XNNStaticTranspose,
             fb_xnnpack::CreateXNNStaticTransposeDirect(graph.fbb(), 3, &perm, input, output, 0).Union());
  const std::vector<float> x = sample(24);
  runs_or_names_the_missing_function(graph.finish(), FBCOMPAT_HAS_XNN_DEFINE_STATIC_TRANSPOSE,
                                     "xnn_define_static_transpose", {{0, x}},
                                     reference::transpose(tensor({2, 3, 4}, x), {2, 0, 1}));
}

BOOST_AUTO_TEST_CASE(copy) {
  XnnGraphBuilder graph;
  const auto input = graph.input({2, 5});
  const auto output = graph.output({2, 5});
  graph.node(XNodeUnion::XNNCopy, graph.node1x1(input, output));
  const std::vector<float> x = sample(10);
  runs_or_names_the_missing_function(graph.finish(), FBCOMPAT_HAS_XNN_DEFINE_COPY, "xnn_define_copy", {{0, x}},
                                     tensor({2, 5}, x));
}

BOOST_AUTO_TEST_CASE(batch_matrix_multiply_plain_and_with_b_transposed) {
  for (const bool transposed : {false, true}) {
    BOOST_TEST_CONTEXT("transpose_b " << transposed) {
      XnnGraphBuilder graph;
      const std::vector<std::size_t> b_dims =
          transposed ? std::vector<std::size_t>{2, 4, 3} : std::vector<std::size_t>{2, 3, 4};
      const auto a = graph.input({2, 5, 3});
      const auto b = graph.input(narrow(b_dims));
      const auto output = graph.output({2, 5, 4});
      graph.node(XNodeUnion::XNNBatchMatrixMultiply,
                 fb_xnnpack::Create_XNNNode2x1(graph.fbb(), a, b, output, transposed ? 1u : 0u).Union());
      const std::vector<float> x = sample(30), y = sample(24);
      runs_or_names_the_missing_function(
          graph.finish(), FBCOMPAT_HAS_XNN_DEFINE_BATCH_MATRIX_MULTIPLY, "xnn_define_batch_matrix_multiply",
          {{0, x}, {1, y}}, reference::batch_matrix_multiply(tensor({2, 5, 3}, x), tensor(b_dims, y), transposed));
    }
  }
}

// Two heads of three tokens attending to four, with a causal-style mask and the usual 1/sqrt(C) scale.
BOOST_AUTO_TEST_CASE(scaled_dot_product_attention) {
  XnnGraphBuilder graph;
  const std::size_t heads = 2, tokens = 3, key_tokens = 4, channels = 8, value_channels = 5;
  const auto query = graph.input({1, heads, tokens, channels});
  const auto key = graph.input({1, heads, key_tokens, channels});
  const auto value = graph.input({1, heads, key_tokens, value_channels});
  const std::vector<float> scale(channels, 1.0f / std::sqrt(static_cast<float>(channels)));
  std::vector<float> mask(tokens * key_tokens, 0.0f);
  for (std::size_t t = 0; t < tokens; ++t) {
    for (std::size_t u = t + 2; u < key_tokens; ++u) mask[t * key_tokens + u] = -1e4f;
  }
  const auto scale_id = graph.constant({channels}, scale);
  const auto mask_id = graph.constant({tokens, key_tokens}, mask);
  const auto output = graph.output({1, heads, tokens, value_channels});
  graph.node(XNodeUnion::XNNScaledDotProductAttention, fb_xnnpack::CreateXNNScaledDotProductAttention(
                                                           graph.fbb(), query, key, value, scale_id, mask_id, output, 0)
                                                           .Union());
  const std::vector<float> q = sample(heads * tokens * channels), k = sample(heads * key_tokens * channels),
                           v = sample(heads * key_tokens * value_channels);
  runs_or_names_the_missing_function(
      graph.finish(), FBCOMPAT_HAS_XNN_DEFINE_SCALED_DOT_PRODUCT_ATTENTION, "xnn_define_scaled_dot_product_attention",
      {{0, q}, {1, k}, {2, v}},
      reference::scaled_dot_product_attention(tensor({1, heads, tokens, channels}, q),
                                              tensor({1, heads, key_tokens, channels}, k),
                                              tensor({1, heads, key_tokens, value_channels}, v),
                                              tensor({channels}, scale), tensor({tokens, key_tokens}, mask)));
}

// A slice outside the input or a transpose by no permutation fails to load, naming the field, before
// XNNPACK is asked (it would read out of bounds); an XNNPACK without the function is named instead.
BOOST_AUTO_TEST_CASE(slice_and_transpose_parameters_are_checked) {
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({3, 4});
    const auto output = graph.output({2, 2});
    const std::vector<std::uint32_t> offsets{2, 0}, sizes{2, 2};
    graph.node(XNodeUnion::XNNStaticSlice,
               fb_xnnpack::CreateXNNStaticSliceDirect(graph.fbb(), 2, &offsets, &sizes, input, output, 0).Union());
    auto program = xnnpack::load_xnnpack_payload(graph.finish());
    BOOST_TEST_REQUIRE(!program.ok());
    const std::string reason = FBCOMPAT_HAS_XNN_DEFINE_STATIC_SLICE
                                   ? "dimension 0: offset 2 and size 2 do not lie inside the input's 3"
                                   : "the linked XNNPACK has no xnn_define_static_slice";
    BOOST_TEST(program.error().message.find(reason) != std::string::npos, program.error().message);
  }
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({3, 4});
    const auto output = graph.output({4, 3});
    const std::vector<std::uint32_t> perm{1, 1};
    graph.node(XNodeUnion::XNNStaticTranspose,
               fb_xnnpack::CreateXNNStaticTransposeDirect(graph.fbb(), 2, &perm, input, output, 0).Union());
    auto program = xnnpack::load_xnnpack_payload(graph.finish());
    BOOST_TEST_REQUIRE(!program.ok());
    const std::string reason = FBCOMPAT_HAS_XNN_DEFINE_STATIC_TRANSPOSE
                                   ? "perm [1, 1] is not a permutation of the input's 2 dimensions"
                                   : "the linked XNNPACK has no xnn_define_static_transpose";
    BOOST_TEST(program.error().message.find(reason) != std::string::npos, program.error().message);
  }
}

BOOST_AUTO_TEST_SUITE_END()
