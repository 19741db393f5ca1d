#include "golden_programs/golden_catalogue.h"

#include <cstring>
#include <functional>
#include <set>

#include <fmt/format.h>

#include "fbcompat/executorch/program_writer.h"
#include "golden_programs/reference_graph.h"

namespace fbcompat {
namespace {

using nlohmann::json;

constexpr std::uint32_t kExternalInput = 1;   // XNN_VALUE_FLAG_EXTERNAL_INPUT
constexpr std::uint32_t kExternalOutput = 2;  // XNN_VALUE_FLAG_EXTERNAL_OUTPUT
constexpr std::size_t kConstantAlignment = 16;

// Deterministic weights and inputs: multiples of 1/64 in [-1.5625, 1.5625], exact in fp32.
std::vector<float> sample_values(std::size_t count, std::uint32_t seed) {
  std::vector<float> values(count);
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint64_t mixed = (i + 1) * 7919u + static_cast<std::uint64_t>(seed) * 104729u;
    values[i] = static_cast<float>(static_cast<std::int64_t>(mixed % 201) - 100) / 64.0f;
  }
  return values;
}

std::size_t dims_product(const std::vector<std::size_t>& dims) {
  std::size_t count = 1;
  for (std::size_t dim : dims) count *= dim;
  return count;
}

// What the version's writer schema offers, looked up once.
struct WriterFacts {
  const Schema& schema;
  std::string ns;  // "fb_xnnpack."
  const Enum* nodes = nullptr;
  const Enum* values = nullptr;
  bool constants_in_payload = false;  // XNNGraph.constant_data is written (else constant_buffer)

  bool has_node(const std::string& name) const { return nodes->find_value(name) != nullptr; }
  const Composite* table(const std::string& short_name) const { return schema.find_composite(ns + short_name); }
};

Expected<WriterFacts> writer_facts(const Schema& schema) {
  WriterFacts facts{schema, "", nullptr, nullptr, false};
  const auto dot = schema.root_type.rfind('.');
  facts.ns = dot == std::string::npos ? "" : schema.root_type.substr(0, dot + 1);
  facts.nodes = schema.find_enum(facts.ns + "XNodeUnion");
  facts.values = schema.find_enum(facts.ns + "XValueUnion");
  const Composite* graph = schema.find_composite(schema.root_type);
  if (facts.nodes == nullptr || facts.values == nullptr || graph == nullptr) {
    return Error{schema.files.empty() ? "" : schema.files.front(), 0, 0,
                 "not an XNNPACK schema: XNodeUnion, XValueUnion or the root XNNGraph is missing"};
  }
  const Field* constant_data = graph->find_field("constant_data");
  facts.constants_in_payload = constant_data != nullptr && !constant_data->deprecated;
  return facts;
}

// Builds an XNNGraph's JSON: tensor values, nodes and constant tensors, stored the way the version writes them.
class GraphBuilder {
 public:
  explicit GraphBuilder(const WriterFacts& facts) : facts_(facts) {
    if (facts_.constants_in_payload) {
      constant_entries_.push_back({{"offset", 0}, {"size", 0}});  // index 0: "no data"
    } else {
      constant_entries_.push_back({{"storage", json::array()}});
      buffer_sizes_.push_back(0);
    }
  }

  std::uint32_t tensor(const std::vector<std::size_t>& dims, std::uint32_t flags = 0, std::uint32_t constant_index = 0) {
    const auto id = static_cast<std::uint32_t>(values_.size());
    std::uint32_t external_id = kXnnInvalidValueId;
    if (flags != 0) external_id = next_external_++;
    values_.push_back({{"xvalue_union_type", "XNNTensorValue"},
                       {"xvalue_union",
                        {{"datatype", "xnn_datatype_fp32"},
                         {"num_dims", dims.size()},
                         {"dims", dims},
                         {"constant_buffer_idx", constant_index},
                         {"external_id", external_id},
                         {"flags", flags},
                         {"id_out", id}}}});
    if (flags & kExternalInput) input_ids_.push_back(id);
    if (flags & kExternalOutput) output_ids_.push_back(id);
    return id;
  }

