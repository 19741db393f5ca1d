// Where a constant tensor's bytes are. XNNTensorValue.constant_buffer_idx indexes
// XNNGraph.constant_data (an offset and size into the payload's constant data segment, or a key into
// the program's named data) or, in programs from 0.1.0, XNNGraph.constant_buffer (bytes inside the
// flatbuffer). Index 0 means "no data" in both. Which one is used depends on the payload, as in
// ExecuTorch's runtime: with an XH00 header, constant_data; without, constant_buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>

#include "fbcompat/core/error.h"
#include "fbcompat/xnnpack/runtime_schema_generated.h"
#include "fbcompat/xnnpack/runtime/reference_runtime.h"
#include "runtime/aligned_bytes.h"

namespace fbcompat::xnnpack {

class ConstantData {
 public:
  // `segment` is the payload's constant data segment when it has an XH00 header, else nullopt. Named
  // data is copied into `named_copies`, which must outlive every XNNPACK runtime built from the constants.
  ConstantData(const fb_xnnpack::XNNGraph& graph, std::optional<ByteView> segment, const PayloadLoadOptions& options,
               std::deque<AlignedBytes>& named_copies);

  // The bytes of constant `index` (non-zero), checked to hold at least `needed` bytes. `what` names the
  // value in errors ("value 3").
  Expected<const std::uint8_t*> find(std::uint32_t index, std::size_t needed, const std::string& what);

 private:
  Expected<const std::uint8_t*> from_constant_data(std::uint32_t index, std::size_t needed, const std::string& what);
  Expected<const std::uint8_t*> from_named_data(const std::string& key, std::size_t needed, const std::string& what);
  Expected<const std::uint8_t*> from_constant_buffer(std::uint32_t index, std::size_t needed, const std::string& what);

  const fb_xnnpack::XNNGraph& graph_;
  std::optional<ByteView> segment_;
  const PayloadLoadOptions& options_;
  std::deque<AlignedBytes>& named_copies_;
  std::map<std::string, const AlignedBytes*> named_by_key_;
};

}  // namespace fbcompat::xnnpack
