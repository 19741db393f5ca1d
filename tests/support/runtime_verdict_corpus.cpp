#include "support/runtime_verdict_corpus.h"

#include <utility>

#include "support/corpus_program.h"
#include "support/xnnpack_graph_builder.h"

namespace fbcompat::test {
namespace {

namespace fx = fb_xnnpack;
using Bytes = std::vector<std::uint8_t>;
using Dims = XnnGraphBuilder::Dims;
using fx::XNNDatatype;
using fx::XNodeUnion;

constexpr std::uint32_t kNoValue = XnnGraphBuilder::kNoValue;

Bytes program_of(Bytes payload) {
  CorpusProgram program;
  program.delegate = CorpusDelegate{};
  program.delegate->payload = std::move(payload);
  return build_corpus_program(program);
}

VerdictExpectation loads(const char* release) { return {release, ProgramVerdict::Loads, {}, {}, "", {}}; }

VerdictExpectation refused(const char* release, LoadStage stage, RuntimeError error, std::string says,
                           PayloadPlace place = {}) {
  return {release, ProgramVerdict::Refused, stage, error, std::move(says), place};
}

VerdictExpectation crash(const char* release, LoadStage stage, std::string says) {
  return refused(release, stage, RuntimeError::Crash, std::move(says));
}

VerdictExpectation checks(const char* release, RuntimeError error, std::string says) {
  return refused(release, LoadStage::DelegateChecks, error, std::move(says));
}

VerdictExpectation crashes_when_run(const char* release, LoadStage stage, std::string says) {
  return {release, ProgramVerdict::LoadsThenCrashes, stage, {}, std::move(says), {}};
}

// One input, one output of `dims`, and one node of `type` from the one to the other.
Bytes one_node(XNodeUnion type, const Dims& dims = {2, 3}) {
  XnnGraphBuilder graph;
  const std::uint32_t input = graph.input(dims);
  const std::uint32_t output = graph.output(dims);
  graph.node(type, graph.node1x1(input, output));
  return graph.finish();
}

// A graph whose one node is built by `payload` from an input and an output of the given shapes.
template <typename Payload>
Bytes with_node(XNodeUnion type, const Dims& in, const Dims& out, Payload payload) {
  XnnGraphBuilder graph;
  const std::uint32_t input = graph.input(in);
  const std::uint32_t output = graph.output(out);
  graph.node(type, payload(graph, input, output));
  return graph.finish();
}

// A value of `datatype` and dims {2, 3} between an input and an output's abs nodes, with a dq_datatype.
Bytes with_dq_datatype(XNNDatatype dq, std::uint32_t flags) {
  XnnGraphBuilder graph;
  const Dims dims{2, 3};
  const std::uint32_t id = graph.next_value();
  auto value = fx::CreateXNNTensorValueDirect(graph.fbb(), XNNDatatype::xnn_datatype_fp32, 2, &dims, 0,
                                              flags == 1 ? 0 : kNoValue, flags, id, dq);
  graph.value(value.Union(), fx::XValueUnion::XNNTensorValue);
  const std::uint32_t output = graph.output(dims);
  graph.node(XNodeUnion::XNNAbs, graph.node1x1(id, output));
  if (flags != 1) graph.set_num_externs(2);
  return graph.finish();
}

// A quantized value built by `quantization` (its tensor: `datatype`, `dims`, constant `constant`).
template <typename Quantization>
Bytes with_quantized(XNNDatatype datatype, const Dims& dims, bool constant, fx::XNNQuantParams kind,
                     Quantization quantization) {
  XnnGraphBuilder graph;
  const std::uint32_t data = constant ? graph.add_constant_bytes(std::vector<std::uint8_t>(64, 1).data(), 64) : 0;
  const std::uint32_t id = graph.next_value();
  auto tensor = fx::CreateXNNTensorValueDirect(graph.fbb(), datatype, static_cast<std::uint32_t>(dims.size()), &dims,
                                               data, kNoValue, 0, id);
  auto params = quantization(graph.fbb());
  auto value = fx::CreateXNNQuantizedTensorValue(graph.fbb(), tensor, kind, params);
  graph.value(value.Union(), fx::XValueUnion::XNNQuantizedTensorValue);
  const std::uint32_t input = graph.input({2});
  const std::uint32_t output = graph.output({2});
  graph.node(XNodeUnion::XNNAbs, graph.node1x1(input, output));
  return graph.finish();
}

std::vector<VerdictCase> node_type_cases() {
  std::vector<VerdictCase> cases;
  cases.push_back({"abs", "a node every release defines", program_of(one_node(XNodeUnion::XNNAbs)),
                   {loads("0.2.0"), loads("1.2.0"), loads("1.4.1")}});
  // XNNDepthToSpace2d came after 1.4.1: inspect and load-check must both refuse it there.
  cases.push_back({"node_type_48", "a node type no release defines (XNNDepthToSpace2d, the seed's case)",
                   program_of(with_node(XNodeUnion::XNNDepthToSpace2d, {1, 2, 2, 4}, {1, 4, 4, 1},
                                        [](XnnGraphBuilder& g, std::uint32_t in, std::uint32_t out) {
                                          return fx::CreateXNNDepthToSpace2d(g.fbb(), in, out, 2, 0).Union();
                                        })),
                   {checks("1.4.1", RuntimeError::NotImplemented, "node type 48"),
                    checks("0.7.0", RuntimeError::NotImplemented, "no ExecuTorch release up to 1.4.1 defines it")}});
  cases.push_back({"node_exp", "a node type from 0.7.0", program_of(one_node(XNodeUnion::XNNExp)),
                   {checks("0.6.0", RuntimeError::NotImplemented, "releases from 0.7.0 define it"), loads("0.7.0"),
                    loads("1.4.1")}});
  cases.push_back({"node_copy", "a node type from 1.1.0", program_of(one_node(XNodeUnion::XNNCopy)),
                   {checks("1.0.0", RuntimeError::NotImplemented, "node type 46"), loads("1.1.0")}});
  cases.push_back({"node_sdpa", "a node type 0.7.0 removed (XNNScaledDotProductAttention)",
                   program_of(one_node(XNodeUnion::XNNScaledDotProductAttention)),
                   {checks("0.7.0", RuntimeError::NotImplemented, "releases 0.2.0 up to 0.7.0 defined it"),
                    checks("1.4.1", RuntimeError::NotImplemented, "node type 36")}});
  return cases;
}

std::vector<VerdictCase> node_field_cases() {
  std::vector<VerdictCase> cases;
  {
    XnnGraphBuilder graph;
    const std::uint32_t input = graph.input({2});
    graph.output({2});
    graph.node(XNodeUnion::XNNAbs, graph.node1x1(input, 7));
    cases.push_back({"remapped_id_missing", "a node naming a value id no value defines", program_of(graph.finish()),
                     {checks("1.4.1", RuntimeError::Internal, "output_id is value id 7"),
                      checks("1.3.0", RuntimeError::Internal, "no value of the graph defines"),
                      crash("1.2.0", LoadStage::DelegateChecks, "std::terminate")}});
  }
  const auto transpose = [](std::optional<std::vector<std::uint32_t>> perm, std::uint32_t num_dims) {
    return [perm, num_dims](XnnGraphBuilder& g, std::uint32_t in, std::uint32_t out) {
      return fx::CreateXNNStaticTransposeDirect(g.fbb(), num_dims, perm ? &*perm : nullptr, in, out, 0).Union();
    };
  };
  cases.push_back({"transpose_without_perm", "a static transpose without perm",
                   program_of(with_node(XNodeUnion::XNNStaticTranspose, {2, 3}, {3, 2}, transpose(std::nullopt, 2))),
                   {checks("1.4.1", RuntimeError::InvalidProgram, "perm is missing"),
                    crash("1.2.0", LoadStage::DelegateChecks, "perm is missing")}});
  cases.push_back({"transpose_perm_shorter_than_num_dims", "num_dims past a transpose's perm (read before 1.3.0)",
                   program_of(with_node(XNodeUnion::XNNStaticTranspose, {2, 3}, {3, 2},
                                        transpose(std::vector<std::uint32_t>{1, 0}, 3))),
                   {crash("1.2.0", LoadStage::DelegateChecks, "reading past the list"), loads("1.3.0"), loads("1.4.1")}});
  cases.push_back({"slice_offsets_and_sizes_differ", "a static slice whose offsets and sizes differ in length",
                   program_of(with_node(XNodeUnion::XNNStaticSlice, {2, 3}, {1, 3},
                                        [](XnnGraphBuilder& g, std::uint32_t in, std::uint32_t out) {
                                          const std::vector<std::uint32_t> offsets{0};
                                          const std::vector<std::uint32_t> sizes{1, 3};
                                          return fx::CreateXNNStaticSliceDirect(g.fbb(), 2, &offsets, &sizes, in, out, 0)
                                              .Union();
                                        })),
                   {checks("1.4.1", RuntimeError::InvalidProgram, "offsets has 1 entries and sizes 2")}});
  cases.push_back({"reshape_without_new_shape", "a static reshape without new_shape",
                   program_of(with_node(XNodeUnion::XNNStaticReshape, {2, 3}, {3, 2},
                                        [](XnnGraphBuilder& g, std::uint32_t in, std::uint32_t out) {
                                          return fx::CreateXNNStaticReshapeDirect(g.fbb(), 2, nullptr, in, out, 0).Union();
                                        })),
                   {checks("1.4.1", RuntimeError::InvalidProgram, "new_shape is missing")}});
  cases.push_back({"pad_without_post_paddings", "a constant pad without post_paddings",
                   program_of(with_node(XNodeUnion::XNNStaticConstantPad, {2, 3}, {3, 4},
                                        [](XnnGraphBuilder& g, std::uint32_t in, std::uint32_t out) {
                                          const std::vector<std::uint32_t> before{1, 1};
                                          return fx::CreateXNNStaticConstantPadDirect(g.fbb(), &before, nullptr, 0.0f, in,
                                                                                      out, 0)
                                              .Union();
                                        })),
                   {checks("1.4.1", RuntimeError::InvalidProgram, "post_paddings is missing")}});
  cases.push_back({"depthwise_group_input_channels_0", "a depthwise convolution with 0 input channels per group",
                   program_of(with_node(XNodeUnion::XNNDepthwiseConv2d, {1, 3, 3, 2}, {1, 3, 3, 2},
                                        [](XnnGraphBuilder& g, std::uint32_t in, std::uint32_t out) {
                                          fx::_XNNNodeConvBuilder conv(g.fbb());
                                          conv.add_kernel_height(1);
                                          conv.add_kernel_width(1);
                                          conv.add_groups(2);
                                          conv.add_group_output_channels(1);
                                          conv.add_input1_id(in);
                                          conv.add_filter_id(in);
                                          conv.add_bias_id(kNoValue);
                                          conv.add_output_id(out);
                                          return conv.Finish().Union();
                                        })),
                   {crash("1.4.1", LoadStage::DelegateChecks, "divides group_output_channels by it")}});
  return cases;
}

std::vector<VerdictCase> value_cases() {
  std::vector<VerdictCase> cases;
  cases.push_back({"dq_datatype_fp32", "a tensor dynamically quantized to another type than int8",
                   program_of(with_dq_datatype(XNNDatatype::xnn_datatype_fp32, 1)),
                   {checks("1.4.1", RuntimeError::Internal, "quantizes dynamically only to int8"),
                    checks("0.2.0", RuntimeError::Internal, "dq_datatype xnn_datatype_fp32")}});
  cases.push_back({"dq_datatype_int8_not_input", "dynamic quantization of a value that is not an external input",
                   program_of(with_dq_datatype(XNNDatatype::xnn_datatype_qint8, 0)),
                   {checks("1.4.1", RuntimeError::Internal, "only for an external input")}});
  cases.push_back({"per_channel_without_scale", "per channel quantization without its scale list",
                   program_of(with_quantized(XNNDatatype::xnn_datatype_qcint8, {2, 3}, true, fx::XNNQuantParams::PerChannelQuant,
                                             [](flatbuffers::FlatBufferBuilder& fbb) {
                                               return fx::CreatePerChannelQuant(fbb, 0, 0).Union();
                                             })),
                   {crash("1.4.1", LoadStage::DelegateChecks, "PerChannelQuant.scale is missing")}});
  cases.push_back({"group_quant_not_qbint4", "per channel group quantization of a qcint8 tensor",
                   program_of(with_quantized(XNNDatatype::xnn_datatype_qcint8, {4, 8}, true,
                                             fx::XNNQuantParams::PerChannelGroupQuant,
                                             [](flatbuffers::FlatBufferBuilder& fbb) {
                                               const std::vector<float> scales(8, 0.5f);
                                               return fx::CreatePerChannelGroupQuantDirect(fbb, &scales, 0, 4).Union();
                                             })),
                   {checks("1.4.1", RuntimeError::Internal, "allows only for xnn_datatype_qbint4")}});
  cases.push_back({"group_quant_group_size_0", "per channel group quantization with group size 0",
                   program_of(with_quantized(XNNDatatype::xnn_datatype_qbint4, {4, 8}, true,
                                             fx::XNNQuantParams::PerChannelGroupQuant,
                                             [](flatbuffers::FlatBufferBuilder& fbb) {
                                               const std::vector<float> scales(8, 0.5f);
                                               return fx::CreatePerChannelGroupQuantDirect(fbb, &scales, 0, 0).Union();
                                             })),
                   {crash("1.4.1", LoadStage::DelegateChecks, "group_size is 0")}});
  cases.push_back({"group_quant_scale_count", "per channel group quantization with too few scales",
                   program_of(with_quantized(XNNDatatype::xnn_datatype_qbint4, {4, 8}, true,
                                             fx::XNNQuantParams::PerChannelGroupQuant,
                                             [](flatbuffers::FlatBufferBuilder& fbb) {
                                               const std::vector<float> scales(3, 0.5f);
                                               return fx::CreatePerChannelGroupQuantDirect(fbb, &scales, 0, 4).Union();
                                             })),
                   {checks("1.4.1", RuntimeError::Internal, "has 3 scales")}});
  cases.push_back({"per_token_with_data", "per token dynamic quantization of a constant",
                   program_of(with_quantized(XNNDatatype::xnn_datatype_qdint8, {2, 3}, true,
                                             fx::XNNQuantParams::PerTokenDynamicQuant,
                                             [](flatbuffers::FlatBufferBuilder& fbb) {
                                               return fx::CreatePerTokenDynamicQuant(fbb, 1).Union();
                                             })),
                   {checks("1.4.1", RuntimeError::Internal, "quantized per token at run time but has constant data")}});
  {
    XnnGraphBuilder graph;
    graph.value(flatbuffers::Offset<void>(), fx::XValueUnion::XNNTensorValue);
    const std::uint32_t input = graph.input({2});
    const std::uint32_t output = graph.output({2});
    graph.node(XNodeUnion::XNNAbs, graph.node1x1(input, output));
    cases.push_back({"tensor_value_without_table", "a value without its tensor table", program_of(graph.finish()),
                     {checks("1.4.1", RuntimeError::InvalidProgram, "xvalues[0] has no tensor"),
                      checks("1.2.0", RuntimeError::Internal, "xvalues[0] has no tensor")}});
  }
  {
    XnnGraphBuilder graph;
    const std::uint32_t input = graph.input({2});
    const std::uint32_t output = graph.output({2});
    graph.tensor(XNNDatatype::xnn_datatype_fp32, {2}, 4, kNoValue, 0);
    graph.node(XNodeUnion::XNNAbs, graph.node1x1(input, output));
    cases.push_back({"value_flags_4", "a value flag neither EXTERNAL_INPUT nor EXTERNAL_OUTPUT", program_of(graph.finish()),
                     {checks("1.4.1", RuntimeError::InvalidProgram, "flags 0x4")}});
  }
  return cases;
}

// A constant shorter than the bytes XNNPACK reads of its tensor: `dims` is the tensor's shape, its
// constant holds 16 bytes, and `trailing` bytes of another constant follow it in the payload; `packed`
// makes it a fully connected node's filter (read as the method loads), else an add's second input (read
// when it runs).
Bytes with_short_constant(const Dims& dims, bool packed, std::size_t trailing = 0) {
  XnnGraphBuilder graph;
  const std::vector<float> sixteen_bytes(4, 0.5f);
  const std::uint32_t data = graph.add_constant_bytes(sixteen_bytes.data(), 16);
  if (trailing != 0) graph.add_constant_bytes(std::vector<std::uint8_t>(trailing, 0).data(), trailing);
  const std::uint32_t input = graph.input({1, dims.back()});
  const std::uint32_t constant = graph.tensor(XNNDatatype::xnn_datatype_fp32, dims, 0, kNoValue, data);
  const std::uint32_t output = graph.output({1, packed ? dims.front() : dims.back()});
  if (packed) {
    graph.node(XNodeUnion::XNNFullyConnected,
               fx::CreateXNNFullyConnected(graph.fbb(), input, constant, kNoValue, output, 0).Union());
  } else {
    graph.node(XNodeUnion::XNNAdd, graph.node2x1(input, constant, output));
  }
  return graph.finish();
}

std::vector<VerdictCase> constant_cases() {
  std::vector<VerdictCase> cases;
  cases.push_back({"weights_past_the_payload", "a fully connected filter whose constant ends long before its tensor",
                   program_of(with_short_constant({1024, 1024}, true)),
                   {crash("1.4.1", LoadStage::DelegateChecks, "while it packs the weights"),
                    crash("1.3.0", LoadStage::DelegateChecks, "past the end of the delegate's data")}});
  cases.push_back({"add_input_past_the_payload", "an add's constant input that ends long before its tensor",
                   program_of(with_short_constant({1, 65536}, false)),
                   {crashes_when_run("1.4.1", LoadStage::DelegateChecks, "when the method runs")}});
  {
    // The filter's dims say 2x1x1x2; the node's kernel says 512x512: XNNPACK packs what the node says.
    XnnGraphBuilder graph;
    const std::uint32_t input = graph.input({1, 4, 4, 2});
    const std::uint32_t filter = graph.constant({2, 1, 1, 2}, {1, 2, 3, 4});
    const std::uint32_t output = graph.output({1, 4, 4, 2});
    fx::_XNNNodeConvBuilder conv(graph.fbb());
    conv.add_kernel_height(512);
    conv.add_kernel_width(512);
    conv.add_subsampling_height(1);
    conv.add_subsampling_width(1);
    conv.add_dilation_height(1);
    conv.add_dilation_width(1);
    conv.add_groups(1);
    conv.add_group_input_channels(2);
    conv.add_group_output_channels(2);
    conv.add_input1_id(input);
    conv.add_filter_id(filter);
    conv.add_bias_id(kNoValue);
    conv.add_output_id(output);
    graph.node(XNodeUnion::XNNConv2d, conv.Finish().Union());
    cases.push_back({"conv_kernel_past_its_filter", "a convolution whose kernel reads far past its filter's constant",
                     program_of(graph.finish()),
                     {crash("1.4.1", LoadStage::DelegateChecks, "while it packs the weights")}});
  }
  cases.push_back({"constant_read_on_into_the_payload", "a constant 8 bytes short, the payload's bytes after it",
                   program_of(with_short_constant({1, 6}, false, 64)),
                   {loads("1.4.1")}});
  return cases;
}

// What XNNPACK itself refuses once the backend's checks let it through.
std::vector<VerdictCase> definition_cases() {
  std::vector<VerdictCase> cases;
  {
    XnnGraphBuilder graph;
    const std::uint32_t input = graph.input({2});
    const std::uint32_t output = graph.output({2});
    graph.tensor(XNNDatatype::xnn_datatype_invalid, {2}, 0, kNoValue, 0);
    graph.node(XNodeUnion::XNNAbs, graph.node1x1(input, output));
    cases.push_back({"xnnpack_refuses_a_value", "a value XNNPACK refuses to define (datatype invalid)",
                     program_of(graph.finish()),
                     {refused("1.4.1", LoadStage::LibraryDefinition, RuntimeError::Internal,
                              "xnn_define_tensor_value answers unsupported parameter", PayloadPlace::value(2))}});
  }
  cases.push_back({"xnnpack_refuses_a_node", "a node XNNPACK refuses to define (a 0x1 pooling window)",
                   program_of(with_node(XNodeUnion::XNNMaxPooling2d, {1, 4, 4, 2}, {1, 4, 4, 2},
                                        [](XnnGraphBuilder& g, std::uint32_t in, std::uint32_t out) {
                                          fx::_XNNPooling2DBuilder pool(g.fbb());
                                          pool.add_pooling_height(0);
                                          pool.add_pooling_width(1);
                                          pool.add_stride_height(1);
                                          pool.add_stride_width(1);
                                          pool.add_dilation_height(1);
                                          pool.add_dilation_width(1);
                                          pool.add_input_id(in);
                                          pool.add_output_id(out);
                                          return pool.Finish().Union();
                                        })),
                   {refused("1.4.1", LoadStage::LibraryDefinition, RuntimeError::Internal, "xnn_define_max_pooling_2d",
                            PayloadPlace::node(0))}});
  return cases;
}

// The loader's: what loads and crashes when run, and what fbcompat must not refuse.
std::vector<VerdictCase> method_cases() {
  std::vector<VerdictCase> cases;
  const auto with_method = [](auto edit) {
    CorpusProgram program;
    program.delegate = CorpusDelegate{};
    program.delegate->payload = one_node(XNodeUnion::XNNAbs, {2});
    edit(program);
    return build_corpus_program(program);
  };
  cases.push_back({"kernel_error_hidden_by_a_later_call", "a bad op_index whose error a later kernel call overwrites",
                   with_method([](CorpusProgram& p) {
                     p.operators = {{"aten::abs", "out"}};
                     p.kernel_calls = {5, 0};
                   }),
                   {crashes_when_run("1.4.1", LoadStage::MethodOperators, "op_index 5"),
                    crashes_when_run("0.2.0", LoadStage::MethodOperators, "overwrote that error")}});
  cases.push_back({"input_index_past_the_values", "a plan input index past its values",
                   with_method([](CorpusProgram& p) { p.inputs = {3}; }),
                   {crashes_when_run("1.4.1", LoadStage::MethodPlan, "inputs entry 0 is 3"),
                    refused("0.3.0", LoadStage::MethodPlan, RuntimeError::InvalidProgram, "inputs entry 0 is 3")}});
  cases.push_back({"operator_name_over_99", "an operator name of 120 characters",
                   with_method([](CorpusProgram& p) {
                     p.operators = {{"aten::" + std::string(114, 'x'), ""}};
                     p.kernel_calls = {0};
                   }),
                   {refused("1.4.1", LoadStage::MethodOperators, RuntimeError::Internal, "120 characters")}});
  cases.push_back({"operator_name_over_99_bytes_ending_at_a_nul", "an operator name whose text ends at a NUL before 99",
                   with_method([](CorpusProgram& p) {
                     p.operators = {{std::string("aten::abs") + std::string(1, '\0') + std::string(110, 'x'), "out"}};
                     p.kernel_calls = {0};
                   }),
                   {loads("1.4.1"), loads("0.2.0")}});
  cases.push_back({"plan_without_name", "an execution plan without a name",
                   with_method([](CorpusProgram& p) { p.plan_name.reset(); }),
                   {refused("1.4.1", LoadStage::MethodPlan, RuntimeError::InvalidProgram, "get_method_name(0) refuses it")}});
  return cases;
}

}  // namespace

std::vector<VerdictCase> runtime_verdict_corpus() {
  std::vector<VerdictCase> corpus;
  for (auto* group : {&node_type_cases, &node_field_cases, &value_cases, &constant_cases, &definition_cases, &method_cases}) {
    for (VerdictCase& entry : (*group)()) corpus.push_back(std::move(entry));
  }
  return corpus;
}

}  // namespace fbcompat::test