  std::uint32_t input(const std::vector<std::size_t>& dims, std::uint32_t seed) {
    const std::uint32_t id = tensor(dims, kExternalInput);
    inputs_.push_back({id, external_id_of(id), reference::Tensor{dims, sample_values(dims_product(dims), seed)}});
    return id;
  }

  std::uint32_t output(const std::vector<std::size_t>& dims) { return tensor(dims, kExternalOutput); }

  // Weights scaled by a power of two keep every value exact.
  std::uint32_t constant(const std::vector<std::size_t>& dims, std::uint32_t seed, float scale = 1.0f) {
    std::vector<float> values = sample_values(dims_product(dims), seed);
    for (float& value : values) value *= scale;
    const auto index = static_cast<std::uint32_t>(constant_entries_.size());
    const std::size_t size = values.size() * sizeof(float);
    if (facts_.constants_in_payload) {
      const std::size_t offset = constant_data_.size();
      constant_data_.resize(offset + ((size + kConstantAlignment - 1) / kConstantAlignment) * kConstantAlignment, 0);
      std::memcpy(constant_data_.data() + offset, values.data(), size);
      constant_entries_.push_back({{"offset", offset}, {"size", size}});
    } else {
      std::vector<std::uint8_t> bytes(size);
      std::memcpy(bytes.data(), values.data(), size);
      constant_entries_.push_back({{"storage", bytes}});
      buffer_sizes_.push_back(static_cast<std::uint32_t>(size));
    }
    return tensor(dims, 0, index);
  }

  void node(const std::string& kind, json payload, std::optional<std::pair<float, float>> range = std::nullopt) {
    json node{{"xnode_union_type", kind}, {"xnode_union", std::move(payload)}, {"debug_handle", nodes_.size() + 1}};
    if (range) node["output_min_max"] = {{"output_min", range->first}, {"output_max", range->second}};
    nodes_.push_back(std::move(node));
  }

  void raw_value(json value) { values_.push_back(std::move(value)); }
  std::uint32_t value_count() const { return static_cast<std::uint32_t>(values_.size()); }

  json finish() const {
    json graph{{"version", "0"},
               {"xnodes", nodes_},
               {"xvalues", values_},
               {"num_externs", next_external_},
               {"input_ids", input_ids_},
               {"output_ids", output_ids_}};
    if (facts_.constants_in_payload) {
      graph["constant_data"] = constant_entries_;
    } else {
      graph["constant_buffer"] = constant_entries_;
      graph["mem_buffer_sizes"] = buffer_sizes_;
    }
    return graph;
  }

  const std::vector<std::uint8_t>& constant_data() const { return constant_data_; }
  const std::vector<GoldenTensor>& inputs() const { return inputs_; }

 private:
  std::uint32_t external_id_of(std::uint32_t id) const {
    return values_[id]["xvalue_union"]["external_id"].get<std::uint32_t>();
  }

