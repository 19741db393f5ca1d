// An XNNPACK payload as the backend splits it (XNNHeader::Parse): with the XH00 header at byte 4, the
// graph flatbuffer and the constant region the header's fields place; without it, the whole payload is
// the flatbuffer. Bytes 0..3 and the header length at byte 8 are never read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fbcompat/base/little_endian.h"

namespace fbcompat::xnnpack {

constexpr std::size_t kXh00HeaderSize = 30;  // the runtime refuses a payload shorter than this

struct PayloadParts {
  bool has_header = false;
  std::uint64_t flatbuffer_offset = 0;
  std::uint64_t flatbuffer_size = 0;
  std::uint64_t constants_offset = 0;
  std::uint64_t constants_size = 0;

  // Both parts inside the payload's `size` bytes.
  bool inside(std::size_t size) const {
    return flatbuffer_offset <= size && flatbuffer_size <= size - flatbuffer_offset && constants_offset <= size &&
           constants_size <= size - constants_offset;
  }
};

// The fields as they are; `size` must be at least kXh00HeaderSize.
inline PayloadParts split_payload(const std::uint8_t* payload, std::size_t size) {
  PayloadParts parts;
  parts.has_header = std::memcmp(payload + 4, "XH00", 4) == 0;
  if (!parts.has_header) {
    parts.flatbuffer_size = size;
    return parts;
  }
  parts.flatbuffer_offset = read_le(payload + 10, 4);
  parts.flatbuffer_size = read_le(payload + 14, 4);
  parts.constants_offset = read_le(payload + 18, 4);
  parts.constants_size = read_le(payload + 22, 8);
  return parts;
}

}  // namespace fbcompat::xnnpack
