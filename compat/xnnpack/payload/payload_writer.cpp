#include "fbcompat/xnnpack/payload_writer.h"

#include <cstring>

#include <fmt/format.h>

#include "fbcompat/load_check/xnnpack_header.h"

namespace fbcompat {
namespace {

constexpr std::size_t kAlignment = 16;

std::size_t align_up(std::size_t value) { return (value + kAlignment - 1) & ~(kAlignment - 1); }

void write_le(std::uint8_t* at, std::uint64_t value, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) at[i] = static_cast<std::uint8_t>(value >> (8 * i));
}

}  // namespace

Expected<std::vector<std::uint8_t>> make_xnnpack_payload(const XnnpackPayloadParts& parts) {
  if (!parts.with_header) {
    if (parts.constant_data_size != 0) {
      return Error{"", 0, 0, fmt::format("an XNNPACK payload without the XH00 header cannot carry {} bytes of constant data",
                                         parts.constant_data_size)};
    }
    return std::vector<std::uint8_t>(parts.flatbuffer, parts.flatbuffer + parts.flatbuffer_size);
  }
  const std::size_t flatbuffer_offset = align_up(xnnpack_header::kMinimumLength);
  const std::size_t constant_offset = align_up(flatbuffer_offset + parts.flatbuffer_size);
  std::vector<std::uint8_t> payload(constant_offset + parts.constant_data_size, 0);
  std::memcpy(payload.data() + xnnpack_header::kMagicOffset, xnnpack_header::kMagic, 4);
  write_le(payload.data() + 8, xnnpack_header::kMinimumLength, 2);
  write_le(payload.data() + 10, flatbuffer_offset, 4);
  write_le(payload.data() + 14, parts.flatbuffer_size, 4);
  write_le(payload.data() + 18, constant_offset, 4);
  write_le(payload.data() + 22, parts.constant_data_size, 8);
  if (parts.flatbuffer_size != 0) std::memcpy(payload.data() + flatbuffer_offset, parts.flatbuffer, parts.flatbuffer_size);
  if (parts.constant_data_size != 0) {
    std::memcpy(payload.data() + constant_offset, parts.constant_data, parts.constant_data_size);
  }
  return payload;
}

}  // namespace fbcompat