  const WriterFacts& facts_;
  json nodes_ = json::array();
  json values_ = json::array();
  json constant_entries_ = json::array();
  std::vector<std::uint32_t> buffer_sizes_;
  std::vector<std::uint8_t> constant_data_;
  std::vector<std::uint32_t> input_ids_;
  std::vector<std::uint32_t> output_ids_;
  std::vector<GoldenTensor> inputs_;
  std::uint32_t next_external_ = 0;
};

json conv_payload(std::uint32_t input, std::uint32_t filter, std::uint32_t bias, std::uint32_t output, std::uint32_t kernel,
                  std::uint32_t padding, std::uint32_t stride, std::uint32_t groups, std::uint32_t group_in, std::uint32_t group_out) {
  return {{"padding_top", padding},      {"padding_right", padding},   {"padding_bottom", padding},
          {"padding_left", padding},     {"kernel_height", kernel},    {"kernel_width", kernel},
          {"subsampling_height", stride}, {"subsampling_width", stride}, {"dilation_height", 1},
          {"dilation_width", 1},         {"group_input_channels", group_in}, {"group_output_channels", group_out},
          {"groups", groups},            {"adjustment_height", 0},     {"adjustment_width", 0},
          {"input1_id", input},          {"filter_id", filter},        {"bias_id", bias},
          {"output_id", output},         {"flags", 0}};
}

json pooling_payload(std::uint32_t input, std::uint32_t output, std::uint32_t size, std::uint32_t stride) {
  return {{"padding_top", 0},     {"padding_right", 0},     {"padding_bottom", 0},  {"padding_left", 0},
          {"pooling_height", size}, {"pooling_width", size}, {"stride_height", stride}, {"stride_width", stride},
          {"dilation_height", 1}, {"dilation_width", 1},    {"input_id", input},    {"output_id", output},
          {"flags", 0}};
}

json binary_payload(std::uint32_t a, std::uint32_t b, std::uint32_t output) {
  return {{"input1_id", a}, {"input2_id", b}, {"output_id", output}, {"flags", 0}};
}

json unary_payload(std::uint32_t input, std::uint32_t output) {
  return {{"input_id", input}, {"output_id", output}, {"flags", 0}};
}

json fully_connected_payload(std::uint32_t input, std::uint32_t filter, std::uint32_t bias, std::uint32_t output) {
  return {{"input1_id", input}, {"filter_id", filter}, {"bias_id", bias}, {"output_id", output}, {"flags", 0}};
}

GoldenProgramPlan finish_plan(const GraphBuilder& graph, GoldenProgramPlan plan) {
  plan.graph = graph.finish();
  plan.constant_data = graph.constant_data();
  plan.inputs = graph.inputs();
  return plan;
}

// conv 3x3 (+bias, relu6) -> max pool 2x2 -> depthwise 3x3 -> average pool 3x3 -> fully connected -> clamp.
GoldenProgramPlan conv_pool_fc(const WriterFacts& facts) {
  GraphBuilder g(facts);
  const auto x = g.input({1, 6, 6, 2}, 1);
  const auto w1 = g.constant({4, 3, 3, 2}, 2, 0.25f);
  const auto b1 = g.constant({4}, 3);
  const auto t1 = g.tensor({1, 6, 6, 4});
  const auto t2 = g.tensor({1, 3, 3, 4});
  const auto w2 = g.constant({1, 3, 3, 4}, 4, 0.25f);
  const auto b2 = g.constant({4}, 5);
  const auto t3 = g.tensor({1, 3, 3, 4});
  const auto t4 = g.tensor({1, 1, 1, 4});
  const auto w3 = g.constant({3, 4}, 6, 0.5f);
  const auto b3 = g.constant({3}, 7);
  const auto t5 = g.tensor({1, 1, 1, 3});
  const auto y = g.output({1, 1, 1, 3});
  g.node("XNNConv2d", conv_payload(x, w1, b1, t1, 3, 1, 1, 1, 2, 4), std::make_pair(0.0f, 6.0f));
  g.node("XNNMaxPooling2d", pooling_payload(t1, t2, 2, 2));
  g.node("XNNDepthwiseConv2d", conv_payload(t2, w2, b2, t3, 3, 1, 1, 4, 1, 1));
  g.node("XNNAvgPooling2d", pooling_payload(t3, t4, 3, 1));
  g.node("XNNFullyConnected", fully_connected_payload(t4, w3, b3, t5));
  g.node("XNNClamp", unary_payload(t5, y), std::make_pair(-2.0f, 2.0f));
  GoldenProgramPlan plan;
  plan.name = "conv_pool_fc";
  plan.purpose = "runnable: conv2d 3x3 (relu6), max pool 2x2, depthwise 3x3, average pool 3x3, fully connected, clamp [-2, 2]";
  plan.location = DelegateLocation::Inline;
  plan.runnable = true;
  return finish_plan(g, plan);
}

// fully connected -> clamp (relu6) -> fully connected -> add a constant row (broadcast).
GoldenProgramPlan mlp(const WriterFacts& facts) {
  GraphBuilder g(facts);
  const auto x = g.input({2, 4}, 11);
  const auto w1 = g.constant({5, 4}, 12);
  const auto b1 = g.constant({5}, 13);
  const auto h1 = g.tensor({2, 5});
  const auto h2 = g.tensor({2, 5});
  const auto w2 = g.constant({3, 5}, 14);
  const auto h3 = g.tensor({2, 3});
  const auto shift = g.constant({3}, 15);
  const auto y = g.output({2, 3});
  g.node("XNNFullyConnected", fully_connected_payload(x, w1, b1, h1));
  g.node("XNNClamp", unary_payload(h1, h2), std::make_pair(0.0f, 6.0f));
  g.node("XNNFullyConnected", fully_connected_payload(h2, w2, kXnnInvalidValueId, h3));
  g.node("XNNAdd", binary_payload(h3, shift, y));
  GoldenProgramPlan plan;
  plan.name = "mlp";
  plan.purpose = "runnable: fully connected, clamp, fully connected without bias, add of a broadcast constant; in a segment";
  plan.location = DelegateLocation::Segment;
  plan.runnable = true;
  return finish_plan(g, plan);
}

// (a + b) * a - b, then concatenated with a + b along channels. No constants: the payload has no header.
GoldenProgramPlan elementwise(const WriterFacts& facts) {
  GraphBuilder g(facts);
  const auto a = g.input({1, 2, 2, 3}, 21);
  const auto b = g.input({1, 2, 2, 3}, 22);
  const auto sum = g.tensor({1, 2, 2, 3});
  const auto product_id = g.tensor({1, 2, 2, 3});
  const auto difference = g.tensor({1, 2, 2, 3});
  const auto y = g.output({1, 2, 2, 6});
  g.node("XNNAdd", binary_payload(a, b, sum));
  g.node("XNNMultiply", binary_payload(sum, a, product_id));
  g.node("XNNSubtract", binary_payload(product_id, b, difference));
  g.node("XNNConcatenate2", {{"axis", 3}, {"input1_id", difference}, {"input2_id", sum}, {"output_id", y}, {"flags", 0}});
  GoldenProgramPlan plan;
  plan.name = "elementwise";
  plan.purpose = "runnable: add, multiply, subtract, concatenate along channels; payload without the XH00 header, in a segment";
  plan.location = DelegateLocation::Segment;
  plan.xh00_header = false;
  plan.runnable = true;
  return finish_plan(g, plan);
}

// Nearest-neighbour x2 upsampling lowered as concatenate(4 copies along channels) + depth-to-space(2),
// then a 1x1 convolution of the upsampled image. Both results are outputs.
GoldenProgramPlan upsample_nearest_x2(const WriterFacts& facts) {
  GraphBuilder g(facts);
  const auto x = g.input({1, 3, 3, 2}, 31);
  const auto copies = g.tensor({1, 3, 3, 8});
  const auto upsampled = g.output({1, 6, 6, 2});
  const auto w = g.constant({3, 1, 1, 2}, 32);
  const auto bias = g.constant({3}, 33);
  const auto y = g.output({1, 6, 6, 3});
  g.node("XNNConcatenate4",
         {{"axis", 3}, {"input1_id", x}, {"input2_id", x}, {"input3_id", x}, {"input4_id", x}, {"output_id", copies}, {"flags", 0}});
  g.node("XNNDepthToSpace2d", {{"input_id", copies}, {"output_id", upsampled}, {"block_size", 2}, {"flags", 0}});
  g.node("XNNConv2d", conv_payload(upsampled, w, bias, y, 1, 0, 1, 1, 2, 3));
  GoldenProgramPlan plan;
  plan.name = "upsample_nearest_x2";
  plan.purpose = "runnable: nearest x2 upsample as concatenate4 + depth-to-space (block 2, DCR), then a 1x1 conv; two outputs";
  plan.location = DelegateLocation::Inline;
  plan.runnable = true;
  return finish_plan(g, plan);
}

// ---- every member, fields filled from the schema ----

constexpr std::uint32_t kValuePool = 8;  // fp32 tensors 0..7 that node id fields refer to

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

class FieldFiller {
 public:
  explicit FieldFiller(const WriterFacts& facts) : facts_(facts) {}

