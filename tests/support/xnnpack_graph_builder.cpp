#include "support/xnnpack_graph_builder.h"

#include <cstring>

namespace fbcompat::test {
namespace {

using fb_xnnpack::XNNDatatype;

void put_le(std::vector<std::uint8_t>& bytes, std::size_t at, std::uint64_t value, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) bytes[at + i] = static_cast<std::uint8_t>(value >> (8 * i));
}

std::size_t round_up(std::size_t value, std::size_t alignment) { return (value + alignment - 1) / alignment * alignment; }

}  // namespace

std::uint32_t XnnGraphBuilder::add_value(flatbuffers::Offset<void> value, fb_xnnpack::XValueUnion type) {
  values_.push_back(fb_xnnpack::CreateXValue(fbb_, type, value));
  return static_cast<std::uint32_t>(values_.size() - 1);
}

std::uint32_t XnnGraphBuilder::tensor(XNNDatatype datatype, const Dims& dims, std::uint32_t flags,
                                      std::uint32_t external_id, std::uint32_t constant_index) {
  const auto id = static_cast<std::uint32_t>(values_.size());
  auto value = fb_xnnpack::CreateXNNTensorValueDirect(fbb_, datatype, static_cast<std::uint32_t>(dims.size()), &dims,
                                                      constant_index, external_id, flags, id);
  return add_value(value.Union(), fb_xnnpack::XValueUnion::XNNTensorValue);
}

std::uint32_t XnnGraphBuilder::external(const Dims& dims, std::uint32_t flag) {
  return external_tensor(XNNDatatype::xnn_datatype_fp32, dims, flag);
}

std::uint32_t XnnGraphBuilder::external_tensor(XNNDatatype datatype, const Dims& dims, std::uint32_t flag) {
  const std::uint32_t id = tensor(datatype, dims, flag, next_external_++, 0);
  (flag == 1 ? input_ids_ : output_ids_).push_back(id);
  return id;
}

std::uint32_t XnnGraphBuilder::internal(const Dims& dims) {
  return tensor(XNNDatatype::xnn_datatype_fp32, dims, 0, kNoValue, 0);
}

std::uint32_t XnnGraphBuilder::constant(const Dims& dims, const std::vector<float>& data) {
  const std::uint32_t index = add_constant_bytes(data.data(), data.size() * sizeof(float));
  return tensor(XNNDatatype::xnn_datatype_fp32, dims, 0, kNoValue, index);
}

std::uint32_t XnnGraphBuilder::quantized(XNNDatatype datatype, const Dims& dims, float scale, std::int32_t zero_point,
                                         std::uint32_t flags, std::uint32_t external_id, std::uint32_t constant_index) {
  const auto id = static_cast<std::uint32_t>(values_.size());
  auto tensor_value = fb_xnnpack::CreateXNNTensorValueDirect(fbb_, datatype, static_cast<std::uint32_t>(dims.size()),
                                                             &dims, constant_index, external_id, flags, id);
  auto params = fb_xnnpack::CreatePerTensorQuant(fbb_, scale, zero_point);
  auto value = fb_xnnpack::CreateXNNQuantizedTensorValue(fbb_, tensor_value, fb_xnnpack::XNNQuantParams::PerTensorQuant,
                                                         params.Union());
  if ((flags & 1) != 0) input_ids_.push_back(id);
  if ((flags & 2) != 0) output_ids_.push_back(id);
  if (external_id != kNoValue) next_external_ = std::max(next_external_, external_id + 1);
  return add_value(value.Union(), fb_xnnpack::XValueUnion::XNNQuantizedTensorValue);
}

std::uint32_t XnnGraphBuilder::channelwise(XNNDatatype datatype, const Dims& dims, const std::vector<float>& scales,
                                           std::int32_t channel_dim, std::uint32_t constant_index) {
  const auto id = static_cast<std::uint32_t>(values_.size());
  auto tensor_value = fb_xnnpack::CreateXNNTensorValueDirect(fbb_, datatype, static_cast<std::uint32_t>(dims.size()),
                                                             &dims, constant_index, kNoValue, 0, id);
  auto params = fb_xnnpack::CreatePerChannelQuantDirect(fbb_, &scales, channel_dim);
  auto value = fb_xnnpack::CreateXNNQuantizedTensorValue(fbb_, tensor_value, fb_xnnpack::XNNQuantParams::PerChannelQuant,
                                                         params.Union());
  return add_value(value.Union(), fb_xnnpack::XValueUnion::XNNQuantizedTensorValue);
}

