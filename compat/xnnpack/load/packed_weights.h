// The weights XNNPACK packs when it creates its runtime: the filters and biases of fully connected and
// convolution nodes. It reads as many elements of each as the node's own fields say (a convolution's
// kernel, groups and channels), whatever the value's dims say, so a constant shorter than that is read
// past its end. The backend's checks judge such reads (payload_checker.h); the definitions on XNNPACK
// (runtime/) give XNNPACK zeros there, so that fbcompat itself never reads past its bytes.
#pragma once

#include <cstdint>
#include <unordered_map>

#include "fbcompat/xnnpack/runtime_schema_generated.h"

namespace fbcompat::xnnpack {

struct PackedReads {
  std::uint64_t elements = 0;  // of the value's data
  std::uint64_t channels = 0;  // of its per-channel scales, when it has them
};

// By value id (XNNTensorValue.id_out): the most any packed node reads of it. Counts that overflow are
// UINT64_MAX.
std::unordered_map<std::uint32_t, PackedReads> packed_reads(const fb_xnnpack::XNNGraph& graph);

// The bytes `elements` elements of `datatype` take (UINT64_MAX when that overflows); 0 for a datatype
// whose static data XNNPACK does not read.
std::uint64_t bytes_of(std::uint64_t elements, fb_xnnpack::XNNDatatype datatype);

}  // namespace fbcompat::xnnpack
