// The load-time check against flatbuffers' Verifier alone, on the same XNNPACK graphs of 1,000, 100,000
// and 1,000,000 nodes. Goal: the full check costs at most 1.05x the Verifier.
//
// LoadCheckVsVerifier/N times, in one run and interleaved iteration by iteration (alternating which
// goes first, so neither always finds the other's data in cache):
//   verifier: VerifyXNNGraphBuffer with the check's Verifier limits
//   check:    check_xnnpack_payload (verification and scan in one pass)
//   naive:    VerifyXNNGraphBuffer, then a second walk collecting the same usage (what the check
//             would cost without the one-pass design)
//   one pass: the check's verification with a scan that does nothing (what the composed root table
//             verification costs by itself)
// and reports ns per node for the verifier and the check, and each variant's time over the verifier's.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <vector>

#include "fbcompat/load_check/load_check.h"

namespace {

using namespace fb_xnnpack;
using Clock = std::chrono::steady_clock;

// A graph shaped like an exported model: a mix of convolutions, fully connected, binary and unary
// nodes (some with output bounds), each writing a tensor value; a quarter of the values are quantized.
std::vector<std::uint8_t> build_graph(std::size_t node_count) {
  flatbuffers::FlatBufferBuilder builder(node_count * 160);
  std::vector<flatbuffers::Offset<XValue>> values;
  values.reserve(node_count + 1);
  const std::vector<std::uint32_t> dims{1, 64, 56, 56};
  const std::vector<float> scales{0.5f, 0.25f, 0.125f, 0.0625f};
  for (std::size_t i = 0; i <= node_count; ++i) {
    const auto id = static_cast<std::uint32_t>(i);
    const auto dims_offset = builder.CreateVector(dims);
    if (i % 4 == 3) {
      const auto tensor = CreateXNNTensorValue(builder, XNNDatatype::xnn_datatype_qint8, 4, dims_offset, 0, 0, 0, id);
      const auto scale = builder.CreateVector(scales);
      const auto parameters = CreatePerChannelQuant(builder, scale, 1).Union();
      const auto quantized = CreateXNNQuantizedTensorValue(builder, tensor, XNNQuantParams::PerChannelQuant, parameters);
      values.push_back(CreateXValue(builder, XValueUnion::XNNQuantizedTensorValue, quantized.Union()));
    } else {
      const auto tensor = CreateXNNTensorValue(builder, XNNDatatype::xnn_datatype_fp32, 4, dims_offset, 0, 0, 0, id);
      values.push_back(CreateXValue(builder, XValueUnion::XNNTensorValue, tensor.Union()));
    }
  }
  std::vector<flatbuffers::Offset<XNode>> nodes;
  nodes.reserve(node_count);
  for (std::size_t i = 0; i < node_count; ++i) {
    const auto in = static_cast<std::uint32_t>(i);
    const auto out = in + 1;
    flatbuffers::Offset<OutputMinMax> bounds = 0;
    switch (i % 8) {
      case 0:
      case 4:
        bounds = CreateOutputMinMax(builder, 0.0f, 6.0f);
        nodes.push_back(CreateXNode(builder, XNodeUnion::XNNConv2d,
                                    Create_XNNNodeConv(builder, 1, 1, 1, 1, 3, 3, 1, 1, 1, 1, 64, 64, 1, 0, 0, in, 0,
                                                       0, out)
                                        .Union(),
                                    in, bounds));
        break;
      case 1:
        nodes.push_back(CreateXNode(builder, XNodeUnion::XNNAdd, Create_XNNNode2x1(builder, in, 0, out).Union(), in));
        break;
      case 2:
        nodes.push_back(CreateXNode(builder, XNodeUnion::XNNFullyConnected,
                                    CreateXNNFullyConnected(builder, in, 0, 0, out).Union(), in));
        break;
      case 3:
        bounds = CreateOutputMinMax(builder, -1.0f, 1.0f);
        nodes.push_back(
            CreateXNode(builder, XNodeUnion::XNNClamp, Create_XNNNode1x1(builder, in, out).Union(), in, bounds));
        break;
      case 5:
        nodes.push_back(
            CreateXNode(builder, XNodeUnion::XNNSoftmax, Create_XNNNode1x1(builder, in, out).Union(), in));
        break;
      case 6:
        nodes.push_back(CreateXNode(builder, XNodeUnion::XNNStaticReshape,
                                    CreateXNNStaticReshapeDirect(builder, 4, &dims, in, out).Union(), in));
        break;
      default:
        nodes.push_back(CreateXNode(builder, XNodeUnion::XNNMultiply, Create_XNNNode2x1(builder, in, 0, out).Union(), in));
        break;
    }
  }
  const std::vector<std::uint32_t> inputs{0};
  const std::vector<std::uint32_t> outputs{static_cast<std::uint32_t>(node_count)};
  FinishXNNGraphBuffer(builder, CreateXNNGraphDirect(builder, "bench", &nodes, &values, 1, &inputs, &outputs));
  return std::vector<std::uint8_t>(builder.GetBufferPointer(), builder.GetBufferPointer() + builder.GetSize());
}

const std::vector<std::uint8_t>& graph(std::size_t node_count) {
  static std::map<std::size_t, std::vector<std::uint8_t>> graphs;
  auto it = graphs.find(node_count);
  if (it == graphs.end()) it = graphs.emplace(node_count, build_graph(node_count)).first;
  return it->second;
}

// The newest version's runtime.
const fbcompat::RuntimeProfile& runtime() { return fbcompat::xnnpack_profiles::kFamily.newest(); }

bool verify_only(const std::vector<std::uint8_t>& buffer) {
  flatbuffers::Verifier verifier(buffer.data(), buffer.size(), fbcompat::load_check_verifier_options(buffer.size()));
  return VerifyXNNGraphBuffer(verifier);
}

bool check(const std::vector<std::uint8_t>& buffer) {
  return fbcompat::check_xnnpack_payload(buffer.data(), buffer.size(), runtime()).loadable();
}

// The check's one-pass verification with a scan that does nothing: what the composed root table
// verification costs by itself, compared with the generated XNNGraph::Verify.
struct NoScan {
  void graph(const XNNGraph*) {}
  void node(const XNode*) {}
  void value(const XValue*) {}
  void buffer(const Buffer*) {}
  void constant(const ConstantDataOffset*) {}
  void finish(const XNNGraph*) {}
};

bool verify_one_pass(const std::vector<std::uint8_t>& buffer) {
  flatbuffers::Verifier verifier(buffer.data(), buffer.size(), fbcompat::load_check_verifier_options(buffer.size()));
  NoScan scanner;
  fbcompat::VerificationFailure failure;
  return fbcompat::verify_and_scan_graph(verifier, buffer.data(), buffer.size(), scanner, failure);
}

bool verify_then_walk(const std::vector<std::uint8_t>& buffer) {
  if (!verify_only(buffer)) return false;
  fbcompat::GraphUsage usage;
  fbcompat::GraphScanner scanner(runtime(), usage);
  fbcompat::scan_verified_graph(GetXNNGraph(buffer.data()), scanner);
  benchmark::DoNotOptimize(usage);
  return true;
}

template <typename F>
double seconds(F&& f, const std::vector<std::uint8_t>& buffer) {
  const auto start = Clock::now();
  const bool ok = f(buffer);
  const auto stop = Clock::now();
  if (!ok) std::fprintf(stderr, "load_check_bench: the graph did not pass\n");
  return std::chrono::duration<double>(stop - start).count();
}

void LoadCheckVsVerifier(benchmark::State& state) {
  const auto node_count = static_cast<std::size_t>(state.range(0));
  const std::vector<std::uint8_t>& buffer = graph(node_count);
  using Variant = bool (*)(const std::vector<std::uint8_t>&);
  constexpr Variant kVariants[] = {verify_only, check, verify_then_walk, verify_one_pass};
  constexpr std::size_t kCount = sizeof(kVariants) / sizeof(kVariants[0]);
  double seconds_of[kCount] = {};
  std::size_t round = 0;
  for (auto _ : state) {
    // Rotate the order so that no variant always runs on data the previous one left in cache.
    for (std::size_t i = 0; i < kCount; ++i) {
      const std::size_t variant = (round + i) % kCount;
      seconds_of[variant] += seconds(kVariants[variant], buffer);
    }
    ++round;
  }
  const double per_node = 1e9 / static_cast<double>(round) / static_cast<double>(node_count);
  state.counters["verifier_ns_per_node"] = seconds_of[0] * per_node;
  state.counters["check_ns_per_node"] = seconds_of[1] * per_node;
  state.counters["check_ratio"] = seconds_of[1] / seconds_of[0];
  state.counters["naive_ratio"] = seconds_of[2] / seconds_of[0];
  state.counters["one_pass_verify_ratio"] = seconds_of[3] / seconds_of[0];
  state.counters["buffer_MB"] = static_cast<double>(buffer.size()) / 1e6;
}

}  // namespace

BENCHMARK(LoadCheckVsVerifier)->Arg(1000)->MinTime(2.0)->Unit(benchmark::kMillisecond);
BENCHMARK(LoadCheckVsVerifier)->Arg(100000)->MinTime(3.0)->Unit(benchmark::kMillisecond);
BENCHMARK(LoadCheckVsVerifier)->Arg(1000000)->MinTime(6.0)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
