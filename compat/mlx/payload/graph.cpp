#include "payload/graph.h"

#include <flatbuffers/flatbuffers.h>

#include "mlx/schema_generated.h"

namespace fbcompat::mlx {
namespace {

namespace fx = mlx_delegate;

GraphSlot slot_of(const fx::SlotVariant& slot) { return {slot.idx(), static_cast<std::int8_t>(slot.slot_type())}; }

std::vector<GraphSlot> slots_of(const flatbuffers::Vector<flatbuffers::Offset<fx::SlotVariant>>* slots) {
  std::vector<GraphSlot> out;
  if (slots == nullptr) return out;
  out.reserve(slots->size());
  for (const fx::SlotVariant* slot : *slots) out.push_back(slot_of(*slot));
  return out;
}

std::vector<GraphOp> chain_of(const fx::InstructionChain* chain) {
  std::vector<GraphOp> ops;
  if (chain == nullptr || chain->instructions() == nullptr) return ops;
  ops.reserve(chain->instructions()->size());
  for (const fx::Instruction* instruction : *chain->instructions()) {
    ops.push_back({static_cast<std::uint8_t>(instruction->op_type()), instruction->op() != nullptr});
  }
  return ops;
}

std::optional<GraphTensorMeta> meta_of(const fx::TensorMeta* meta) {
  if (meta == nullptr) return std::nullopt;
  GraphTensorMeta out;
  out.scalar_type = meta->scalar_type();
  if (meta->shape() != nullptr) {
    for (const fx::ShapeDim* dim : *meta->shape()) out.shape.push_back({dim->value(), dim->min_value(), dim->max_value()});
  }
  return out;
}

}  // namespace

std::size_t GraphView::node_count() const {
  std::size_t count = 0;
  for (const auto& chain : chains) count += chain.size();
  return count;
}

bool verify_graph(const std::uint8_t* flatbuffer, std::size_t size, std::uint32_t max_depth, std::uint32_t max_tables,
                  VerifiedBuffers* verified) {
  const auto verify = [&](std::uint32_t depth, std::uint32_t tables) {
    flatbuffers::Verifier verifier(flatbuffer, size, depth, tables);
    return fx::VerifyMLXGraphBuffer(verifier);
  };
  return passes_verifier(verified, "mlx_delegate.MLXGraph", flatbuffer, size, max_depth, max_tables, verify);
}

GraphView read_graph(const std::uint8_t* verified_flatbuffer) {
  const fx::MLXGraph* graph = fx::GetMLXGraph(verified_flatbuffer);
  GraphView view;
  if (graph->version() != nullptr) view.version = graph->version()->str();
  view.num_constant_tensors = graph->num_constant_tensors();
  view.num_input_tensors = graph->num_input_tensors();
  view.num_output_tensors = graph->num_output_tensors();
  view.num_mutable_buffer_tensors = graph->num_mutable_buffer_tensors();
  view.num_temp_tensors = graph->num_temp_tensors();
  view.num_values = graph->num_values();
  if (graph->instruction_chains() != nullptr) {
    view.chains.reserve(graph->instruction_chains()->size());
    for (const fx::InstructionChain* chain : *graph->instruction_chains()) view.chains.push_back(chain_of(chain));
  }
  view.main_chain_idx = graph->main_chain_idx();
  view.init_chain_idx = graph->init_chain_idx();
  view.input_map = slots_of(graph->input_map());
  view.output_map = slots_of(graph->output_map());
  view.mutable_buffer_map = slots_of(graph->mutable_buffer_map());
  if (graph->named_slots() != nullptr) {
    for (const fx::NamedSlot* named : *graph->named_slots()) {
      GraphNamedSlot out;
      if (named->name() != nullptr) out.name = named->name()->str();
      if (named->slot() != nullptr) out.slot = slot_of(*named->slot());
      view.named_slots.push_back(std::move(out));
    }
  }
  if (graph->tensor_meta() != nullptr) {
    for (const fx::TensorMeta* meta : *graph->tensor_meta()) view.tensor_meta.push_back(meta_of(meta));
  }
  return view;
}

std::string newest_op_name(std::uint32_t type_id) {
  if (type_id == 0 || type_id > newest_op_count()) return {};
  return fx::EnumNameOpNode(static_cast<fx::OpNode>(type_id));
}

std::uint32_t newest_op_count() { return static_cast<std::uint32_t>(fx::OpNode::MAX); }

}  // namespace fbcompat::mlx
