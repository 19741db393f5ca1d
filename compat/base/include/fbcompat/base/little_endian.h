// Little-endian integers read from bytes, one byte at a time: no alignment needed, no undefined
// behaviour, the same on every host. ExecuTorch's headers (the program's extended header, the XNNPACK
// payload's XH00 header) are little-endian.
#pragma once

#include <cstddef>
#include <cstdint>

namespace fbcompat {

// The `count` bytes (at most 8) at `bytes` as an unsigned little-endian number.
inline std::uint64_t read_le(const std::uint8_t* bytes, std::size_t count) {
  std::uint64_t value = 0;
  for (std::size_t i = 0; i < count; ++i) value |= static_cast<std::uint64_t>(bytes[i]) << (8 * i);
  return value;
}

}  // namespace fbcompat