  // A scalar distinct per slot, so that a field read from the wrong slot reads a different value.
  json scalar(const Field& field, BaseType base) const {
    const std::uint32_t slot = field.slot;
    if (!field.type.ref.empty()) {
      if (const Enum* e = facts_.schema.find_enum(field.type.ref)) {
        const EnumValue& chosen = e->values.size() > 1 ? e->values[1 + slot % (e->values.size() - 1)] : e->values.front();
        return chosen.name;
      }
    }
    switch (base) {
      case BaseType::Bool: return true;
      case BaseType::Float:
      case BaseType::Double: return (slot + 1) * 0.5;
      default: break;
    }
    if (ends_with(field.name, "_id")) return slot % kValuePool;
    return slot + 1;
  }

  // Every non-deprecated field of `table`; unions take the member `union_choice` (1-based).
  json table(const Composite& composite, std::size_t union_choice = 1, int depth = 0) const {
    json out = json::object();
    for (const Field& field : composite.fields) {
      if (field.deprecated || field.type.base == BaseType::UType) continue;
      const Type& type = field.type;
      switch (type.base) {
        case BaseType::String: out[field.name] = field.name; break;
        case BaseType::Vector:
          if (type.element == BaseType::String) {
            out[field.name] = json::array({field.name});
          } else if (type.element == BaseType::Struct) {
            if (const Composite* element = facts_.schema.find_composite(type.ref); element != nullptr && depth < 2) {
              out[field.name] = json::array({table(*element, 1, depth + 1)});
            }
          } else if (type.element == BaseType::Float || type.element == BaseType::Double) {
            out[field.name] = json::array({0.5, 0.25});
          } else {
            out[field.name] = json::array({scalar(field, type.element), field.slot + 2});
          }
          break;
        case BaseType::Struct:
          if (const Composite* nested = facts_.schema.find_composite(type.ref); nested != nullptr && depth < 2) {
            out[field.name] = table(*nested, 1, depth + 1);
          }
          break;
        case BaseType::Union:
          if (const Enum* u = facts_.schema.find_enum(type.ref); u != nullptr && !u->values.empty() && depth < 2) {
            const EnumValue& member = u->values[std::min(union_choice, u->values.size()) - 1];
            if (const Composite* member_table = facts_.schema.find_composite(member.table)) {
              out[field.name + "_type"] = member.name;
              out[field.name] = table(*member_table, 1, depth + 1);
            }
          }
          break;
        case BaseType::Array: break;
        default: out[field.name] = scalar(field, type.base); break;
      }
    }
    return out;
  }

