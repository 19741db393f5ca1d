// defineTensor's checks of one value, in its order, before it hands the value to XNNPACK: the value's
// kind, its tensor, flags and shape, its constant data, dynamic quantization (dq_datatype), and its
// quantization parameters. What the runtime reads without checking (a missing table, a zero group
// size) is a crash.
#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "load/payload_checker.h"

namespace fbcompat::xnnpack {
namespace {

constexpr std::uint32_t kExternalInput = 1;
constexpr std::uint32_t kKnownFlags = 1 | 2;  // EXTERNAL_INPUT, EXTERNAL_OUTPUT

const char* xnn_datatype_name(fx::XNNDatatype datatype) {
  const char* name = fx::EnumNameXNNDatatype(datatype);
  return *name != '\0' ? name : "an unknown datatype";
}

}  // namespace

std::string PayloadChecker::ConstantIndex::worded() const { return fmt::format("xvalues[{}]{}", value, field); }

bool PayloadChecker::check_value(const fx::XValue& value, std::size_t v) {
  const fx::XNNTensorValue* tensor = nullptr;
  const fx::XNNQuantizedTensorValue* quantized = nullptr;
  switch (value.xvalue_union_type()) {
    case fx::XValueUnion::XNNTensorValue:
      tensor = value.xvalue_union_as_XNNTensorValue();
      break;
    case fx::XValueUnion::XNNQuantizedTensorValue:
      quantized = value.xvalue_union_as_XNNQuantizedTensorValue();
      if (quantized == nullptr) {
        return refuse(RuntimeError::Crash, fmt::format("xvalues[{}] is an XNNQuantizedTensorValue without its table, "
                                                       "which the runtime reads unchecked",
                                                       v));
      }
      tensor = quantized->tensor_value();
      break;
    default:
      return refuse(RuntimeError::NotImplemented,
                    fmt::format("xvalues[{}] has value kind {}; the runtime defines tensors (1) and quantized tensors (2)",
                                v, static_cast<int>(value.xvalue_union_type())));
  }
  if (tensor == nullptr) {
    return refuse(rules_(BackendRule::NullTensorRefused) ? RuntimeError::InvalidProgram : RuntimeError::Internal,
                  fmt::format("xvalues[{}] has no tensor", v));
  }
  if (!check_tensor(*tensor, v)) return false;
  ConstantBytes data;
  if (!check_constant(tensor->constant_buffer_idx(), ConstantIndex{v, ".constant_buffer_idx"}, data)) return false;
  if (!check_dq_datatype(*tensor, quantized == nullptr, data.found, v)) return false;
  if (quantized != nullptr && !check_quantization(*quantized, *tensor, data.found, v)) return false;
  defined_ids_.insert(tensor->id_out());  // remapped_ids.emplace: the first value with an id keeps it
  if (data.found) note_short_constant(*tensor, v, data);
  return true;
}

// XNNPACK reads a tensor's dims' worth of its constant, or for the weights it packs as many as the
// node's own fields say, if more.
void PayloadChecker::note_short_constant(const fx::XNNTensorValue& tensor, std::size_t v, const ConstantBytes& bytes) {
  const fx::XNNDatatype datatype = datatype_as_handed(tensor.datatype(), rules_);
  const auto* dims = tensor.dims();
  const std::size_t rank = rules_(BackendRule::RankFromDims) ? (dims == nullptr ? 0 : dims->size()) : tensor.num_dims();
  std::uint64_t elements = 1;
  for (std::size_t d = 0; d < rank; ++d) {
    const std::uint64_t extent = dims->Get(static_cast<flatbuffers::uoffset_t>(d));
    elements = extent != 0 && elements > UINT64_MAX / extent ? UINT64_MAX : elements * extent;
  }
  std::uint64_t needed = bytes_of(elements, datatype);
  if (const auto packed = packed_.find(tensor.id_out()); packed != packed_.end()) {
    needed = std::max(needed, bytes_of(packed->second.elements, datatype));
  }
  if (needed > bytes.entry) short_constants_.push_back({v, tensor.id_out(), needed, bytes});
}

// Flags and shape.
bool PayloadChecker::check_tensor(const fx::XNNTensorValue& tensor, std::size_t v) {
  if (rules_(BackendRule::ValueFlagsChecked) && (tensor.flags() & ~kKnownFlags) != 0) {
    return refuse(RuntimeError::InvalidProgram,
                  fmt::format("xvalues[{}] has flags {:#x}; only EXTERNAL_INPUT (1) and EXTERNAL_OUTPUT (2) are known", v,
                              tensor.flags()));
  }
  if (rules_(BackendRule::RankFromDims)) return true;
  // Before rank-from-dims, the shape is num_dims entries of dims, read unchecked.
  if (tensor.dims() == nullptr) {
    return refuse(RuntimeError::Crash, fmt::format("xvalues[{}] has no dims, which this release reads unchecked", v));
  }
  if (tensor.num_dims() > tensor.dims()->size()) {
    return refuse(RuntimeError::Crash,
                  fmt::format("xvalues[{}] has num_dims {} but {} dims: this release hands XNNPACK num_dims entries, "
                              "reading past the dims",
                              v, tensor.num_dims(), tensor.dims()->size()));
  }
  return true;
}

// A tensor dynamically quantized by dq_datatype (the old flow of dynamically quantized linear layers):
// only to int8, only for an external input, and for a plain tensor without data and with an external id.
bool PayloadChecker::check_dq_datatype(const fx::XNNTensorValue& tensor, bool plain, bool has_data, std::size_t v) {
  const fx::XNNDatatype dq = datatype_as_handed(tensor.dq_datatype(), rules_);
  if (dq == fx::XNNDatatype::xnn_datatype_invalid) return true;
  if (dq != fx::XNNDatatype::xnn_datatype_qint8) {
    return refuse(RuntimeError::Internal,
                  fmt::format("xvalues[{}] has dq_datatype {}; the runtime quantizes dynamically only to int8 "
                              "(xnn_datatype_qint8)",
                              v, xnn_datatype_name(dq)));
  }
  if ((tensor.flags() & kExternalInput) == 0) {
    return refuse(RuntimeError::Internal,
                  fmt::format("xvalues[{}] is dynamically quantized (dq_datatype), which the runtime allows only for an "
                              "external input; its flags are {:#x}",
                              v, tensor.flags()));
  }
  if (!plain) return true;
  if (tensor.external_id() == kInvalidValueId) {
    return refuse(RuntimeError::Internal,
                  fmt::format("xvalues[{}] is dynamically quantized (dq_datatype) without an external id", v));
  }
  if (has_data) {
    return refuse(RuntimeError::Internal,
                  fmt::format("xvalues[{}] is dynamically quantized (dq_datatype) but has constant data", v));
  }
  return true;
}

bool PayloadChecker::check_quantization(const fx::XNNQuantizedTensorValue& quantized, const fx::XNNTensorValue& tensor,
                                        bool has_data, std::size_t v) {
  const auto unread = [&](const char* what) {
    return refuse(RuntimeError::Crash, fmt::format("xvalues[{}]: {} is missing, which the runtime reads unchecked", v, what));
  };
  switch (quantized.quant_params_type()) {
    case fx::XNNQuantParams::PerTensorQuant:
      return quantized.quant_params_as_PerTensorQuant() != nullptr || unread("its PerTensorQuant table");
    case fx::XNNQuantParams::PerChannelQuant: {
      const fx::PerChannelQuant* params = quantized.quant_params_as_PerChannelQuant();
      if (params == nullptr) return unread("its PerChannelQuant table");
      if (params->scale() == nullptr) return unread("PerChannelQuant.scale");
      if (params->scale_buffer_idx() == 0) return true;
      ConstantBytes scales;
      if (!check_constant(params->scale_buffer_idx(), ConstantIndex{v, " scale_buffer_idx"}, scales)) return false;
      return scales.found || refuse(RuntimeError::Internal,
                             fmt::format("xvalues[{}]: its scales (scale_buffer_idx {}) have no data", v,
                                         params->scale_buffer_idx()));
    }
    case fx::XNNQuantParams::PerChannelGroupQuant:
      return check_group_quantization(quantized, tensor, v);
    case fx::XNNQuantParams::PerTokenDynamicQuant:
      if (has_data) {
        return refuse(RuntimeError::Internal,
                      fmt::format("xvalues[{}] is quantized per token at run time but has constant data", v));
      }
      return quantized.quant_params_as_PerTokenDynamicQuant() != nullptr || unread("its PerTokenDynamicQuant table");
    default:
      return refuse(RuntimeError::NotImplemented,
                    fmt::format("xvalues[{}] has quantization parameters of kind {}, which the runtime does not handle",
                                v, static_cast<int>(quantized.quant_params_type())));
  }
}

// Blockwise (per channel group) quantization: 4-bit weights whose scales count one per group of each
// output channel.
bool PayloadChecker::check_group_quantization(const fx::XNNQuantizedTensorValue& quantized,
                                              const fx::XNNTensorValue& tensor, std::size_t v) {
  const fx::XNNDatatype datatype = datatype_as_handed(tensor.datatype(), rules_);
  if (datatype != fx::XNNDatatype::xnn_datatype_qbint4) {
    return refuse(RuntimeError::Internal,
                  fmt::format("xvalues[{}] is {} with per channel group quantization, which the runtime allows only for "
                              "xnn_datatype_qbint4",
                              v, xnn_datatype_name(tensor.datatype())));
  }
  const fx::PerChannelGroupQuant* params = quantized.quant_params_as_PerChannelGroupQuant();
  const auto crash = [&](const std::string& what) {
    return refuse(RuntimeError::Crash, fmt::format("xvalues[{}]: {}", v, what));
  };
  if (params == nullptr) return crash("its PerChannelGroupQuant table is missing, which the runtime reads unchecked");
  if (tensor.dims() == nullptr || tensor.dims()->size() < 2) {
    return crash("the runtime reads dims 0 and 1 (output and input channels) unchecked, and the tensor has fewer");
  }
  if (params->group_size() == 0) return crash("group_size is 0, and the runtime divides by it");
  std::size_t scales = 0;
  if (params->scale_buffer_idx() != 0) {
    ConstantBytes scale_bytes;
    if (!check_constant(params->scale_buffer_idx(), ConstantIndex{v, " scale_buffer_idx"}, scale_bytes)) return false;
    if (!scale_bytes.found) {
      return refuse(RuntimeError::Internal,
                    fmt::format("xvalues[{}]: its scales (scale_buffer_idx {}) have no data", v, params->scale_buffer_idx()));
    }
    scales = params->num_scales();
  } else if (params->scale() == nullptr) {
    return crash("PerChannelGroupQuant.scale is missing, which the runtime reads unchecked");
  } else {
    scales = params->scale()->size();
  }
  // The runtime's own arithmetic, in size_t.
  const std::size_t output_channels = tensor.dims()->Get(0);
  const std::size_t input_channels = tensor.dims()->Get(1);
  const auto group_size = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(params->group_size()));
  const std::size_t expected = output_channels * input_channels / group_size;
  if (scales != expected) {
    return refuse(RuntimeError::Internal,
                  fmt::format("xvalues[{}] has {} scales; {} output channels x {} input channels / group size {} needs {}",
                              v, scales, output_channels, input_channels, params->group_size(), expected));
  }
  return true;
}

