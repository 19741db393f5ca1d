#include "golden_programs/reference_graph.h"

#include <cstring>
#include <optional>
#include <string>

#include <fmt/format.h>

namespace fbcompat {
namespace {

using nlohmann::json;
using reference::Tensor;

Error graph_error(const std::string& message) { return Error{"", 0, 0, message}; }

std::uint32_t field_u32(const json& table, const char* name, std::uint32_t fallback = 0) {
  const auto found = table.find(name);
  return found != table.end() && found->is_number() ? found->get<std::uint32_t>() : fallback;
}

class Interpreter {
 public:
  Interpreter(const json& graph, const ConstantBytes& constants) : graph_(graph), constants_(constants) {}

  Expected<TensorsById> run(const TensorsById& inputs) {
    if (auto problem = index_values()) return *problem;
    tensors_ = inputs;
    const json& nodes = graph_.value("xnodes", json::array());
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      if (auto problem = run_node(nodes[i])) {
        return graph_error(fmt::format("node {} ({}): {}", i, nodes[i].value("xnode_union_type", "?"), problem->message));
      }
    }
    TensorsById outputs;
    for (const json& id : graph_.value("output_ids", json::array())) {
      auto tensor = fetch(id.get<std::uint32_t>());
      if (!tensor) return tensor.error();
      outputs.emplace(id.get<std::uint32_t>(), std::move(tensor.value()));
    }
    return outputs;
  }

 private:
  std::optional<Error> index_values() {
    const auto values = graph_.find("xvalues");
    if (values == graph_.end() || !values->is_array()) return graph_error("the graph has no xvalues");
    for (const json& value : *values) {  // values_ keeps pointers into graph_
      if (value.value("xvalue_union_type", "") != "XNNTensorValue") continue;
      const json& tensor = value.at("xvalue_union");
      values_[field_u32(tensor, "id_out")] = &tensor;
    }
    return std::nullopt;
  }

  // The tensor of a value id: computed, given, or constant data.
  Expected<Tensor> fetch(std::uint32_t id) {
    const auto known = tensors_.find(id);
    if (known != tensors_.end()) return known->second;
    const auto value = values_.find(id);
    if (value == values_.end()) return graph_error(fmt::format("value {} is neither computed, an input nor an fp32 tensor", id));
    const json& tensor = *value->second;
    if (tensor.value("datatype", "") != "xnn_datatype_fp32") return graph_error(fmt::format("value {} is not fp32", id));
    const std::uint32_t index = field_u32(tensor, "constant_buffer_idx");
    if (index == 0) return graph_error(fmt::format("value {} is used before it is computed and has no data", id));
    Tensor result;
    for (const json& dim : tensor.value("dims", json::array())) result.dims.push_back(dim.get<std::size_t>());
    auto bytes = constant_bytes(index);
    if (!bytes) return bytes.error();
    if (bytes->second != result.element_count() * sizeof(float)) {
      return graph_error(fmt::format("value {} has {} bytes of constant data for {} floats", id, bytes->second, result.element_count()));
    }
    result.values.resize(result.element_count());
    if (bytes->second != 0) std::memcpy(result.values.data(), bytes->first, bytes->second);
    tensors_.emplace(id, result);
    return result;
  }

