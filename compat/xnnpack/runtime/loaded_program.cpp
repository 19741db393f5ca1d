// Running a loaded program: binding the caller's buffers to the external values, then XNNPACK's
// setup and invoke.
#include <fmt/format.h>
#include <xnnpack.h>

#include <algorithm>
#include <cstring>

#include "fbcompat/xnnpack/runtime/reference_runtime.h"
#include "runtime/node_context.h"
#include "runtime/program_state.h"

namespace fbcompat::xnnpack {
namespace {

static_assert(kInputPaddingBytes >= XNN_EXTRA_BYTES, "inputs must be padded as the linked XNNPACK reads");

Error run_error(const std::string& message) { return Error{"", 0, 0, message}; }

const TensorInfo* find_external(const std::vector<TensorInfo>& tensors, std::uint32_t external_id) {
  for (const TensorInfo& tensor : tensors) {
    if (tensor.external_id == external_id) return &tensor;
  }
  return nullptr;
}

}  // namespace

std::size_t TensorInfo::element_count() const {
  std::size_t count = 1;
  for (const std::size_t extent : dims) count *= extent;
  return count;
}

LoadedProgram::LoadedProgram(std::unique_ptr<State> state) : state_(std::move(state)) {}
LoadedProgram::LoadedProgram(LoadedProgram&& other) noexcept = default;
LoadedProgram& LoadedProgram::operator=(LoadedProgram&& other) noexcept = default;
LoadedProgram::~LoadedProgram() = default;

const std::vector<TensorInfo>& LoadedProgram::inputs() const { return state_->inputs; }
const std::vector<TensorInfo>& LoadedProgram::outputs() const { return state_->outputs; }
const std::vector<std::string>& LoadedProgram::node_types() const { return state_->node_types; }

Expected<std::monostate> LoadedProgram::run_in_place(const std::vector<Binding>& bindings) {
  const std::size_t expected = state_->inputs.size() + state_->outputs.size();
  std::vector<xnn_external_value> externals;
  externals.reserve(bindings.size());
  for (const Binding& binding : bindings) {
    if (find_external(state_->inputs, binding.external_id) == nullptr &&
        find_external(state_->outputs, binding.external_id) == nullptr) {
      return run_error(fmt::format("no input or output has external id {}", binding.external_id));
    }
    if (binding.data == nullptr) return run_error(fmt::format("external id {} is bound to no buffer", binding.external_id));
    const bool repeated = std::any_of(externals.begin(), externals.end(),
                                      [&](const xnn_external_value& bound) { return bound.id == binding.external_id; });
    if (repeated) return run_error(fmt::format("external id {} is bound twice", binding.external_id));
    externals.push_back(xnn_external_value{binding.external_id, binding.data});
  }
  if (externals.size() != expected) {
    return run_error(fmt::format("{} buffers bound; the program has {} inputs and {} outputs", externals.size(),
                                 state_->inputs.size(), state_->outputs.size()));
  }
  if (const xnn_status status = xnn_setup_runtime(state_->runtime, externals.size(), externals.data());
      status != xnn_status_success) {
    return run_error(fmt::format("xnn_setup_runtime failed: {}", xnn_status_text(status)));
  }
  if (const xnn_status status = xnn_invoke_runtime(state_->runtime); status != xnn_status_success) {
    return run_error(fmt::format("xnn_invoke_runtime failed: {}", xnn_status_text(status)));
  }
  return std::monostate{};
}

Expected<std::map<std::uint32_t, std::vector<float>>> LoadedProgram::run(
    const std::map<std::uint32_t, std::vector<float>>& inputs) {
  constexpr std::size_t kPaddingFloats = (kInputPaddingBytes + sizeof(float) - 1) / sizeof(float);
  for (const auto& [external_id, values] : inputs) {
    if (find_external(state_->inputs, external_id) == nullptr) {
      return run_error(fmt::format("no input has external id {}", external_id));
    }
  }
  std::vector<Binding> bindings;
  // The inputs are copied so that XNNPACK may read past their end.
  std::vector<std::vector<float>> padded_inputs;
  padded_inputs.reserve(state_->inputs.size());
  for (const TensorInfo& input : state_->inputs) {
    if (input.datatype != "xnn_datatype_fp32") {
      return run_error(fmt::format("input {} is {}, not fp32; use run_in_place", input.external_id, input.datatype));
    }
    const auto given = inputs.find(input.external_id);
    if (given == inputs.end()) return run_error(fmt::format("input {} is missing", input.external_id));
    if (given->second.size() != input.element_count()) {
      return run_error(fmt::format("input {} has {} values; its dims [{}] need {}", input.external_id,
                                   given->second.size(), fmt::join(input.dims, ", "), input.element_count()));
    }
    std::vector<float>& padded = padded_inputs.emplace_back(input.element_count() + kPaddingFloats, 0.0f);
    std::copy(given->second.begin(), given->second.end(), padded.begin());
    bindings.push_back(Binding{input.external_id, padded.data()});
  }
  std::map<std::uint32_t, std::vector<float>> outputs;
  for (const TensorInfo& output : state_->outputs) {
    if (output.datatype != "xnn_datatype_fp32") {
      return run_error(fmt::format("output {} is {}, not fp32; use run_in_place", output.external_id, output.datatype));
    }
    std::vector<float>& buffer = outputs[output.external_id];
    buffer.resize(output.element_count());
    bindings.push_back(Binding{output.external_id, buffer.data()});
  }
  if (auto status = run_in_place(bindings); !status) return status.error();
  return outputs;
}

Expected<std::vector<std::vector<float>>> LoadedProgram::run_in_order(const std::vector<std::vector<float>>& inputs) {
  if (inputs.size() != state_->inputs.size()) {
    return run_error(fmt::format("{} inputs given; the program has {}", inputs.size(), state_->inputs.size()));
  }
  std::map<std::uint32_t, std::vector<float>> by_id;
  for (std::size_t i = 0; i < inputs.size(); ++i) by_id.emplace(state_->inputs[i].external_id, inputs[i]);
  auto outputs = run(by_id);
  if (!outputs) return outputs.error();
  std::vector<std::vector<float>> ordered;
  ordered.reserve(state_->outputs.size());
  for (const TensorInfo& output : state_->outputs) ordered.push_back(std::move(outputs->at(output.external_id)));
  return ordered;
}

}  // namespace fbcompat::xnnpack
