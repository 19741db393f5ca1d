#include "golden_programs/golden_program_builder.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "fbcompat/executorch/program_writer.h"
#include "fbcompat/xnnpack/delegate.h"
#include "fbcompat/xnnpack/payload_writer.h"
#include "golden_programs/reference_graph.h"

namespace fbcompat {
namespace {

using nlohmann::json;

std::vector<std::int32_t> dims_of(const json& graph, std::uint32_t value_id) {
  for (const json& value : graph.at("xvalues")) {
    const json& tensor = value.at("xvalue_union");
    if (tensor.value("id_out", kXnnInvalidValueId) == value_id) return tensor.at("dims").get<std::vector<std::int32_t>>();
  }
  return {};
}

std::uint32_t external_id_of(const json& graph, std::uint32_t value_id) {
  for (const json& value : graph.at("xvalues")) {
    const json& tensor = value.at("xvalue_union");
    if (tensor.value("id_out", kXnnInvalidValueId) == value_id) return tensor.value("external_id", kXnnInvalidValueId);
  }
  return kXnnInvalidValueId;
}

ProgramTensor record(std::uint32_t value_id, std::uint32_t external_id, const reference::Tensor& tensor) {
  ProgramTensor out;
  out.value_id = value_id;
  out.external_id = external_id;
  out.shape = tensor.dims;
  out.layout = golden_layout_for(tensor.dims.size());
  out.values = tensor.values;
  return out;
}

}  // namespace

Expected<GoldenProgram> build_golden_program(const ReflectedSchema& writer, const GoldenProgramPlan& plan,
                                             const std::string& where) {
  GoldenProgram built;
  built.name = plan.name;
  built.description = plan.graph.dump(2) + "\n";
  auto flatbuffer = writer.encode_json(built.description, where + ".json");
  if (!flatbuffer) return flatbuffer.error();
  if (!writer.verify(flatbuffer->data(), flatbuffer->size())) {
    return Error{where + ".json", 0, 0, "encoded graph does not verify against its own writer schema"};
  }
  auto payload = make_xnnpack_payload({flatbuffer->data(), flatbuffer->size(), plan.constant_data.data(),
                                       plan.constant_data.size(), plan.xh00_header});
  if (!payload) return payload.error();

  PlanSpec method;
  for (const json& id : plan.graph.at("input_ids")) method.inputs.push_back({dims_of(plan.graph, id.get<std::uint32_t>())});
  for (const json& id : plan.graph.at("output_ids")) method.outputs.push_back({dims_of(plan.graph, id.get<std::uint32_t>())});
  method.delegates.push_back(DelegateSpec{xnnpack::kBackendId, std::move(payload.value()), plan.location});
  ProgramSpec program;
  program.extended_header = plan.extended_header;
  if (plan.exported_as) program.exported = exporter_shape(*plan.exported_as);
  program.plans.push_back(std::move(method));
  auto pte = write_program(program);
  if (!pte) return pte.error();
  built.pte = std::move(pte.value());

  built.purpose = plan.purpose;
  built.storage = plan.location;
  built.header_name = "XH00";
  built.payload_header = plan.xh00_header;
  built.extended_header = plan.extended_header;
  for (const json& node : plan.graph.at("xnodes")) built.nodes.push_back(node.at("xnode_union_type").get<std::string>());
  if (plan.exported_as) built.exported_as = plan.exported_as->text();
  if (plan.runnable) {
    ReferenceRun run;
    TensorsById inputs;
    for (const GoldenTensor& input : plan.inputs) {
      inputs.emplace(input.value_id, input.tensor);
      run.inputs.push_back(record(input.value_id, input.external_id, input.tensor));
    }
    auto outputs = run_reference_graph(plan.graph, {plan.constant_data.data(), plan.constant_data.size()}, inputs);
    if (!outputs) return Error{where + ".pte", 0, 0, "reference run failed: " + outputs.error().message};
    for (const auto& [id, tensor] : *outputs) run.expected_outputs.push_back(record(id, external_id_of(plan.graph, id), tensor));
    built.reference = std::move(run);
  }
  return built;
}

}  // namespace fbcompat
