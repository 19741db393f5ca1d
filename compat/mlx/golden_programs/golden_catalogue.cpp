#include "golden_programs/golden_catalogue.h"

#include <cstring>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "fbcompat/executorch/program_writer.h"
#include "fbcompat/mlx/delegate.h"
#include "fbcompat/mlx/payload.h"

namespace fbcompat::mlx {
namespace {

using nlohmann::json;

// The exporter prefixes every named slot and named data key with 4 hex digits of a digest of the
// program, so that methods of one .pte do not collide; the golden programs use a fixed one.
constexpr const char* kKeyPrefix = "c0de";
constexpr std::int8_t kFloat = 6;  // ExecuTorch's ScalarType::Float
// ExecutorchBackendConfig.segment_alignment: every segment (the payload, each named data entry) starts
// at a multiple of it.
constexpr std::size_t kExporterSegmentAlignment = 128;

std::string key(const std::string& name) { return fmt::format("{}/{}", kKeyPrefix, name); }

json tid(std::uint32_t index) { return {{"idx", index}}; }
json tensor_slot(std::uint32_t index) { return {{"idx", index}, {"slot_type", "TensorSlot"}}; }
json named_slot(const std::string& name, std::uint32_t index) { return {{"name", key(name)}, {"slot", tensor_slot(index)}}; }

json static_meta(const std::vector<std::int32_t>& shape) {
  json dims = json::array();
  for (std::int32_t dim : shape) dims.push_back({{"value", dim}});
  json order = json::array();
  for (std::size_t i = 0; i < shape.size(); ++i) order.push_back(i);
  return {{"shape", dims}, {"scalar_type", kFloat}, {"dim_order", order}};
}

json instruction(const std::string& op, json node) { return {{"op_type", op}, {"op", std::move(node)}}; }

std::vector<std::uint8_t> float_bytes(const std::vector<float>& values) {
  std::vector<std::uint8_t> bytes(values.size() * sizeof(float));
  if (!values.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}

struct Plan {
  std::string name;
  std::string purpose;
  json graph;
  std::vector<PlanTensorSpec> inputs;
  std::vector<PlanTensorSpec> outputs;
  std::vector<NamedDataSpec> named_data;
};

// out = gelu(x @ weight + bias): tensors 0 weight [4,3], 1 bias [3] (constants), 2 x [2,4], 3 the output
// [2,3], 4 the addmm's result (a temporary).
Plan linear_gelu() {
  Plan plan{"linear_gelu", "addmm with a constant weight and bias (named data), then gelu", {}, {{{2, 4}}}, {{{2, 3}}}, {}};
  plan.graph = {{"version", "1"},
                {"num_constant_tensors", 2},
                {"num_input_tensors", 1},
                {"num_output_tensors", 1},
                {"num_temp_tensors", 1},
                {"instruction_chains",
                 {{{"instructions",
                    {instruction("AddmmNode", {{"mat1", tid(2)}, {"mat2", tid(0)}, {"out", tid(4)}, {"bias", tid(1)}}),
                     instruction("GeluNode", {{"x", tid(4)}, {"out", tid(3)}, {"approximate", "none"}})}}}}},
                {"input_map", {tensor_slot(2)}},
                {"output_map", {tensor_slot(3)}},
                {"named_slots",
                 {named_slot("linear.weight", 0), named_slot("linear.bias", 1), named_slot("x", 2), named_slot("gelu", 3)}},
                {"tensor_meta", {static_meta({4, 3}), static_meta({3}), static_meta({2, 4}), static_meta({2, 3})}}};
  plan.named_data = {{key("linear.weight"), float_bytes({0.5f, -1.0f, 0.25f, 1.5f, 0.0f, -0.75f, -0.5f, 2.0f, 1.0f, 0.125f,
                                                         -0.25f, 0.625f})},
                     {key("linear.bias"), float_bytes({0.1f, -0.2f, 0.3f})}};
  return plan;
}

// out = x + cache: tensors 0 x [n,4] with n in 1..8, 1 the output [n,4], 2 the mutable buffer "cache"
// [1,4], which the init chain (chain 1) fills with 0.5.
Plan stateful() {
  Plan plan{"stateful", "a mutable buffer filled by an init chain, added to an input of dynamic length", {},
            {{{1, 4}}}, {{{1, 4}}}, {}};
  const json dynamic_rows = {{{"value", -1}, {"min_value", 1}, {"max_value", 8}}, {{"value", 4}}};
  const json dynamic_meta = {{"shape", dynamic_rows}, {"scalar_type", kFloat}, {"dim_order", {0, 1}}};
  plan.graph = {
      {"version", "1"},
      {"num_input_tensors", 1},
      {"num_output_tensors", 1},
      {"num_mutable_buffer_tensors", 1},
      {"instruction_chains",
       {{{"instructions", {instruction("AddNode", {{"a", tid(0)}, {"b", tid(2)}, {"out", tid(1)}})}}},
        {{"instructions",
          {instruction("FullNode", {{"out", tid(2)},
                                    {"shape", {{{"literal", 1}}, {{"literal", 4}}}},
                                    {"v", {{"literal", 0.5}}},
                                    {"scalar_type", kFloat}})}}}}},
      {"main_chain_idx", 0},
      {"init_chain_idx", 1},
      {"input_map", {tensor_slot(0)}},
      {"output_map", {tensor_slot(1)}},
      {"mutable_buffer_map", {tensor_slot(2)}},
      {"named_slots", {named_slot("x", 0), named_slot("add", 1), named_slot("cache", 2)}},
      {"tensor_meta", {dynamic_meta, dynamic_meta, static_meta({1, 4})}}};
  return plan;
}

// Distinct values for every field of a table, as flatbuffers JSON: each scalar slot its own number, so
// that a reader that moved a field reads another value.
class DistinctValues {
 public:
  explicit DistinctValues(const reflection::Schema& schema) : schema_(schema) {}

  json table(const reflection::Object& object, int depth) {
    json out = json::object();
    for (const reflection::Field* field : *object.fields()) {
      if (field->deprecated()) continue;
      json value = field_value(*field, depth);
      if (!value.is_null()) out[field->name()->str()] = std::move(value);
    }
    return out;
  }

 private:
  json field_value(const reflection::Field& field, int depth) {
    const reflection::Type& type = *field.type();
    switch (type.base_type()) {
      case reflection::Vector:
        if (depth > 2) return json::array();
        return json::array({element(type.element(), type.index(), depth), element(type.element(), type.index(), depth)});
      case reflection::Obj: {
        const reflection::Object& object = *schema_.objects()->Get(static_cast<flatbuffers::uoffset_t>(type.index()));
        return depth > 2 && !object.is_struct() ? json(nullptr) : table(object, depth + 1);
      }
      case reflection::Union:
      case reflection::UType:
        return nullptr;  // no op table holds a union
      default:
        return scalar(field.name()->str(), type.base_type(), type.index());
    }
  }

  json element(reflection::BaseType base, std::int32_t index, int depth) {
    if (base == reflection::Obj) return table(*schema_.objects()->Get(static_cast<flatbuffers::uoffset_t>(index)), depth + 1);
    return scalar("", base, index);
  }

  json scalar(const std::string& name, reflection::BaseType base, std::int32_t enum_index) {
    const int n = ++counter_;
    // The kind of an IntOrVidOrTid says which of its fields the runtime reads: 0, 1 or 2 only.
    if (name == "kind") return n % 3;
    if (enum_index >= 0 && base != reflection::String) {
      const reflection::Enum& values = *schema_.enums()->Get(static_cast<flatbuffers::uoffset_t>(enum_index));
      return values.values()->Get(static_cast<flatbuffers::uoffset_t>(n) % values.values()->size())->name()->str();
    }
    switch (base) {
      case reflection::Bool: return n % 2 == 0;
      case reflection::String: return fmt::format("s{}", n);
      case reflection::Float:
      case reflection::Double: return n + 0.5;
      case reflection::Byte:
      case reflection::UByte: return n % 100;
      default: return n;
    }
  }

  const reflection::Schema& schema_;
  int counter_ = 0;
};

Plan all_ops(const SchemaVersion& version) {
  Plan plan{"all_ops", fmt::format("coverage (not runnable): every OpNode member of {}, each field a distinct value",
                                   version.info.name),
            {}, {{{1}}}, {{{1}}}, {}};
  const reflection::Schema& schema = version.schema->schema();
  DistinctValues values(schema);
  const reflection::Enum& nodes = *version.schema->find_enum(kNodeUnion);
  json instructions = json::array();
  for (const reflection::EnumVal* member : *nodes.values()) {
    if (member->value() == 0) continue;
    const reflection::Object* object = version.schema->union_member_object(*member);
    instructions.push_back(instruction(member->name()->str(), object == nullptr ? json::object() : values.table(*object, 0)));
  }
  plan.graph = {{"version", "1"},
                {"num_input_tensors", 1},
                {"num_output_tensors", 1},
                {"instruction_chains", {{{"instructions", instructions}}}},
                {"input_map", {tensor_slot(0)}},
                {"output_map", {tensor_slot(1)}},
                {"named_slots", {named_slot("x", 0), named_slot("out", 1)}},
                {"tensor_meta", {static_meta({1}), static_meta({1})}}};
  return plan;
}

Expected<GoldenProgram> build(const SchemaVersion& version, const Plan& plan) {
  const std::string where = fmt::format("{}/{}/{}", kFamilyName, version.info.name, plan.name);
  GoldenProgram built;
  built.name = plan.name;
  built.purpose = plan.purpose;
  built.description = plan.graph.dump(2) + "\n";
  auto flatbuffer = version.schema->encode_json(built.description, where + ".json");
  if (!flatbuffer) return flatbuffer.error();
  if (!version.schema->verify(flatbuffer->data(), flatbuffer->size())) {
    return Error{where + ".json", 0, 0, "the encoded graph does not verify against its own schema"};
  }
  PlanSpec method;
  method.inputs = plan.inputs;
  method.outputs = plan.outputs;
  // Exporters store delegate payloads in segments of their own, after the program's flatbuffer.
  method.delegates.push_back(DelegateSpec{kBackendId, make_payload(*flatbuffer), DelegateLocation::Segment});
  ProgramSpec program;
  program.plans.push_back(std::move(method));
  program.named_data = plan.named_data;
  program.alignment = kExporterSegmentAlignment;
  auto pte = write_program(program);
  if (!pte) return pte.error();
  built.pte = std::move(pte.value());
  built.storage = DelegateLocation::Segment;
  built.header_name = std::string(kMagic, sizeof kMagic);
  built.payload_header = true;
  built.extended_header = true;
  for (const json& chain : plan.graph.at("instruction_chains")) {
    for (const json& node : chain.at("instructions")) built.nodes.push_back(node.at("op_type").get<std::string>());
  }
  return built;
}

}  // namespace

Expected<std::vector<GoldenProgram>> golden_catalogue(const SchemaVersion& version) {
  std::vector<GoldenProgram> programs;
  for (const Plan& plan : {linear_gelu(), stateful(), all_ops(version)}) {
    auto built = build(version, plan);
    if (!built) return built.error();
    programs.push_back(std::move(built.value()));
  }
  return programs;
}

}  // namespace fbcompat::mlx
