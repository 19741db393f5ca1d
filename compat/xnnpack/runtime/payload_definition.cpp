// The values of a payload defined on XNNPACK as XNNCompiler's defineTensor defines them, and the runtime
// created from the whole subgraph (payload_definition.h). The nodes: executorch_node_definitions.cpp.
#include "runtime/payload_definition.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <limits>

#include "load/node_value_ids.h"
#include "runtime/node_context.h"

#if FBCOMPAT_XNNPACK_DEFINES_AS_EXECUTORCH

namespace fbcompat::xnnpack {
namespace {

using fx::XNNDatatype;

xnn_datatype to_xnn(XNNDatatype datatype) {
  switch (datatype) {
    case XNNDatatype::xnn_datatype_fp32: return xnn_datatype_fp32;
    case XNNDatatype::xnn_datatype_fp16: return xnn_datatype_fp16;
    case XNNDatatype::xnn_datatype_qint8: return xnn_datatype_qint8;
    case XNNDatatype::xnn_datatype_quint8: return xnn_datatype_quint8;
    case XNNDatatype::xnn_datatype_qint32: return xnn_datatype_qint32;
    case XNNDatatype::xnn_datatype_qcint8: return xnn_datatype_qcint8;
    case XNNDatatype::xnn_datatype_qcint32: return xnn_datatype_qcint32;
    case XNNDatatype::xnn_datatype_qcint4: return xnn_datatype_qcint4;
    case XNNDatatype::xnn_datatype_qdint8: return xnn_datatype_qdint8;
    case XNNDatatype::xnn_datatype_qbint4: return xnn_datatype_qbint4;
    case XNNDatatype::xnn_datatype_qpint8: return xnn_datatype_qpint8;
    case XNNDatatype::xnn_datatype_int32: return xnn_datatype_int32;
    case XNNDatatype::xnn_datatype_pfp32: return xnn_datatype_pfp32;
    case XNNDatatype::xnn_datatype_bf16: return xnn_datatype_bf16;
    default: return xnn_datatype_invalid;
  }
}

// fp32 to bf16 as the backend converts block scales stored as fp32.
std::uint16_t to_bf16(float value) {
  const float adjusted = value * 1.00389105f;
  std::uint32_t bits = 0;
  std::memcpy(&bits, &adjusted, sizeof bits);
  return static_cast<std::uint16_t>(bits >> 16);
}

}  // namespace

XnnpackPayloadDefinition::XnnpackPayloadDefinition(xnn_subgraph_t subgraph, AlignedBytes graph_copy,
                                                   const fx::XNNGraph& graph, const std::uint8_t* constants,
                                                   std::uint64_t constants_size, bool has_header,
                                                   const DelegateLoadContext& context)
    : subgraph_(subgraph), graph_copy_(std::move(graph_copy)), graph_(graph), constants_(constants),
      constants_size_(constants_size), has_header_(has_header), context_(context),
      rules_(backend_release_rules(), context.release), packed_(packed_reads(graph)) {
  remapped_ids_.emplace(XNN_INVALID_VALUE_ID, XNN_INVALID_VALUE_ID);
}

XnnpackPayloadDefinition::~XnnpackPayloadDefinition() { xnn_delete_subgraph(subgraph_); }

std::optional<std::string> XnnpackPayloadDefinition::answer(xnn_status status, const char* function) const {
  if (status == xnn_status_success) return std::nullopt;
  return fmt::format("{} answers {}", function, xnn_status_text(status));
}

std::optional<std::string> XnnpackPayloadDefinition::give_up(std::string why) {
  unchecked_.push_back(std::move(why));
  gave_up_ = true;
  return std::nullopt;
}

std::uint32_t XnnpackPayloadDefinition::remapped(std::uint32_t id) const {
  const auto found = remapped_ids_.find(id);
  return found == remapped_ids_.end() ? XNN_INVALID_VALUE_ID : found->second;
}

// The rank the release hands XNNPACK (the dims' length, or num_dims before rank-from-dims), and the
// byte size of the elements.
XnnpackPayloadDefinition::Shape XnnpackPayloadDefinition::shape_of(const fx::XNNTensorValue& tensor) const {
  Shape shape;
  const auto* dims = tensor.dims();
  const std::size_t rank = rules_(BackendRule::RankFromDims) ? (dims == nullptr ? 0 : dims->size()) : tensor.num_dims();
  std::uint64_t elements = 1;
  bool overflow = false;
  for (std::size_t i = 0; i < rank; ++i) {
    const std::size_t extent = dims->Get(static_cast<flatbuffers::uoffset_t>(i));
    shape.dims.push_back(extent);
    if (extent != 0 && elements > UINT64_MAX / extent) overflow = true;
    elements *= extent;
  }
  const std::uint64_t bits = datatype_bits(tensor.datatype());
  shape.bytes = overflow || (bits != 0 && elements > (UINT64_MAX - 7) / bits) ? UINT64_MAX : (elements * bits + 7) / 8;
  return shape;
}

const std::uint8_t* XnnpackPayloadDefinition::constant_bytes(std::uint32_t index, std::uint64_t& available) const {
  available = 0;
  if (!has_header_) {
    const auto* storage = graph_.constant_buffer()->Get(index)->storage();
    available = storage->size();
    return storage->data();
  }
  const fx::ConstantDataOffset* entry = graph_.constant_data()->Get(index);
  if (entry->named_key() != nullptr && rules_(BackendRule::NamedConstants)) {
    const auto bytes = context_.named_data_bytes ? context_.named_data_bytes(entry->named_key()->str()) : std::nullopt;
    if (!bytes || bytes->size == 0) return nullptr;  // not found before named-data-errors, or empty: no data
    available = bytes->size;
    return bytes->data;
  }
  available = constants_size_ - entry->offset();  // the runtime reads on to the region's end, unchecked
  return constants_ + entry->offset();
}

const void* XnnpackPayloadDefinition::covered(const void* data, std::uint64_t available, std::uint64_t needed,
                                              const std::string& what) {
  if (data == nullptr || available >= needed) return data;
  // One budget for every padded copy of a payload: a few bytes of program must not cost gigabytes.
  if (needed > kMaxRuntimeConstantBytes - copied_bytes_) {
    over_budget_ = true;
    return nullptr;
  }
  copied_bytes_ += needed;
  // A tensor's own constant the backend's checks judge (payload_checker.h); scales are said here.
  if (!what.empty()) {
    notes_.push_back(fmt::format("{} have {} bytes where XNNPACK reads {}: the runtime reads past them (XNNPACK was "
                                 "given zeros there)",
                                 what, available, needed));
  }
  AlignedBytes& copy = copies_.emplace_back(static_cast<const std::uint8_t*>(nullptr), static_cast<std::size_t>(needed));
  std::memcpy(copy.data(), data, static_cast<std::size_t>(available));
  std::memset(copy.data() + available, 0, static_cast<std::size_t>(needed - available));
  return copy.data();
}

const void* XnnpackPayloadDefinition::constant(std::uint32_t index, std::uint64_t needed, const std::string& what) {
  if (index == 0) return nullptr;
  std::uint64_t available = 0;
  const std::uint8_t* data = constant_bytes(index, available);
  return covered(data, available, needed, what);
}

std::optional<std::string> XnnpackPayloadDefinition::define_value(std::size_t index) {
  if (gave_up_) return std::nullopt;
  const fx::XValue& value = *graph_.xvalues()->Get(static_cast<flatbuffers::uoffset_t>(index));
  const fx::XNNQuantizedTensorValue* quantized = value.xvalue_union_as_XNNQuantizedTensorValue();
  const fx::XNNTensorValue* tensor = quantized != nullptr ? quantized->tensor_value() : value.xvalue_union_as_XNNTensorValue();
  std::uint32_t id = XNN_INVALID_VALUE_ID;
  if (auto refused = define_tensor(*tensor, quantized, index, id)) return refused;
  if (gave_up_) return std::nullopt;
  remapped_ids_.emplace(tensor->id_out(), id);
  return std::nullopt;
}

std::optional<std::string> XnnpackPayloadDefinition::define_tensor(const fx::XNNTensorValue& tensor,
                                                                   const fx::XNNQuantizedTensorValue* quantized,
                                                                   std::size_t index, std::uint32_t& id) {
  const Shape shape = shape_of(tensor);
  const std::string what = fmt::format("xvalues[{}]", index);
  // What XNNPACK reads of it: its dims' worth, or for a weight it packs what the node's fields say.
  std::uint64_t reads = shape.bytes;
  const auto packed = packed_.find(tensor.id_out());
  if (packed != packed_.end()) reads = std::max(reads, bytes_of(packed->second.elements, tensor.datatype()));
  const void* data = constant(tensor.constant_buffer_idx(), reads, "");
  if (tensor.constant_buffer_idx() != 0 && data == nullptr && over_budget_) {
    return give_up(fmt::format("{}'s constant is shorter than the {} bytes XNNPACK reads, more than fbcompat gives "
                               "XNNPACK: XNNPACK's definitions from this value on were not checked",
                               what, reads));
  }
  if (data != nullptr) static_bytes_ += reads;
  const xnn_datatype datatype = to_xnn(datatype_as_handed(tensor.datatype(), rules_));
  if (quantized != nullptr) return define_quantized(*quantized, tensor, shape, data, id);
  const XNNDatatype dq = datatype_as_handed(tensor.dq_datatype(), rules_);
  if (dq == XNNDatatype::xnn_datatype_invalid) {
    return answer(xnn_define_tensor_value(subgraph_, datatype, shape.dims.size(), shape.dims.data(), data,
                                          tensor.external_id(), tensor.flags(), &id),
                  "xnn_define_tensor_value");
  }
  // dq_datatype int8 (the checks allow no other): the external float input, converted to a qdint8 value
  // that takes its place. Only the conversion's status is checked, as in the backend.
  xnn_define_dynamically_quantized_tensor_value(subgraph_, xnn_datatype_qdint8, shape.dims.size(), 1, shape.dims.data(),
                                                XNN_INVALID_VALUE_ID, 0, &id);
  std::uint32_t float_id = XNN_INVALID_VALUE_ID;
  xnn_define_tensor_value(subgraph_, datatype, shape.dims.size(), shape.dims.data(), data, tensor.external_id(),
                          tensor.flags(), &float_id);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  return answer(xnn_define_convert(subgraph_, float_id, id, 0), "xnn_define_convert (of a dq_datatype input)");
#pragma GCC diagnostic pop
}

std::optional<std::string> XnnpackPayloadDefinition::define_quantized(const fx::XNNQuantizedTensorValue& quantized,
                                                                      const fx::XNNTensorValue& tensor, const Shape& shape,
                                                                      const void* data, std::uint32_t& id) {
  const xnn_datatype datatype = to_xnn(datatype_as_handed(tensor.datatype(), rules_));
  const std::size_t rank = shape.dims.size();
  switch (quantized.quant_params_type()) {
    case fx::XNNQuantParams::PerTensorQuant: {
      const auto* params = quantized.quant_params_as_PerTensorQuant();
      return answer(xnn_define_quantized_tensor_value(subgraph_, datatype, params->zero_point(), params->scale(), rank,
                                                      shape.dims.data(), data, tensor.external_id(), tensor.flags(), &id),
                    "xnn_define_quantized_tensor_value");
    }
    case fx::XNNQuantParams::PerChannelQuant: {
      const auto* params = quantized.quant_params_as_PerChannelQuant();
      const auto channel_dim = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(params->channel_dim()));
      // XNNPACK reads one scale per channel of the channel dimension, when that dimension exists.
      std::uint64_t channels = channel_dim < rank ? shape.dims[channel_dim] : 0;
      if (const auto packed = packed_.find(tensor.id_out()); packed != packed_.end()) {
        channels = std::max(channels, packed->second.channels);
      }
      const void* scales = params->scale()->data();
      std::uint64_t available = std::uint64_t{params->scale()->size()} * sizeof(float);
      if (params->scale_buffer_idx() != 0) scales = constant_bytes(params->scale_buffer_idx(), available);
      const std::uint64_t scale_bytes = channels > UINT64_MAX / sizeof(float) ? UINT64_MAX : channels * sizeof(float);
      scales = covered(scales, available, scale_bytes, fmt::format("the scales of value {}", tensor.id_out()));
      if (scales == nullptr) return give_up(fmt::format("the scales of value {} are too many to check", tensor.id_out()));
      const std::int32_t zero_point = datatype == xnn_datatype_qcint4 ? 8 : 0;
      return answer(xnn_define_channelwise_quantized_tensor_value_v2(subgraph_, datatype, zero_point,
                                                                     static_cast<const float*>(scales), rank, channel_dim,
                                                                     shape.dims.data(), data, tensor.external_id(),
                                                                     tensor.flags(), &id),
                    "xnn_define_channelwise_quantized_tensor_value_v2");
    }
    case fx::XNNQuantParams::PerChannelGroupQuant: {
      const auto* params = quantized.quant_params_as_PerChannelGroupQuant();
      const void* scales = nullptr;
      std::uint64_t count = 0;
      if (params->scale_buffer_idx() != 0) {
        std::uint64_t available = 0;
        scales = constant_bytes(params->scale_buffer_idx(), available);
        count = params->num_scales();
        scales = covered(scales, available, count * sizeof(std::uint16_t),
                         fmt::format("the scales of value {}", tensor.id_out()));
      } else {
        count = params->scale()->size();
        AlignedBytes& converted = copies_.emplace_back(nullptr, static_cast<std::size_t>(count * sizeof(std::uint16_t)));
        auto* bf16 = reinterpret_cast<std::uint16_t*>(converted.data());
        for (std::uint64_t i = 0; i < count; ++i) bf16[i] = to_bf16(params->scale()->Get(static_cast<flatbuffers::uoffset_t>(i)));
        scales = converted.data();
      }
      if (scales == nullptr) return give_up(fmt::format("the scales of value {} are too many to check", tensor.id_out()));
      const std::int32_t zero_point = datatype == xnn_datatype_qbint4 ? 8 : 0;
      return answer(xnn_define_blockwise_quantized_tensor_value(
                        subgraph_, datatype, zero_point, static_cast<const std::uint16_t*>(scales), rank,
                        static_cast<std::size_t>(static_cast<std::ptrdiff_t>(params->channel_dim())),
                        static_cast<std::size_t>(static_cast<std::ptrdiff_t>(params->group_size())), shape.dims.data(),
                        data, tensor.external_id(), tensor.flags(), &id),
                    "xnn_define_blockwise_quantized_tensor_value");
    }
    case fx::XNNQuantParams::PerTokenDynamicQuant: {
      const auto* params = quantized.quant_params_as_PerTokenDynamicQuant();
      return answer(xnn_define_dynamically_quantized_tensor_value(
                        subgraph_, datatype, rank, static_cast<std::size_t>(static_cast<std::ptrdiff_t>(params->num_nonbatch_dims())),
                        shape.dims.data(), tensor.external_id(), tensor.flags(), &id),
                    "xnn_define_dynamically_quantized_tensor_value");
    }
    default:
      return std::nullopt;  // the backend's checks refuse it first
  }
}

std::optional<std::string> XnnpackPayloadDefinition::define_node(std::size_t index) {
  if (gave_up_) return std::nullopt;
  return define_node_of(*graph_.xnodes()->Get(static_cast<flatbuffers::uoffset_t>(index)));
}

std::optional<std::string> XnnpackPayloadDefinition::create_runtime() {
  if (gave_up_) return std::nullopt;
  if (static_bytes_ > kMaxRuntimeConstantBytes) {
    unchecked_.push_back(fmt::format("XNNPACK's runtime was not created from the definitions: its constants hold {} bytes, "
                                 "more than fbcompat packs ({})",
                                 static_bytes_, kMaxRuntimeConstantBytes));
    return std::nullopt;
  }
  xnn_runtime_t runtime = nullptr;
  const xnn_status status = xnn_create_runtime_v4(subgraph_, nullptr, nullptr, nullptr, 0, &runtime);
  if (runtime != nullptr) xnn_delete_runtime(runtime);
  return answer(status, "xnn_create_runtime_v4");
}

}  // namespace fbcompat::xnnpack

#endif  // FBCOMPAT_XNNPACK_DEFINES_AS_EXECUTORCH
