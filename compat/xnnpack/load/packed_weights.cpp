#include "load/packed_weights.h"

#include <algorithm>
#include <initializer_list>

#include "load/backend_rules.h"

namespace fbcompat::xnnpack {
namespace {

namespace fx = fb_xnnpack;

constexpr std::uint32_t kTransposeWeights = 0x1;  // XNN_FLAG_TRANSPOSE_WEIGHTS

std::uint64_t checked_product(std::initializer_list<std::uint64_t> factors) {
  std::uint64_t result = 1;
  for (const std::uint64_t factor : factors) {
    if (factor != 0 && result > UINT64_MAX / factor) return UINT64_MAX;
    result *= factor;
  }
  return result;
}

void read_packed(std::unordered_map<std::uint32_t, PackedReads>& reads, std::uint32_t id, std::uint64_t elements,
          std::uint64_t channels) {
  PackedReads& entry = reads[id];
  entry.elements = std::max(entry.elements, elements);
  entry.channels = std::max(entry.channels, channels);
}

// A convolution: groups x group_output_channels filters of kernel_height x kernel_width x
// group_input_channels, one bias per output channel.
void convolution(std::unordered_map<std::uint32_t, PackedReads>& reads, const fx::_XNNNodeConv& conv, bool depthwise) {
  const std::uint64_t outputs =
      depthwise ? checked_product({conv.groups(), conv.group_input_channels() == 0 ? 0 : conv.group_output_channels() / conv.group_input_channels()})
                : checked_product({conv.groups(), conv.group_output_channels()});
  const std::uint64_t per_output = depthwise ? checked_product({conv.kernel_height(), conv.kernel_width()})
                                             : checked_product({conv.kernel_height(), conv.kernel_width(), conv.group_input_channels()});
  read_packed(reads, conv.filter_id(), checked_product({outputs, per_output}), outputs);
  read_packed(reads, conv.bias_id(), outputs, outputs);
}

}  // namespace

std::unordered_map<std::uint32_t, PackedReads> packed_reads(const fx::XNNGraph& graph) {
  std::unordered_map<std::uint32_t, PackedReads> reads;
  if (graph.xnodes() == nullptr || graph.xvalues() == nullptr) return reads;
  // A fully connected filter's dims by its id (the first value with an id keeps it, as the backend maps ids).
  std::unordered_map<std::uint32_t, const flatbuffers::Vector<std::uint32_t>*> filter_dims;
  for (const fx::XNode* node : *graph.xnodes()) {
    if (const auto* fc = node->xnode_union_as_XNNFullyConnected()) filter_dims.emplace(fc->filter_id(), nullptr);
  }
  for (const fx::XValue* value : *graph.xvalues()) {
    const fx::XNNTensorValue* tensor = value->xvalue_union_as_XNNTensorValue();
    if (const auto* quantized = value->xvalue_union_as_XNNQuantizedTensorValue()) tensor = quantized->tensor_value();
    if (tensor == nullptr) continue;
    const auto wanted = filter_dims.find(tensor->id_out());
    if (wanted != filter_dims.end() && wanted->second == nullptr) wanted->second = tensor->dims();
  }
  for (const fx::XNode* node : *graph.xnodes()) {
    if (const auto* conv = node->xnode_union_as_XNNConv2d()) convolution(reads, *conv, false);
    if (const auto* conv = node->xnode_union_as_XNNConvTranspose2d()) convolution(reads, *conv, false);
    if (const auto* conv = node->xnode_union_as_XNNDepthwiseConv2d()) convolution(reads, *conv, true);
    if (const auto* fc = node->xnode_union_as_XNNFullyConnected()) {
      // The filter's own dims say its shape: [output channels, input channels], or the other way round
      // with XNN_FLAG_TRANSPOSE_WEIGHTS.
      const auto* dims = filter_dims[fc->filter_id()];
      if (dims == nullptr) continue;
      std::uint64_t elements = 1;
      for (const std::uint32_t extent : *dims) elements = checked_product({elements, extent});
      const flatbuffers::uoffset_t output_dim = (fc->flags() & kTransposeWeights) != 0 ? 1 : 0;
      const std::uint64_t outputs = dims->size() <= output_dim ? 0 : dims->Get(output_dim);
      read_packed(reads, fc->filter_id(), elements, outputs);
      read_packed(reads, fc->bias_id(), outputs, outputs);
    }
  }
  reads.erase(0xFFFFFFFFu);  // XNN_INVALID_VALUE_ID: an absent bias
  return reads;
}

std::uint64_t bytes_of(std::uint64_t elements, fx::XNNDatatype datatype) {
  const std::uint64_t bits = datatype_bits(datatype);
  if (bits == 0) return 0;
  if (elements > (UINT64_MAX - 7) / bits) return UINT64_MAX;
  return (elements * bits + 7) / 8;
}

}  // namespace fbcompat::xnnpack
