// Bad payloads come back from the reference runtime as Errors naming the problem, never as a crash:
// damaged bytes, truncation, wrong identifiers, and well-formed flatbuffers describing graphs that
// XNNPACK would otherwise trust (inconsistent shapes, dangling ids, constants out of range).
#include <boost/test/unit_test.hpp>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "fbcompat/xnnpack/runtime/reference_runtime.h"
#include "support/xnnpack_graph_builder.h"

using namespace fbcompat;
using namespace fbcompat::test;
using fb_xnnpack::XNodeUnion;

namespace {

std::string load_error(const std::vector<std::uint8_t>& payload) {
  auto program = xnnpack::load_xnnpack_payload(payload);
  BOOST_TEST_REQUIRE(!program.ok(), "the payload loaded");
  return program.error().message;
}

// input [1,2,2,4] -> conv 1x1 (weights from the constant data) -> depth-to-space -> output [1,4,4,1].
std::vector<std::uint8_t> sample_payload(bool header = true) {
  XnnGraphBuilder graph(header ? XnnGraphBuilder::ConstantStorage::Segment : XnnGraphBuilder::ConstantStorage::ConstantBuffer);
  const auto input = graph.input({1, 2, 2, 4});
  std::vector<float> weights(16, 0.0f);
  for (int i = 0; i < 4; ++i) weights[i * 4 + i] = 1.0f;
  const auto filter = graph.constant({4, 1, 1, 4}, weights);
  const auto bias = graph.constant({4}, {0, 0, 0, 0});
  const auto middle = graph.internal({1, 2, 2, 4});
  const auto output = graph.output({1, 4, 4, 1});
  graph.node(XNodeUnion::XNNConv2d, fb_xnnpack::Create_XNNNodeConv(graph.fbb(), 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 4, 4, 1,
                                                                   0, 0, input, filter, bias, middle, 0)
                                        .Union(),
             std::make_pair(-100.0f, 100.0f));
  graph.node(XNodeUnion::XNNDepthToSpace2d, fb_xnnpack::CreateXNNDepthToSpace2d(graph.fbb(), middle, output, 2, 0).Union());
  return graph.finish({header, "XN01"});
}

flatbuffers::Offset<void> conv(XnnGraphBuilder& graph, std::uint32_t pad, std::uint32_t kernel, std::uint32_t stride,
                               std::uint32_t group_in, std::uint32_t group_out, std::uint32_t input,
                               std::uint32_t filter, std::uint32_t bias, std::uint32_t output) {
  return fb_xnnpack::Create_XNNNodeConv(graph.fbb(), pad, pad, pad, pad, kernel, kernel, stride, stride, 1, 1, group_in,
                                        group_out, 1, 0, 0, input, filter, bias, output, 0)
      .Union();
}

// Graphs covering most node families, value kinds and both constant storages, for random damage.
std::vector<std::vector<std::uint8_t>> varied_payloads() {
  std::vector<std::vector<std::uint8_t>> payloads{sample_payload(true), sample_payload(false)};
  {
    XnnGraphBuilder graph(XnnGraphBuilder::ConstantStorage::ConstantBuffer);
    const auto input = graph.input({2, 3});
    const auto filter = graph.constant({2, 3}, {1, 2, 3, 4, 5, 6});
    const auto bias = graph.constant({2}, {1, 1});
    const auto linear = graph.internal({2, 2});
    const auto flat = graph.internal({1, 4});
    const auto output = graph.output({1, 4});
    graph.node(XNodeUnion::XNNFullyConnected,
               fb_xnnpack::CreateXNNFullyConnected(graph.fbb(), input, filter, bias, linear, 0).Union());
    const std::vector<std::uint32_t> shape{1, 4};
    graph.node(XNodeUnion::XNNStaticReshape,
               fb_xnnpack::CreateXNNStaticReshapeDirect(graph.fbb(), 2, &shape, linear, flat, 0).Union());
    graph.node(XNodeUnion::XNNSoftmax, graph.node1x1(flat, output));
    payloads.push_back(graph.finish({false, "XN00"}));
  }
  {
    XnnGraphBuilder graph;
    const std::int8_t filter_bytes[2] = {4, 8};
    const std::int32_t bias_bytes[2] = {2, 4};
    const auto input = graph.quantized(fb_xnnpack::XNNDatatype::xnn_datatype_qint8, {1, 1, 2, 1}, 1.0f, 0, 1, 0, 0);
    const auto filter = graph.channelwise(fb_xnnpack::XNNDatatype::xnn_datatype_qcint8, {2, 1, 1, 1}, {0.5f, 0.25f}, 0,
                                          graph.add_constant_bytes(filter_bytes, sizeof filter_bytes));
    const auto bias = graph.channelwise(fb_xnnpack::XNNDatatype::xnn_datatype_qcint32, {2}, {0.5f, 0.25f}, 0,
                                        graph.add_constant_bytes(bias_bytes, sizeof bias_bytes));
    const auto output = graph.quantized(fb_xnnpack::XNNDatatype::xnn_datatype_qint8, {1, 1, 2, 2}, 1.0f, 0, 2, 1, 0);
    graph.node(XNodeUnion::XNNConv2d, conv(graph, 0, 1, 1, 1, 2, input, filter, bias, output));
    payloads.push_back(graph.finish());
  }
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({1, 2, 2, 2});
    const auto slope = graph.constant({2}, {0.1f, 0.2f});
    const auto activated = graph.internal({1, 2, 2, 2});
    const auto padded = graph.internal({1, 3, 3, 2});
    const auto resized = graph.internal({1, 4, 4, 2});
    const auto pooled = graph.output({1, 1, 1, 2});
    const auto sum = graph.output({1, 2, 2, 2});
    graph.node(XNodeUnion::XNNPReLU, graph.node2x1(input, slope, activated));
    const std::vector<std::uint32_t> before{0, 1, 0, 0}, after{0, 0, 1, 0};
    graph.node(XNodeUnion::XNNStaticConstantPad,
               fb_xnnpack::CreateXNNStaticConstantPadDirect(graph.fbb(), &before, &after, 1.0f, activated, padded, 0).Union());
    graph.node(XNodeUnion::XNNStaticResizeBilinear2D,
               fb_xnnpack::CreateXNNStaticResizeBilinear2D(graph.fbb(), 4, 4, padded, resized, 0).Union());
    graph.node(XNodeUnion::XNNGlobalAvgPooling2d, graph.node1x1(resized, pooled));
    graph.node(XNodeUnion::XNNAdd, graph.node2x1(input, activated, sum), std::make_pair(0.0f, 1.0f));
    payloads.push_back(graph.finish());
  }
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({1, 2, 4, 1});
    const auto filter = graph.constant({1, 2, 2, 1}, {1, 1, 1, 1});
    const auto depthwise_filter = graph.constant({1, 2, 2, 1}, {1, 2, 3, 4});
    const auto upsampled = graph.internal({1, 4, 8, 1});
    const auto smoothed = graph.internal({1, 3, 7, 1});
    const auto output = graph.output({1, 3, 7, 1});
    const auto maxima = graph.output({1, 1, 2, 1});
    const auto indices = graph.external_tensor(fb_xnnpack::XNNDatatype::xnn_datatype_fp32, {1, 1, 2, 1}, 2);
    graph.node(XNodeUnion::XNNConvTranspose2d, conv(graph, 0, 2, 2, 1, 1, input, filter, XnnGraphBuilder::kNoValue, upsampled));
    graph.node(XNodeUnion::XNNDepthwiseConv2d,
               conv(graph, 0, 2, 1, 1, 1, upsampled, depthwise_filter, XnnGraphBuilder::kNoValue, smoothed));
    graph.node(XNodeUnion::XNNELU, fb_xnnpack::CreateXNNELU(graph.fbb(), 1.0f, smoothed, output, 0).Union());
    graph.node(XNodeUnion::XNNArgMaxPooling2d,
               fb_xnnpack::CreateXNNArgMaxPooling2d(graph.fbb(), 0, 0, 0, 0, 2, 2, input, maxima, indices, 0).Union());
    payloads.push_back(graph.finish());
  }
  return payloads;
}