// Constant data `i` (0: none): inside the flatbuffer without a header, else in the constant region or
// the program's named data.
bool PayloadChecker::check_constant(std::uint32_t i, const ConstantIndex& where, ConstantBytes& bytes) {
  bytes = ConstantBytes{};
  if (i == 0) return true;
  constexpr BackendRule kChecked = BackendRule::ConstantsChecked;
  if (!parts_.has_header) {
    const auto* buffers = graph_->constant_buffer();
    const std::size_t count = buffers == nullptr ? 0 : buffers->size();
    if (i >= count) {
      return refuse_under(kChecked, RuntimeError::InvalidProgram,
                          fmt::format("{} is {}, past the graph's {} constant_buffer entries", where.worded(), i, count));
    }
    const auto* storage = buffers->Get(i)->storage();
    if (storage == nullptr) {
      return refuse_under(kChecked, RuntimeError::InvalidProgram,
                          fmt::format("{}: constant_buffer[{}] has no storage", where.worded(), i));
    }
    bytes.found = true;
    bytes.entry = storage->size();
    bytes.to_payload_end = payload_end_from(storage->data());
    return true;
  }
  const auto* entries = graph_->constant_data();
  const std::size_t count = entries == nullptr ? 0 : entries->size();
  if (i >= count) {
    return refuse_under(kChecked, RuntimeError::InvalidProgram,
                        fmt::format("{} is {}, past the graph's {} constant_data entries", where.worded(), i, count));
  }
  const fx::ConstantDataOffset* entry = entries->Get(i);
  if (entry->named_key() != nullptr && rules_(BackendRule::NamedConstants)) {
    return check_named(entry->named_key()->str(), where.worded(), bytes);
  }
  if (entry->offset() > parts_.constants_size || entry->size() > parts_.constants_size - entry->offset()) {
    return refuse_under(kChecked, RuntimeError::InvalidProgram,
                        fmt::format("{}: constant_data[{}] (offset {}, size {}) runs past the payload's {} bytes of "
                                    "constant data",
                                    where.worded(), i, entry->offset(), entry->size(), parts_.constants_size));
  }
  bytes.found = true;
  bytes.entry = entry->size();
  bytes.to_payload_end = size_ - parts_.constants_offset - entry->offset();
  return true;
}

bool PayloadChecker::check_named(const std::string& key, const std::string& where, ConstantBytes& bytes) {
  if (!context_.resolve_named_data) {
    return refuse(RuntimeError::Crash,
                  fmt::format("{} names named data '{}', but the program has no named_data (and no .ptd data is "
                              "supplied): the runtime reads a null map",
                              where, key));
  }
  std::optional<LoadRefusal> missing = context_.resolve_named_data(key);
  if (!missing) {
    // The file loaders give a null pointer for an empty segment.
    const auto named = context_.named_data_bytes ? context_.named_data_bytes(key) : std::nullopt;
    bytes.found = named && named->size != 0;
    bytes.entry = named ? named->size : 0;
    return true;
  }
  if (!rules_(BackendRule::NamedDataErrors)) return true;  // the tensor silently gets no data
  refusal_ = std::move(missing);
  refusal_->stage = LoadStage::DelegateChecks;
  refusal_->message = fmt::format("{}: {}", where, refusal_->message);
  return false;
}

}  // namespace fbcompat::xnnpack