 private:
  const WriterFacts& facts_;
};

GoldenProgramPlan all_members(const WriterFacts& facts) {
  GraphBuilder g(facts);
  g.input({1, 2, 2, 2}, 41);
  g.output({1, 2, 2, 2});
  for (std::uint32_t i = 2; i < kValuePool; ++i) g.tensor({1, 2, 2, 2});
  const FieldFiller filler(facts);

  // Every XValueUnion member other than the plain tensor: one value per member of each union it holds.
  const Composite* tensor_table = facts.table("XNNTensorValue");
  for (const EnumValue& member : facts.values->values) {
    const Composite* table = facts.schema.find_composite(member.table);
    if (table == nullptr) continue;
    if (table == tensor_table) {
      // A tensor with every field the writer knows set, including dq_datatype where it still exists.
      json tensor = filler.table(*table);
      tensor["datatype"] = "xnn_datatype_fp32";
      tensor["num_dims"] = 2;
      tensor["dims"] = {3, 4};
      tensor["constant_buffer_idx"] = 0;
      tensor["flags"] = 0;
      tensor["external_id"] = kXnnInvalidValueId;
      tensor["id_out"] = g.value_count();
      g.raw_value({{"xvalue_union_type", member.name}, {"xvalue_union", tensor}});
      continue;
    }
    std::size_t choices = 1;
    for (const Field& field : table->fields) {
      if (field.type.base != BaseType::Union || field.deprecated) continue;
      if (const Enum* u = facts.schema.find_enum(field.type.ref)) choices = std::max(choices, u->values.size());
    }
    for (std::size_t choice = 1; choice <= choices; ++choice) {
      json value = filler.table(*table, choice);
      for (auto& [key, field_value] : value.items()) {
        const Field* field = table->find_field(key);
        if (field != nullptr && field->type.ref == (tensor_table ? tensor_table->name : "")) {
          field_value = {{"datatype", "xnn_datatype_qint8"}, {"num_dims", 1}, {"dims", {4}}, {"constant_buffer_idx", 0},
                         {"external_id", kXnnInvalidValueId}, {"flags", 0}, {"id_out", g.value_count()}};
        }
      }
      g.raw_value({{"xvalue_union_type", member.name}, {"xvalue_union", value}});
    }
  }

  for (const EnumValue& member : facts.nodes->values) {
    const Composite* table = facts.schema.find_composite(member.table);
    if (table == nullptr) continue;
    const bool bounded = member.value % 3 == 0;
    g.node(member.name, filler.table(*table),
           bounded ? std::optional<std::pair<float, float>>(std::make_pair(-1.5f, 2.5f)) : std::nullopt);
  }
  GoldenProgramPlan plan;
  plan.name = "all_members";
  plan.purpose = "coverage (not runnable): every XNodeUnion, XValueUnion and XNNQuantParams member, each slot a distinct value";
  plan.location = DelegateLocation::Inline;
  plan.xh00_header = false;
  plan.extended_header = false;
  return finish_plan(g, plan);
}

}  // namespace