// Loads whatever the bytes are and, when they load, runs them once: neither may crash.
void load_and_maybe_run(const std::vector<std::uint8_t>& payload) {
  auto program = xnnpack::load_xnnpack_payload(payload);
  if (!program) {
    BOOST_TEST(!program.error().message.empty());
    return;
  }
  std::vector<std::vector<std::uint8_t>> buffers;
  std::vector<xnnpack::LoadedProgram::Binding> bindings;
  for (const auto& input : program->inputs()) {
    buffers.emplace_back(input.byte_size() + xnnpack::kInputPaddingBytes, 1);
    bindings.push_back({input.external_id, buffers.back().data()});
  }
  for (const auto& output : program->outputs()) {
    buffers.emplace_back(output.byte_size(), 0);
    bindings.push_back({output.external_id, buffers.back().data()});
  }
  auto status = program->run_in_place(bindings);
  if (!status) BOOST_TEST(!status.error().message.empty());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(xnnpack_payload_errors)

BOOST_AUTO_TEST_CASE(the_sample_payload_loads_and_runs) {
  for (const bool header : {true, false}) {
    auto program = xnnpack::load_xnnpack_payload(sample_payload(header));
    BOOST_TEST_REQUIRE(program.ok(), (program.ok() ? "" : program.error().message));
    std::vector<float> input(16);
    for (int i = 0; i < 16; ++i) input[i] = static_cast<float>(i);
    auto outputs = program->run({{0, input}});
    BOOST_TEST_REQUIRE(outputs.ok());
    // Identity conv, then depth-to-space of 2x2 pixels with 4 channels each.
    const std::vector<float> expected{0, 1, 4, 5, 2, 3, 6, 7, 8, 9, 12, 13, 10, 11, 14, 15};
    BOOST_TEST(outputs->at(1) == expected, boost::test_tools::per_element());
  }
}

BOOST_AUTO_TEST_CASE(too_short_and_garbage) {
  BOOST_TEST(load_error({}) == "payload too small to hold a flatbuffer");
  BOOST_TEST(load_error({1, 2, 3}) == "payload too small to hold a flatbuffer");
  BOOST_TEST(load_error(std::vector<std::uint8_t>(64, 0xAB)) ==
             "the flatbuffer's identifier is '\\xab\\xab\\xab\\xab'; an XNNPACK graph has XN00 or XN01");
  std::vector<std::uint8_t> wrong_identifier = sample_payload(false);
  std::memcpy(wrong_identifier.data() + 4, "ET12", 4);
  BOOST_TEST(load_error(wrong_identifier) == "the flatbuffer's identifier is 'ET12'; an XNNPACK graph has XN00 or XN01");
  std::vector<std::uint8_t> broken_root = sample_payload(false);
  broken_root[2] = 0x7F;  // the root offset points far past the end
  BOOST_TEST(load_error(broken_root) == "the flatbuffer is not a valid XNNGraph (flatbuffers::Verifier rejected it)");
}

BOOST_AUTO_TEST_CASE(header_fields_out_of_range) {
  std::vector<std::uint8_t> payload = sample_payload();
  std::vector<std::uint8_t> short_header = payload;
  short_header[8] = 12;  // header length below 30
  BOOST_TEST(load_error(short_header) == "XH00 header length is below 30 bytes or past the payload");
  std::vector<std::uint8_t> flatbuffer_past_end = payload;
  flatbuffer_past_end[17] = 0x10;  // flatbuffer size ~ 256 MiB
  BOOST_TEST(load_error(flatbuffer_past_end) == "XH00 header's flatbuffer offset or size is out of range");
  std::vector<std::uint8_t> constants_past_end = payload;
  constants_past_end[26] = 0x01;  // constant data size ~ 4 GiB
  BOOST_TEST(load_error(constants_past_end) == "XH00 header's constant data offset or size is out of range");
}

// Every prefix of a valid payload is rejected cleanly.
BOOST_AUTO_TEST_CASE(every_truncation_is_an_error) {
  for (const bool header : {true, false}) {
    const std::vector<std::uint8_t> payload = sample_payload(header);
    for (std::size_t length = 0; length < payload.size(); ++length) {
      const std::vector<std::uint8_t> prefix(payload.begin(), payload.begin() + static_cast<std::ptrdiff_t>(length));
      auto program = xnnpack::load_xnnpack_payload(prefix);
      BOOST_TEST(!program.ok(), "a payload cut to " << length << " of " << payload.size() << " bytes loaded");
    }
  }
}

// Every byte of a valid payload damaged three ways: each variant either fails to load with a message
// or loads and runs. (Built with -fsanitize=address,undefined, this is also a memory-safety test.)
BOOST_AUTO_TEST_CASE(damaged_bytes_never_crash) {
  for (const bool header : {true, false}) {
    const std::vector<std::uint8_t> payload = sample_payload(header);
    for (std::size_t at = 0; at < payload.size(); ++at) {
      for (const std::uint8_t replacement : {std::uint8_t(0x00), std::uint8_t(0xFF), std::uint8_t(payload[at] ^ 0x01)}) {
        if (replacement == payload[at]) continue;
        std::vector<std::uint8_t> damaged = payload;
        damaged[at] = replacement;
        load_and_maybe_run(damaged);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(the_varied_payloads_load) {
  for (const auto& payload : varied_payloads()) {
    auto program = xnnpack::load_xnnpack_payload(payload);
    BOOST_TEST(program.ok(), (program.ok() ? "" : program.error().message));
  }
}

// Random damage (1 to 4 bytes, several ways) to the varied payloads, with a fixed seed.
BOOST_AUTO_TEST_CASE(random_damage_never_crashes) {
  const auto payloads = varied_payloads();
  std::mt19937 random(20240601);
  for (int iteration = 0; iteration < 5000; ++iteration) {
    std::vector<std::uint8_t> damaged = payloads[random() % payloads.size()];
    for (std::uint32_t count = 1 + random() % 4; count > 0; --count) {
      std::uint8_t& byte = damaged[random() % damaged.size()];
      switch (random() % 4) {
        case 0: byte = static_cast<std::uint8_t>(random()); break;
        case 1: byte ^= static_cast<std::uint8_t>(1u << (random() % 8)); break;
        case 2: byte = 0; break;
        default: ++byte; break;
      }
    }
    load_and_maybe_run(damaged);
  }
}

BOOST_AUTO_TEST_CASE(unknown_and_missing_node_types) {
  {
    // A type id past the newest member: what a program from a newer exporter looks like to this runtime.
    XnnGraphBuilder graph;
    const auto input = graph.input({2});
    const auto output = graph.output({2});
    graph.node(static_cast<XNodeUnion>(49), graph.node1x1(input, output));
    BOOST_TEST(load_error(graph.finish()) ==
               "node 0 has type id 49, which is no XNodeUnion member this runtime knows (it knows type ids 1 to 48)");
  }
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({2});
    const auto output = graph.output({2});
    graph.node(XNodeUnion::XNNAbs, flatbuffers::Offset<void>());
    (void)input;
    (void)output;
    BOOST_TEST(load_error(graph.finish()) == "node 0 (XNNAbs, type id 30): its payload table is missing");
  }
}

BOOST_AUTO_TEST_CASE(values_that_xnnpack_would_trust) {
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({2});
    graph.output({2});
    graph.node(XNodeUnion::XNNAbs, graph.node1x1(input, 17));
    BOOST_TEST(load_error(graph.finish()) ==
               "node 0 (XNNAbs): its output refers to value 17, which the graph does not define");
  }
  {
    // The declared output is smaller than what the convolution computes.
    XnnGraphBuilder graph;
    const auto input = graph.input({1, 4, 4, 1});
    const auto filter = graph.constant({1, 3, 3, 1}, std::vector<float>(9, 1.0f));
    const auto output = graph.output({1, 1, 1, 1});
    graph.node(XNodeUnion::XNNConv2d,
               fb_xnnpack::Create_XNNNodeConv(graph.fbb(), 0, 0, 0, 0, 3, 3, 1, 1, 1, 1, 1, 1, 1, 0, 0, input, filter,
                                              XnnGraphBuilder::kNoValue, output, 0)
                   .Union());
    BOOST_TEST(load_error(graph.finish()) ==
               "node 0 (XNNConv2d): output value 2 has dims [1, 1, 1, 1], but XNNConv2d computes [1, 2, 2, 1]");
  }
  {
    // A filter XNNPACK must pack when it creates the runtime, but without data.
    XnnGraphBuilder graph;
    const auto input = graph.input({1, 3});
    const auto filter = graph.internal({2, 3});
    const auto output = graph.output({1, 2});
    graph.node(XNodeUnion::XNNFullyConnected,
               fb_xnnpack::CreateXNNFullyConnected(graph.fbb(), input, filter, XnnGraphBuilder::kNoValue, output, 0).Union());
    BOOST_TEST(load_error(graph.finish()) ==
               "node 0 (XNNFullyConnected): filter value 1 has no constant data; the linked XNNPACK needs a static "
               "filter for xnn_define_fully_connected");
  }
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({1, 2, 2, 3});
    const auto output = graph.output({1, 4, 4, 1});
    graph.node(XNodeUnion::XNNDepthToSpace2d, fb_xnnpack::CreateXNNDepthToSpace2d(graph.fbb(), input, output, 2, 0).Union());
    BOOST_TEST(load_error(graph.finish()) ==
               "node 0 (XNNDepthToSpace2d): input value 0 has 3 channels, not a multiple of block_size^2 = 4");
  }
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({2, 3});
    const auto other = graph.input({4, 3});
    const auto output = graph.output({4, 3});
    graph.node(XNodeUnion::XNNAdd, graph.node2x1(input, other, output));
    BOOST_TEST(load_error(graph.finish()) == "node 0 (XNNAdd): input dims [2, 3] and [4, 3] do not broadcast");
  }
}

// The graph's dataflow: what the linked XNNPACK would assert on, or silently read as garbage.
BOOST_AUTO_TEST_CASE(dataflow_that_xnnpack_cannot_run) {
  {
    // The convolution's output is read by nobody: XNNPACK gives it no memory and asserts in setup.
    XnnGraphBuilder graph;
    const auto input = graph.input({1, 1, 1, 4});
    const auto filter = graph.constant({4, 1, 1, 4}, std::vector<float>(16, 1.0f));
    const auto dead = graph.internal({1, 1, 1, 4});
    const auto output = graph.output({1, 2, 2, 1});
    graph.node(XNodeUnion::XNNConv2d, fb_xnnpack::Create_XNNNodeConv(graph.fbb(), 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 4, 4, 1, 0,
                                                                     0, input, filter, XnnGraphBuilder::kNoValue, dead, 0)
                                          .Union());
    graph.node(XNodeUnion::XNNDepthToSpace2d, fb_xnnpack::CreateXNNDepthToSpace2d(graph.fbb(), input, output, 2, 0).Union());
    BOOST_TEST(load_error(graph.finish()) ==
               "node 0 writes value 2, which no node reads and which is not an output; the linked XNNPACK gives such a "
               "value no memory");
  }
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({2});
    const auto middle = graph.internal({2});
    const auto output = graph.output({2});
    graph.node(XNodeUnion::XNNAbs, graph.node1x1(middle, output));
    graph.node(XNodeUnion::XNNNegate, graph.node1x1(input, middle));
    BOOST_TEST(load_error(graph.finish()) == "node 0 reads value 1 before node 1 writes it");
  }
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({2});
    const auto middle = graph.internal({2});
    const auto output = graph.output({2});
    graph.node(XNodeUnion::XNNAdd, graph.node2x1(input, middle, output));
    BOOST_TEST(load_error(graph.finish()) ==
               "node 0 reads value 1, which no node writes and which is neither an input nor a constant");
  }
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({2});
    const auto output = graph.output({2});
    graph.node(XNodeUnion::XNNAbs, graph.node1x1(input, output));
    graph.node(XNodeUnion::XNNNegate, graph.node1x1(input, output));
    BOOST_TEST(load_error(graph.finish()) == "value 1 is written by node 0 and again by node 1");
  }
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({2});
    const auto output = graph.output({2});
    const auto second = graph.output({2});
    graph.node(XNodeUnion::XNNAbs, graph.node1x1(input, output));
    (void)second;
    BOOST_TEST(load_error(graph.finish()) == "output value 2 is written by no node");
  }
}

