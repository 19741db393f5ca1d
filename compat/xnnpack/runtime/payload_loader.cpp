// load_xnnpack_payload: payload bytes -> verified XNNGraph -> XNNPACK subgraph (values, then nodes, as
// ExecuTorch's XNNPACK backend builds it) -> XNNPACK runtime.
#include <flatbuffers/flatbuffers.h>
#include <fmt/format.h>
#include <xnnpack.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>

#include "fbcompat/load_check/xnnpack_header.h"
#include "fbcompat/xnnpack/runtime/reference_runtime.h"
#include "runtime/constant_data.h"
#include "runtime/node_context.h"
#include "runtime/node_registry.h"
#include "runtime/program_state.h"
#include "runtime/tensor_definition.h"

namespace fbcompat::xnnpack {
namespace {

constexpr std::uint32_t kMaxExterns = 4096;

Error load_error(const std::string& message) { return Error{"", 0, 0, message}; }

Status initialize_xnnpack() {
  static const xnn_status status = xnn_initialize(nullptr);
  if (status == xnn_status_success) return ok();
  return load_error(fmt::format("xnn_initialize failed: {}", xnn_status_text(status)));
}

struct SubgraphDeleter {
  void operator()(xnn_subgraph_t subgraph) const { xnn_delete_subgraph(subgraph); }
};
using Subgraph = std::unique_ptr<std::remove_pointer_t<xnn_subgraph_t>, SubgraphDeleter>;

// The runtime accepts both the reader's identifier and the one the exporter writes since 0.2.0.
Status check_identifier(const std::uint8_t* flatbuffer) {
  const char* identifier = reinterpret_cast<const char*>(flatbuffer) + sizeof(flatbuffers::uoffset_t);
  if (std::memcmp(identifier, "XN00", 4) == 0 || std::memcmp(identifier, "XN01", 4) == 0) return ok();
  std::string shown;
  for (int i = 0; i < 4; ++i) {
    const unsigned char c = static_cast<unsigned char>(identifier[i]);
    shown += (c >= 0x20 && c < 0x7f) ? std::string(1, static_cast<char>(c)) : fmt::format("\\x{:02x}", c);
  }
  return load_error(fmt::format("the flatbuffer's identifier is '{}'; an XNNPACK graph has XN00 or XN01", shown));
}

Expected<const fb_xnnpack::XNNGraph*> verified_graph(const XnnpackPayload& payload) {
  if (payload.status != XnnpackPayload::Status::Ok) return load_error(xnnpack_header::status_text(payload.status));
  if (auto status = check_identifier(payload.flatbuffer); !status) return status.error();
  flatbuffers::Verifier verifier(payload.flatbuffer, payload.flatbuffer_size);
  if (!verifier.VerifyBuffer<fb_xnnpack::XNNGraph>(nullptr)) {
    return load_error("the flatbuffer is not a valid XNNGraph (flatbuffers::Verifier rejected it)");
  }
  return fb_xnnpack::GetXNNGraph(payload.flatbuffer);
}

Expected<ValueTable> define_payload_values(const fb_xnnpack::XNNGraph& graph, TensorDefiner& definer) {
  ValueTable values;
  const auto* xvalues = graph.xvalues();
  for (flatbuffers::uoffset_t i = 0; i < xvalues->size(); ++i) {
    auto value = definer.define(xvalues->Get(i), i);
    if (!value) return value.error();
    const std::uint32_t id = value->value_id;
    if (!values.add(std::move(*value))) {
      return load_error(fmt::format("xvalues[{}]: value id {} is already taken by another value", i, id));
    }
  }
  return values;
}

Status define_payload_node(const fb_xnnpack::XNode* node, std::size_t index, xnn_subgraph_t subgraph, const ValueTable& values,
                   Dataflow& dataflow) {
  if (node == nullptr) return load_error(fmt::format("node {}: the entry is missing", index));
  const fb_xnnpack::XNodeUnion type = node->xnode_union_type();
  const int type_id = static_cast<int>(type);
  const NodeDefinition* definition = node_registry().find(type);
  if (definition == nullptr) {
    return load_error(fmt::format("node {} has type id {}, which is no XNodeUnion member this runtime knows "
                                  "(it knows type ids 1 to {})",
                                  index, type_id, static_cast<int>(fb_xnnpack::XNodeUnion::MAX)));
  }
  if (!definition->supported()) {
    return load_error(fmt::format("node {} ({}, type id {}) cannot be defined: {}", index, definition->member_name(),
                                  type_id, definition->unsupported_reason()));
  }
  if (node->xnode_union() == nullptr) {
    return load_error(fmt::format("node {} ({}, type id {}): its payload table is missing", index,
                                  definition->member_name(), type_id));
  }
  NodeContext context;
  context.subgraph = subgraph;
  context.values = &values;
  context.dataflow = &dataflow;
  context.node_index = index;
  context.member = definition->member_name();
  context.xnnpack_function = definition->xnnpack_function;
  context.output_min = -std::numeric_limits<float>::infinity();
  context.output_max = std::numeric_limits<float>::infinity();
  if (const fb_xnnpack::OutputMinMax* clamp = node->output_min_max()) {
    context.output_min = clamp->output_min();
    context.output_max = clamp->output_max();
  }
  return definition->define(*node, context);
}

// The external values flagged as inputs (or outputs), by ascending external id: the exporter numbers
// them in the delegate call's argument order, and ExecuTorch's runtime binds them in that order. As in
// that runtime, XNNGraph.input_ids and output_ids are not consulted.
std::vector<TensorInfo> externals(const ValueTable& values, std::uint32_t flag) {
  std::vector<TensorInfo> tensors;
  for (const ValueInfo& value : values.all()) {
    if ((value.flags & flag) == 0) continue;
    tensors.push_back(
        TensorInfo{value.value_id, value.external_id, datatype_name(value.datatype), value.element_size, value.dims});
  }
  std::sort(tensors.begin(), tensors.end(),
            [](const TensorInfo& a, const TensorInfo& b) { return a.external_id < b.external_id; });
  return tensors;
}

}  // namespace

Expected<LoadedProgram> load_xnnpack_payload(const std::uint8_t* data, std::size_t size, const PayloadLoadOptions& options) {
  if (auto status = initialize_xnnpack(); !status) return status.error();
  if (data == nullptr && size != 0) return load_error("the payload pointer is null");
  if (size >= FLATBUFFERS_MAX_BUFFER_SIZE) return load_error(fmt::format("the payload has {} bytes, too many for a flatbuffer", size));

  auto state = std::make_unique<LoadedProgram::State>();
  state->payload = AlignedBytes(data, size);
  const XnnpackPayload payload = parse_xnnpack_payload(state->payload.data(), state->payload.size());
  auto graph = verified_graph(payload);
  if (!graph) return graph.error();
  const fb_xnnpack::XNNGraph& xgraph = **graph;
  if (xgraph.xvalues() == nullptr) return load_error("the graph has no xvalues");
  if (xgraph.xnodes() == nullptr) return load_error("the graph has no xnodes");
  // XNNPACK reserves a value for every external id; ExecuTorch's runtime refuses more than this.
  if (xgraph.num_externs() > kMaxExterns) {
    return load_error(fmt::format("num_externs is {}, more than the {} a graph may have", xgraph.num_externs(), kMaxExterns));
  }

  xnn_subgraph_t raw_subgraph = nullptr;
  if (const xnn_status status = xnn_create_subgraph(xgraph.num_externs(), 0, &raw_subgraph); status != xnn_status_success) {
    return load_error(fmt::format("xnn_create_subgraph failed: {}", xnn_status_text(status)));
  }
  const Subgraph subgraph(raw_subgraph);

  // As in ExecuTorch's runtime: a payload with the XH00 header keeps its constants in constant_data;
  // one without (0.1.0) in the flatbuffer's constant_buffer.
  const std::optional<ByteView> segment =
      payload.has_header ? std::optional<ByteView>(ByteView{payload.constant_data,
                                                            static_cast<std::size_t>(payload.constant_data_size)})
                         : std::nullopt;
  ConstantData constants(xgraph, segment, options, state->named_data);
  TensorDefiner tensors(subgraph.get(), xgraph.num_externs(), constants, options, state->scales);
  auto values = define_payload_values(xgraph, tensors);
  if (!values) return values.error();

  const auto* nodes = xgraph.xnodes();
  Dataflow dataflow;
  for (flatbuffers::uoffset_t i = 0; i < nodes->size(); ++i) {
    if (auto status = define_payload_node(nodes->Get(i), i, subgraph.get(), *values, dataflow); !status) return status.error();
    state->node_types.emplace_back(fb_xnnpack::EnumNameXNodeUnion(nodes->Get(i)->xnode_union_type()));
  }
  if (auto status = dataflow.check(*values); !status) return status.error();

  state->inputs = externals(*values, XNN_VALUE_FLAG_EXTERNAL_INPUT);
  state->outputs = externals(*values, XNN_VALUE_FLAG_EXTERNAL_OUTPUT);

  if (const xnn_status status = xnn_create_runtime_v2(subgraph.get(), nullptr, 0, &state->runtime);
      status != xnn_status_success) {
    state->runtime = nullptr;
    return load_error(fmt::format("xnn_create_runtime_v2 failed: {}", xnn_status_text(status)));
  }
  return LoadedProgram(std::move(state));
}

}  // namespace fbcompat::xnnpack
