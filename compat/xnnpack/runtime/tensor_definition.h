// Defines the graph's values (XNNTensorValue, XNNQuantizedTensorValue) in the XNNPACK subgraph: their
// datatype, shape, constant data and external id. Quantized values use per-tensor parameters
// (qint8, quint8, qint32) or per-channel scales (qcint8, qcint32), the kinds the linked XNNPACK has.
#pragma once

#include <xnnpack.h>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <set>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/xnnpack/runtime_schema_generated.h"
#include "fbcompat/xnnpack/runtime/reference_runtime.h"
#include "runtime/constant_data.h"
#include "runtime/value_table.h"

namespace fbcompat::xnnpack {

// The element size of a datatype the linked XNNPACK has; 0 when it has not.
std::size_t element_size(fb_xnnpack::XNNDatatype datatype);
const char* datatype_name(fb_xnnpack::XNNDatatype datatype);

class TensorDefiner {
 public:
  TensorDefiner(xnn_subgraph_t subgraph, std::uint32_t num_externs, ConstantData& constants,
                const PayloadLoadOptions& options, std::deque<std::vector<float>>& scale_copies)
      : subgraph_(subgraph), num_externs_(num_externs), constants_(constants), options_(options),
        scale_copies_(scale_copies) {}

  // Defines XNNGraph.xvalues[index].
  Expected<ValueInfo> define(const fb_xnnpack::XValue* value, std::size_t index);

 private:
  Expected<ValueInfo> describe(const fb_xnnpack::XNNTensorValue& tensor, std::size_t index);
  Expected<const void*> constant_bytes(const fb_xnnpack::XNNTensorValue& tensor, const ValueInfo& info, std::size_t index);
  Expected<const float*> channel_scales(const fb_xnnpack::PerChannelQuant& quant, const ValueInfo& info,
                                        std::size_t index);
  Expected<ValueInfo> finish(ValueInfo info, xnn_status status, const char* function);

  xnn_subgraph_t subgraph_;
  std::uint32_t num_externs_;
  ConstantData& constants_;
  const PayloadLoadOptions& options_;
  std::deque<std::vector<float>>& scale_copies_;
  std::set<std::uint32_t> external_ids_;
  std::size_t total_bytes_ = 0;
};

}  // namespace fbcompat::xnnpack
