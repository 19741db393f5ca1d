#include "support/mlx_programs.h"

#include <stdexcept>

#include "fbcompat/core/reflected_schema.h"
#include "fbcompat/mlx/delegate.h"
#include "fbcompat/mlx/payload.h"
#include "support/test_support.h"

namespace fbcompat::test {

nlohmann::json mlx_golden_graph(const std::string& version, const std::string& name) {
  return nlohmann::json::parse(read_file(source_path("golden/mlx/" + version + "/" + name + ".json")));
}

std::vector<std::uint8_t> mlx_payload(const nlohmann::json& graph, const std::string& version) {
  auto schema = ReflectedSchema::load(source_path("schemas/mlx/" + version + "/schema.fbs"));
  if (!schema) throw std::runtime_error(schema.error().to_string());
  auto flatbuffer = (*schema)->encode_json(graph.dump(), "graph.json");
  if (!flatbuffer) throw std::runtime_error(flatbuffer.error().to_string());
  return mlx::make_payload(*flatbuffer);
}

std::vector<std::uint8_t> mlx_program(const std::vector<std::uint8_t>& payload, const std::vector<NamedDataSpec>& named_data,
                                      DelegateLocation location) {
  ProgramSpec spec;
  PlanSpec plan;
  plan.inputs.push_back({{2, 4}});
  plan.outputs.push_back({{2, 3}});
  plan.delegates.push_back({mlx::kBackendId, payload, location});
  spec.plans.push_back(std::move(plan));
  spec.named_data = named_data;
  spec.alignment = 128;
  auto written = write_program(spec);
  if (!written) throw std::runtime_error(written.error().to_string());
  return std::move(written.value());
}

std::vector<NamedDataSpec> linear_gelu_named_data() {
  const std::vector<std::uint8_t> weight(4 * 3 * sizeof(float), 0);
  const std::vector<std::uint8_t> bias(3 * sizeof(float), 0);
  return {{"c0de/linear.weight", weight}, {"c0de/linear.bias", bias}};
}

}  // namespace fbcompat::test