BOOST_AUTO_TEST_CASE(tensor_values_out_of_bounds) {
  {
    // The constant's entry says 8 bytes; the tensor needs 4 floats.
    XnnGraphBuilder graph;
    const auto input = graph.input({4});
    const float two[2] = {1, 2};
    const auto constant = graph.tensor(fb_xnnpack::XNNDatatype::xnn_datatype_fp32, {4}, 0, XnnGraphBuilder::kNoValue,
                                       graph.add_constant_bytes(two, sizeof two));
    const auto output = graph.output({4});
    graph.node(XNodeUnion::XNNAdd, graph.node2x1(input, constant, output));
    BOOST_TEST(load_error(graph.finish()) == "xvalues[1]: its constant data has 8 bytes; the tensor needs 16");
  }
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({4});
    const auto constant = graph.tensor(fb_xnnpack::XNNDatatype::xnn_datatype_fp32, {4}, 0, XnnGraphBuilder::kNoValue, 5);
    const auto output = graph.output({4});
    graph.node(XNodeUnion::XNNAdd, graph.node2x1(input, constant, output));
    // constant_data always has its "no data" entry 0.
    BOOST_TEST(load_error(graph.finish()) == "xvalues[1]: constant_buffer_idx 5 is past the 1 entries of XNNGraph.constant_data");
  }
  {
    XnnGraphBuilder graph(XnnGraphBuilder::ConstantStorage::ConstantBuffer);
    const auto input = graph.input({4});
    const auto constant = graph.tensor(fb_xnnpack::XNNDatatype::xnn_datatype_fp32, {4}, 0, XnnGraphBuilder::kNoValue, 5);
    const auto output = graph.output({4});
    graph.node(XNodeUnion::XNNAdd, graph.node2x1(input, constant, output));
    BOOST_TEST(load_error(graph.finish({false, "XN00"})) ==
               "xvalues[1]: constant_buffer_idx 5 is past the 1 entries of XNNGraph.constant_buffer (a payload without "
               "an XH00 header keeps its constants there)");
  }
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({65536, 65536});
    const auto output = graph.output({65536, 65536});
    graph.node(XNodeUnion::XNNAbs, graph.node1x1(input, output));
    BOOST_TEST(load_error(graph.finish()) == "xvalues[0]: its dims ask for more than 268435456 bytes (the limit)");
  }
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({2, 0});
    const auto output = graph.output({2});
    graph.node(XNodeUnion::XNNAbs, graph.node1x1(input, output));
    BOOST_TEST(load_error(graph.finish()) == "xvalues[0]: dimension 1 is 0");
  }
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({2});
    const auto output = graph.output({2});
    graph.node(XNodeUnion::XNNAbs, graph.node1x1(input, output));
    graph.set_num_externs(1);  // the output's external id 1 is not below it
    BOOST_TEST(load_error(graph.finish()) == "xvalues[1]: external id 1 is not below num_externs 1");
  }
  {
    XnnGraphBuilder graph;
    const auto input = graph.input({2});
    const auto output = graph.output({2});
    graph.node(XNodeUnion::XNNAbs, graph.node1x1(input, output));
    graph.set_num_externs(5000);
    BOOST_TEST(load_error(graph.finish()) == "num_externs is 5000, more than the 4096 a graph may have");
  }
  {
    XnnGraphBuilder graph;
    const auto input = graph.tensor(fb_xnnpack::XNNDatatype::xnn_datatype_qcint4, {2}, 1, 0, 0);
    const auto output = graph.output({2});
    graph.node(XNodeUnion::XNNAbs, graph.node1x1(input, output));
    BOOST_TEST(load_error(graph.finish()) ==
               "xvalues[0]: datatype xnn_datatype_qcint4 (8) is not one the linked XNNPACK has");
  }
}

BOOST_AUTO_TEST_SUITE_END()
