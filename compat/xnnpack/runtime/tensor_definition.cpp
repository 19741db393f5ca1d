#include "runtime/tensor_definition.h"

#include <fmt/format.h>

#include <cstring>
#include <limits>

#include "runtime/node_context.h"

namespace fbcompat::xnnpack {
namespace {

using fb_xnnpack::XNNDatatype;

constexpr std::uint32_t kKnownValueFlags = XNN_VALUE_FLAG_EXTERNAL_INPUT | XNN_VALUE_FLAG_EXTERNAL_OUTPUT;

Error value_error(std::size_t index, const std::string& message) {
  return Error{"", 0, 0, fmt::format("xvalues[{}]: {}", index, message)};
}

// The datatypes the reference runtime defines and runs (payload_definition.cpp maps every one the
// backend defines).
xnn_datatype reference_datatype(XNNDatatype datatype) {
  switch (datatype) {
    case XNNDatatype::xnn_datatype_fp32: return xnn_datatype_fp32;
    case XNNDatatype::xnn_datatype_fp16: return xnn_datatype_fp16;
    case XNNDatatype::xnn_datatype_qint8: return xnn_datatype_qint8;
    case XNNDatatype::xnn_datatype_quint8: return xnn_datatype_quint8;
    case XNNDatatype::xnn_datatype_qint32: return xnn_datatype_qint32;
    case XNNDatatype::xnn_datatype_qcint8: return xnn_datatype_qcint8;
    case XNNDatatype::xnn_datatype_qcint32: return xnn_datatype_qcint32;
    default: return xnn_datatype_invalid;
  }
}

bool is_per_tensor_quantized(XNNDatatype datatype) {
  return datatype == XNNDatatype::xnn_datatype_qint8 || datatype == XNNDatatype::xnn_datatype_quint8 ||
         datatype == XNNDatatype::xnn_datatype_qint32;
}

bool is_per_channel_quantized(XNNDatatype datatype) {
  return datatype == XNNDatatype::xnn_datatype_qcint8 || datatype == XNNDatatype::xnn_datatype_qcint32;
}

}  // namespace

std::size_t element_size(XNNDatatype datatype) {
  switch (datatype) {
    case XNNDatatype::xnn_datatype_fp32:
    case XNNDatatype::xnn_datatype_qint32:
    case XNNDatatype::xnn_datatype_qcint32: return 4;
    case XNNDatatype::xnn_datatype_fp16: return 2;
    case XNNDatatype::xnn_datatype_qint8:
    case XNNDatatype::xnn_datatype_quint8:
    case XNNDatatype::xnn_datatype_qcint8: return 1;
    default: return 0;
  }
}

const char* datatype_name(XNNDatatype datatype) {
  const char* name = fb_xnnpack::EnumNameXNNDatatype(datatype);
  return *name != '\0' ? name : "an unknown datatype";
}

Expected<ValueInfo> TensorDefiner::define(const fb_xnnpack::XValue* value, std::size_t index) {
  if (value == nullptr) return value_error(index, "the entry is missing");
  switch (value->xvalue_union_type()) {
    case fb_xnnpack::XValueUnion::XNNTensorValue: {
      const auto* tensor = value->xvalue_union_as_XNNTensorValue();
      if (tensor == nullptr) return value_error(index, "its XNNTensorValue is missing");
      if (is_per_tensor_quantized(tensor->datatype()) || is_per_channel_quantized(tensor->datatype())) {
        return value_error(index, fmt::format("datatype {} needs quantization parameters, but the value is a plain "
                                              "XNNTensorValue",
                                              datatype_name(tensor->datatype())));
      }
      if (tensor->dq_datatype() != XNNDatatype::xnn_datatype_invalid) {
        return value_error(index, fmt::format("dynamic quantization (dq_datatype {}) needs "
                                              "xnn_define_dynamically_quantized_tensor_value; the linked XNNPACK has none",
                                              datatype_name(tensor->dq_datatype())));
      }
      auto info = describe(*tensor, index);
      if (!info) return info.error();
      auto data = constant_bytes(*tensor, *info, index);
      if (!data) return data.error();
      info->is_constant = *data != nullptr;
      std::uint32_t id = XNN_INVALID_VALUE_ID;
      const xnn_status status =
          xnn_define_tensor_value(subgraph_, reference_datatype(tensor->datatype()), info->dims.size(), info->dims.data(), *data,
                                  tensor->external_id(), tensor->flags(), &id);
      info->xnn_id = id;
      return finish(std::move(*info), status, "xnn_define_tensor_value");
    }
    case fb_xnnpack::XValueUnion::XNNQuantizedTensorValue: {
      const auto* quantized = value->xvalue_union_as_XNNQuantizedTensorValue();
      const auto* tensor = quantized == nullptr ? nullptr : quantized->tensor_value();
      if (tensor == nullptr) return value_error(index, "its XNNQuantizedTensorValue has no tensor_value");
      auto info = describe(*tensor, index);
      if (!info) return info.error();
      auto data = constant_bytes(*tensor, *info, index);
      if (!data) return data.error();
      info->is_constant = *data != nullptr;
      std::uint32_t id = XNN_INVALID_VALUE_ID;
      switch (quantized->quant_params_type()) {
        case fb_xnnpack::XNNQuantParams::PerTensorQuant: {
          const auto* quant = quantized->quant_params_as_PerTensorQuant();
          if (quant == nullptr) return value_error(index, "its PerTensorQuant parameters are missing");
          if (!is_per_tensor_quantized(tensor->datatype())) {
            return value_error(index, fmt::format("datatype {} cannot take per-tensor quantization",
                                                  datatype_name(tensor->datatype())));
          }
          const xnn_status status = xnn_define_quantized_tensor_value(
              subgraph_, reference_datatype(tensor->datatype()), quant->zero_point(), quant->scale(), info->dims.size(),
              info->dims.data(), *data, tensor->external_id(), tensor->flags(), &id);
          info->xnn_id = id;
          return finish(std::move(*info), status, "xnn_define_quantized_tensor_value");
        }
        case fb_xnnpack::XNNQuantParams::PerChannelQuant: {
          const auto* quant = quantized->quant_params_as_PerChannelQuant();
          if (quant == nullptr) return value_error(index, "its PerChannelQuant parameters are missing");
          if (!is_per_channel_quantized(tensor->datatype())) {
            return value_error(index, fmt::format("datatype {} cannot take per-channel quantization",
                                                  datatype_name(tensor->datatype())));
          }
          auto scales = channel_scales(*quant, *info, index);
          if (!scales) return scales.error();
          const xnn_status status = xnn_define_channelwise_quantized_tensor_value(
              subgraph_, reference_datatype(tensor->datatype()), *scales, info->dims.size(),
              static_cast<std::size_t>(quant->channel_dim()), info->dims.data(), *data, tensor->external_id(),
              tensor->flags(), &id);
          info->xnn_id = id;
          return finish(std::move(*info), status, "xnn_define_channelwise_quantized_tensor_value");
        }
        case fb_xnnpack::XNNQuantParams::PerTokenDynamicQuant:
          return value_error(index, "per-token dynamic quantization needs "
                                    "xnn_define_dynamically_quantized_tensor_value; the linked XNNPACK has none");
        case fb_xnnpack::XNNQuantParams::PerChannelGroupQuant:
          return value_error(index, "per-channel group quantization needs xnn_define_blockwise_quantized_tensor_value; "
                                    "the linked XNNPACK has none");
        default:
          return value_error(index, fmt::format("its quantization parameters are of unknown kind {} (XNNQuantParams)",
                                                static_cast<int>(quantized->quant_params_type())));
      }
    }
    default:
      return value_error(index, fmt::format("it is of unknown kind {} (XValueUnion)",
                                            static_cast<int>(value->xvalue_union_type())));
  }
}

// Datatype, shape, flags and external id, checked; the XNNPACK id comes later.
Expected<ValueInfo> TensorDefiner::describe(const fb_xnnpack::XNNTensorValue& tensor, std::size_t index) {
  ValueInfo info;
  info.value_id = tensor.id_out();
  info.datatype = tensor.datatype();
  info.element_size = element_size(tensor.datatype());
  if (info.element_size == 0) {
    return value_error(index, fmt::format("datatype {} ({}) is not one the linked XNNPACK has",
                                          datatype_name(tensor.datatype()), static_cast<int>(tensor.datatype())));
  }
  // The dims vector is the shape; num_dims is not read, as in ExecuTorch's runtime (a scalar may have no dims).
  const auto* dims = tensor.dims();
  const std::size_t rank = dims == nullptr ? 0 : dims->size();
  if (rank > XNN_MAX_TENSOR_DIMS) {
    return value_error(index, fmt::format("it has {} dimensions; XNNPACK allows at most {}", rank, XNN_MAX_TENSOR_DIMS));
  }
  std::size_t bytes = info.element_size;
  for (std::size_t i = 0; i < rank; ++i) {
    const std::size_t extent = dims->Get(static_cast<flatbuffers::uoffset_t>(i));
    if (extent == 0) return value_error(index, fmt::format("dimension {} is 0", i));
    if (bytes > options_.max_tensor_bytes / extent) {
      return value_error(index, fmt::format("its dims ask for more than {} bytes (the limit)", options_.max_tensor_bytes));
    }
    bytes *= extent;
    info.dims.push_back(extent);
  }
  info.element_count = bytes / info.element_size;
  if (bytes > options_.max_total_tensor_bytes - total_bytes_) {
    return value_error(index, fmt::format("the graph's tensors ask for more than {} bytes (the limit)",
                                          options_.max_total_tensor_bytes));
  }
  total_bytes_ += bytes;

  info.flags = tensor.flags();
  if ((info.flags & ~kKnownValueFlags) != 0) {
    return value_error(index, fmt::format("flags 0x{:x} are not value flags the linked XNNPACK knows", info.flags));
  }
  info.external_id = tensor.external_id();
  const bool external = (info.flags & kKnownValueFlags) != 0;
  if (external && info.external_id == XNN_INVALID_VALUE_ID) {
    return value_error(index, "it is an external input or output without an external id");
  }
  if (info.external_id != XNN_INVALID_VALUE_ID) {
    if (info.external_id >= num_externs_) {
      return value_error(index, fmt::format("external id {} is not below num_externs {}", info.external_id, num_externs_));
    }
    if (!external_ids_.insert(info.external_id).second) {
      return value_error(index, fmt::format("external id {} is already taken by another value", info.external_id));
    }
  }
  return info;
}

Expected<const void*> TensorDefiner::constant_bytes(const fb_xnnpack::XNNTensorValue& tensor, const ValueInfo& info,
                                                    std::size_t index) {
  if (tensor.constant_buffer_idx() == 0) return static_cast<const void*>(nullptr);
  auto bytes = constants_.find(tensor.constant_buffer_idx(), info.byte_size(), fmt::format("xvalues[{}]", index));
  if (!bytes) return bytes.error();
  return static_cast<const void*>(*bytes);
}

// One scale per channel, from the flatbuffer or (newer exporters) from constant data. XNNPACK keeps the
// pointer, so the scales are copied into storage the program owns, aligned for floats.
Expected<const float*> TensorDefiner::channel_scales(const fb_xnnpack::PerChannelQuant& quant, const ValueInfo& info,
                                                     std::size_t index) {
  const std::string what = fmt::format("xvalues[{}]", index);
  if (quant.channel_dim() < 0 || static_cast<std::size_t>(quant.channel_dim()) >= info.dims.size()) {
    return Error{"", 0, 0, fmt::format("{}: channel_dim {} is not one of its {} dimensions", what, quant.channel_dim(),
                                       info.dims.size())};
  }
  const std::size_t channels = info.dims[static_cast<std::size_t>(quant.channel_dim())];
  std::vector<float> scales(channels);
  if (quant.scale_buffer_idx() != 0) {  // newer exporters; takes precedence, as in ExecuTorch's runtime
    auto bytes = constants_.find(quant.scale_buffer_idx(), channels * sizeof(float), what + " scales");
    if (!bytes) return bytes.error();
    std::memcpy(scales.data(), *bytes, channels * sizeof(float));
  } else if (quant.scale() != nullptr) {
    if (quant.scale()->size() != channels) {
      return Error{"", 0, 0, fmt::format("{}: {} scales for {} channels", what, quant.scale()->size(), channels)};
    }
    for (std::size_t i = 0; i < channels; ++i) scales[i] = quant.scale()->Get(static_cast<flatbuffers::uoffset_t>(i));
  } else {
    return Error{"", 0, 0, fmt::format("{}: per-channel quantization without scales", what)};
  }
  return scale_copies_.emplace_back(std::move(scales)).data();
}

Expected<ValueInfo> TensorDefiner::finish(ValueInfo info, xnn_status status, const char* function) {
  if (status != xnn_status_success) {
    return Error{"", 0, 0, fmt::format("value {}: {} failed: {}", info.value_id, function, xnn_status_text(status))};
  }
  return info;
}

}  // namespace fbcompat::xnnpack