  Expected<std::pair<const std::uint8_t*, std::size_t>> constant_bytes(std::uint32_t index) {
    if (const auto entries = graph_.find("constant_data"); entries != graph_.end() && index < entries->size()) {
      const json& entry = (*entries)[index];
      const auto offset = entry.value("offset", std::uint64_t{0});
      const auto size = entry.value("size", std::uint64_t{0});
      if (offset > constants_.constant_data_size || size > constants_.constant_data_size - offset) {
        return graph_error(fmt::format("constant data entry {} (offset {}, size {}) is outside the {} bytes of constant data",
                                       index, offset, size, constants_.constant_data_size));
      }
      return std::make_pair(constants_.constant_data + offset, static_cast<std::size_t>(size));
    }
    if (const auto buffers = graph_.find("constant_buffer"); buffers != graph_.end() && index < buffers->size()) {
      const json& storage = (*buffers)[index].value("storage", json::array());
      auto& bytes = decoded_buffers_[index];
      bytes.clear();
      for (const json& byte : storage) bytes.push_back(byte.get<std::uint8_t>());
      return std::make_pair(static_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    }
    return graph_error(fmt::format("constant index {} is in neither constant_data nor constant_buffer", index));
  }

  static reference::OutputRange range_of(const json& node) {
    reference::OutputRange range;
    if (const auto found = node.find("output_min_max"); found != node.end()) {
      range.min = found->value("output_min", 0.0f);
      range.max = found->value("output_max", 0.0f);
    }
    return range;
  }

  static reference::Window2d conv_window(const json& p) {
    reference::Window2d w;
    w.padding_top = field_u32(p, "padding_top");
    w.padding_right = field_u32(p, "padding_right");
    w.padding_bottom = field_u32(p, "padding_bottom");
    w.padding_left = field_u32(p, "padding_left");
    w.height = field_u32(p, "kernel_height", 1);
    w.width = field_u32(p, "kernel_width", 1);
    w.stride_height = field_u32(p, "subsampling_height", 1);
    w.stride_width = field_u32(p, "subsampling_width", 1);
    w.dilation_height = field_u32(p, "dilation_height", 1);
    w.dilation_width = field_u32(p, "dilation_width", 1);
    return w;
  }

  static reference::Window2d pooling_window(const json& p) {
    reference::Window2d w = conv_window(p);
    w.height = field_u32(p, "pooling_height", 1);
    w.width = field_u32(p, "pooling_width", 1);
    w.stride_height = field_u32(p, "stride_height", 1);
    w.stride_width = field_u32(p, "stride_width", 1);
    return w;
  }

  std::optional<Error> store(std::uint32_t id, Expected<Tensor> result) {
    if (!result) return result.error();
    tensors_[id] = std::move(result.value());
    return std::nullopt;
  }

  // Fetches the tensors of the named id fields, in order.
  Expected<std::vector<Tensor>> operands(const json& p, std::initializer_list<const char*> names) {
    std::vector<Tensor> tensors;
    for (const char* name : names) {
      auto tensor = fetch(field_u32(p, name, kXnnInvalidValueId));
      if (!tensor) return tensor.error();
      tensors.push_back(std::move(tensor.value()));
    }
    return tensors;
  }

  std::optional<Error> run_node(const json& node) {
    const std::string kind = node.value("xnode_union_type", "");
    const json& p = node.at("xnode_union");
    const reference::OutputRange range = range_of(node);
    const bool has_bias = field_u32(p, "bias_id", kXnnInvalidValueId) != kXnnInvalidValueId;
    if (kind == "XNNConv2d" || kind == "XNNDepthwiseConv2d" || kind == "XNNFullyConnected") {
      auto in = operands(p, {"input1_id", "filter_id"});
      if (!in) return in.error();
      Tensor bias;
      if (has_bias) {
        auto fetched = fetch(field_u32(p, "bias_id"));
        if (!fetched) return fetched.error();
        bias = std::move(fetched.value());
      }
      const Tensor* bias_ptr = has_bias ? &bias : nullptr;
      if (kind == "XNNFullyConnected") return store(field_u32(p, "output_id"), reference::fully_connected((*in)[0], (*in)[1], bias_ptr, range));
      if (kind == "XNNConv2d") {
        reference::Conv2dParams params{conv_window(p), field_u32(p, "groups", 1), field_u32(p, "group_input_channels", 1),
                                       field_u32(p, "group_output_channels", 1), range};
        return store(field_u32(p, "output_id"), reference::conv2d((*in)[0], (*in)[1], bias_ptr, params));
      }
      const std::uint32_t gic = field_u32(p, "group_input_channels", 1);
      reference::DepthwiseConv2dParams params{conv_window(p), gic == 0 ? 0 : field_u32(p, "group_output_channels", 1) / gic, range};
      return store(field_u32(p, "output_id"), reference::depthwise_conv2d((*in)[0], (*in)[1], bias_ptr, params));
    }
    if (kind == "XNNMaxPooling2d" || kind == "XNNAvgPooling2d") {
      auto in = operands(p, {"input_id"});
      if (!in) return in.error();
      return store(field_u32(p, "output_id"), kind == "XNNMaxPooling2d" ? reference::max_pooling2d((*in)[0], pooling_window(p), range)
                                                                        : reference::average_pooling2d((*in)[0], pooling_window(p), range));
    }
    if (kind == "XNNAdd" || kind == "XNNMultiply" || kind == "XNNSubtract") {
      auto in = operands(p, {"input1_id", "input2_id"});
      if (!in) return in.error();
      const Tensor& a = (*in)[0];
      const Tensor& b = (*in)[1];
      return store(field_u32(p, "output_id"), kind == "XNNAdd"        ? reference::add(a, b, range)
                                              : kind == "XNNMultiply" ? reference::multiply(a, b, range)
                                                                      : reference::subtract(a, b, range));
    }
    if (kind == "XNNClamp") {
      auto in = operands(p, {"input_id"});
      if (!in) return in.error();
      return store(field_u32(p, "output_id"), reference::clamp((*in)[0], range));
    }
    if (kind.rfind("XNNConcatenate", 0) == 0) {
      const int count = std::stoi(kind.substr(std::string("XNNConcatenate").size()));
      std::vector<Tensor> tensors;
      for (int i = 1; i <= count; ++i) {
        auto tensor = fetch(field_u32(p, fmt::format("input{}_id", i).c_str(), kXnnInvalidValueId));
        if (!tensor) return tensor.error();
        tensors.push_back(std::move(tensor.value()));
      }
      std::vector<const Tensor*> pointers;
      for (const Tensor& tensor : tensors) pointers.push_back(&tensor);
      auto result = reference::concatenate(pointers, field_u32(p, "axis"));
      if (result) result.value() = reference::clamp(*result, range);
      return store(field_u32(p, "output_id"), std::move(result));
    }
    if (kind == "XNNDepthToSpace2d") {
      auto in = operands(p, {"input_id"});
      if (!in) return in.error();
      return store(field_u32(p, "output_id"), reference::depth_to_space((*in)[0], field_u32(p, "block_size")));
    }
    return graph_error(fmt::format("the reference runtime has no {}", kind.empty() ? "node without a type" : kind));
  }

  const json& graph_;
  const ConstantBytes& constants_;
  std::map<std::uint32_t, const json*> values_;
  std::map<std::uint32_t, std::vector<std::uint8_t>> decoded_buffers_;
  TensorsById tensors_;
};

}  // namespace

Expected<TensorsById> run_reference_graph(const nlohmann::json& graph, const ConstantBytes& constants, const TensorsById& inputs) {
  try {
    return Interpreter(graph, constants).run(inputs);
  } catch (const nlohmann::json::exception& problem) {
    return Error{"", 0, 0, fmt::format("graph JSON is not an XNNGraph: {}", problem.what())};
  }
}

}  // namespace fbcompat