std::uint32_t XnnGraphBuilder::add_constant_bytes(const void* data, std::size_t size) {
  Constant constant;
  constant.bytes.assign(static_cast<const std::uint8_t*>(data), static_cast<const std::uint8_t*>(data) + size);
  constants_.push_back(std::move(constant));
  return static_cast<std::uint32_t>(constants_.size());  // index 0 is "no data"
}

std::uint32_t XnnGraphBuilder::add_named_constant(const std::string& key) {
  Constant constant;
  constant.named_key = key;
  constants_.push_back(std::move(constant));
  return static_cast<std::uint32_t>(constants_.size());
}

void XnnGraphBuilder::node(fb_xnnpack::XNodeUnion type, flatbuffers::Offset<void> payload,
                           std::optional<std::pair<float, float>> output_min_max) {
  flatbuffers::Offset<fb_xnnpack::OutputMinMax> clamp;
  if (output_min_max) clamp = fb_xnnpack::CreateOutputMinMax(fbb_, output_min_max->first, output_min_max->second);
  nodes_.push_back(fb_xnnpack::CreateXNode(fbb_, type, payload, 0, clamp));
}

flatbuffers::Offset<void> XnnGraphBuilder::node1x1(std::uint32_t input, std::uint32_t output, std::uint32_t flags) {
  return fb_xnnpack::Create_XNNNode1x1(fbb_, input, output, flags).Union();
}

flatbuffers::Offset<void> XnnGraphBuilder::node2x1(std::uint32_t input1, std::uint32_t input2, std::uint32_t output) {
  return fb_xnnpack::Create_XNNNode2x1(fbb_, input1, input2, output, 0).Union();
}

std::vector<std::uint8_t> XnnGraphBuilder::finish(const FinishOptions& options) {
  // Constants: laid out 16-byte aligned in the constant data segment, or stored in the flatbuffer.
  std::vector<std::uint8_t> segment;
  std::vector<flatbuffers::Offset<fb_xnnpack::ConstantDataOffset>> offsets;
  std::vector<flatbuffers::Offset<fb_xnnpack::Buffer>> buffers;
  if (storage_ == ConstantStorage::Segment) {
    offsets.push_back(fb_xnnpack::CreateConstantDataOffset(fbb_, 0, 0));
    for (const Constant& constant : constants_) {
      if (!constant.named_key.empty()) {
        offsets.push_back(fb_xnnpack::CreateConstantDataOffsetDirect(fbb_, 0, 0, constant.named_key.c_str()));
        continue;
      }
      const std::size_t at = round_up(segment.size(), 16);
      segment.resize(at);
      segment.insert(segment.end(), constant.bytes.begin(), constant.bytes.end());
      offsets.push_back(fb_xnnpack::CreateConstantDataOffset(fbb_, at, constant.bytes.size()));
    }
  } else {
    buffers.push_back(fb_xnnpack::CreateBuffer(fbb_));
    for (const Constant& constant : constants_) {
      fbb_.ForceVectorAlignment(constant.bytes.size(), 1, 16);
      buffers.push_back(fb_xnnpack::CreateBuffer(fbb_, fbb_.CreateVector(constant.bytes)));
    }
  }
  const std::uint32_t num_externs = num_externs_override_.value_or(next_external_);
  auto graph = fb_xnnpack::CreateXNNGraphDirect(fbb_, "test", &nodes_, &values_, num_externs, &input_ids_, &output_ids_,
                                                buffers.empty() ? nullptr : &buffers, nullptr,
                                                offsets.empty() ? nullptr : &offsets);
  fbb_.Finish(graph, options.identifier);
  const std::uint8_t* flatbuffer = fbb_.GetBufferPointer();
  const std::size_t flatbuffer_size = fbb_.GetSize();
  if (!options.header) return std::vector<std::uint8_t>(flatbuffer, flatbuffer + flatbuffer_size);

  const std::size_t flatbuffer_offset = 32;
  const std::size_t constants_offset = round_up(flatbuffer_offset + flatbuffer_size, 16);
  std::vector<std::uint8_t> payload(constants_offset + segment.size(), 0);
  std::memcpy(payload.data() + 4, "XH00", 4);
  put_le(payload, 8, 30, 2);
  put_le(payload, 10, flatbuffer_offset, 4);
  put_le(payload, 14, flatbuffer_size, 4);
  put_le(payload, 18, constants_offset, 4);
  put_le(payload, 22, segment.size(), 8);
  std::memcpy(payload.data() + flatbuffer_offset, flatbuffer, flatbuffer_size);
  if (!segment.empty()) std::memcpy(payload.data() + constants_offset, segment.data(), segment.size());
  return payload;
}

}  // namespace fbcompat::test