namespace {

// A runnable plan as `release`'s exporter writes it: its delegate inline or in a segment as that exporter
// stores it, the XH00 header whenever the writer has constant data to point at.
GoldenProgramPlan exported_variant(const GoldenProgramPlan& plan, const RuntimeRelease& release, bool constants_in_payload) {
  GoldenProgramPlan exported = plan;
  exported.name = plan.name + "_exported";
  exported.exported_as = release;
  exported.location = exporter_shape(release).delegates_in_segments ? DelegateLocation::Segment : DelegateLocation::Inline;
  exported.extended_header = exported.location == DelegateLocation::Segment;
  exported.xh00_header = constants_in_payload;
  const std::string network = plan.purpose.substr(0, plan.purpose.find(';'));
  exported.purpose = fmt::format("{}; as ExecuTorch {}'s exporter writes it ({}, {} XH00 header)", network,
                                 release.text(), exported.location == DelegateLocation::Segment ? "in a segment" : "inline",
                                 constants_in_payload ? "with the" : "without the");
  return exported;
}

}  // namespace

Expected<std::vector<GoldenProgramPlan>> golden_catalogue(const Schema& writer, const RuntimeRelease& first_release) {
  auto facts = writer_facts(writer);
  if (!facts) return facts.error();
  std::vector<GoldenProgramPlan> plans;
  auto has_all = [&](std::initializer_list<const char*> names) {
    for (const char* name : names) {
      if (!facts->has_node(name)) return false;
    }
    return true;
  };
  if (has_all({"XNNConv2d", "XNNMaxPooling2d", "XNNDepthwiseConv2d", "XNNAvgPooling2d", "XNNFullyConnected", "XNNClamp"})) {
    plans.push_back(conv_pool_fc(*facts));
  }
  if (has_all({"XNNFullyConnected", "XNNClamp", "XNNAdd"})) plans.push_back(mlp(*facts));
  if (has_all({"XNNAdd", "XNNMultiply", "XNNSubtract", "XNNConcatenate2"})) plans.push_back(elementwise(*facts));
  if (has_all({"XNNConcatenate4", "XNNDepthToSpace2d", "XNNConv2d"})) plans.push_back(upsample_nearest_x2(*facts));
  plans.push_back(all_members(*facts));
  // The XH00 header exists to point at the payload's constant data; a writer without
  // XNNGraph.constant_data (0.1.0) keeps constants in constant_buffer and never wrote the header, and a
  // runtime that sees the header reads constants from constant_data.
  if (!facts->constants_in_payload) {
    for (GoldenProgramPlan& plan : plans) plan.xh00_header = false;
  }
  const std::size_t frozen = plans.size();
  for (std::size_t p = 0; p < frozen; ++p) {
    if (plans[p].runnable) plans.push_back(exported_variant(plans[p], first_release, facts->constants_in_payload));
  }
  return plans;
}

}  // namespace fbcompat
