#include "fbcompat/mlx/payload.h"

#include <cstring>

#include <fmt/format.h>

#include "fbcompat/base/little_endian.h"

namespace fbcompat::mlx {

Expected<Payload> split_payload(const std::uint8_t* data, std::size_t size) {
  if (size < kHeaderSize) {
    return Error{"", 0, 0, fmt::format("the payload is {} bytes, shorter than the {}-byte MLX0 header", size, kHeaderSize)};
  }
  if (std::memcmp(data + 4, kMagic, sizeof kMagic) != 0) {
    std::string shown;
    for (std::size_t i = 4; i < 8; ++i) {
      const auto c = static_cast<unsigned char>(data[i]);
      shown += c >= 0x20 && c < 0x7f ? std::string(1, static_cast<char>(c)) : fmt::format("\\x{:02x}", c);
    }
    return Error{"", 0, 0, fmt::format("bytes 4..7 hold '{}', not the magic 'MLX0'", shown)};
  }
  Payload payload;
  payload.data_offset = read_le(data + 8, 8);
  payload.data_size = read_le(data + 16, 8);
  if (payload.data_offset <= kHeaderSize || payload.data_offset > size) {
    return Error{"", 0, 0,
                 fmt::format("the header's data offset {} (byte 8) leaves no flatbuffer: it must be past the {}-byte "
                             "header and within the {}-byte payload",
                             payload.data_offset, kHeaderSize, size)};
  }
  payload.flatbuffer = data + kHeaderSize;
  payload.flatbuffer_size = static_cast<std::size_t>(payload.data_offset - kHeaderSize);
  payload.data_inside = payload.data_size <= size - payload.data_offset;
  return payload;
}

const std::uint8_t* aligned_flatbuffer(const Payload& payload, std::vector<std::uint8_t>& copy) {
  if (reinterpret_cast<std::uintptr_t>(payload.flatbuffer) % alignof(std::uint64_t) == 0) return payload.flatbuffer;
  copy.assign(payload.flatbuffer, payload.flatbuffer + payload.flatbuffer_size);
  return copy.data();
}

std::vector<std::uint8_t> make_payload(const std::vector<std::uint8_t>& flatbuffer, const std::vector<std::uint8_t>& data_segment) {
  const std::size_t unpadded = kHeaderSize + flatbuffer.size();
  const std::size_t data_offset = (unpadded + kSegmentAlignment - 1) / kSegmentAlignment * kSegmentAlignment;
  std::vector<std::uint8_t> out(data_offset + data_segment.size(), 0);
  std::memcpy(out.data() + 4, kMagic, sizeof kMagic);
  for (std::size_t i = 0; i < 8; ++i) {
    out[8 + i] = static_cast<std::uint8_t>(static_cast<std::uint64_t>(data_offset) >> (8 * i));
    out[16 + i] = static_cast<std::uint8_t>(static_cast<std::uint64_t>(data_segment.size()) >> (8 * i));
  }
  if (!flatbuffer.empty()) std::memcpy(out.data() + kHeaderSize, flatbuffer.data(), flatbuffer.size());
  if (!data_segment.empty()) std::memcpy(out.data() + data_offset, data_segment.data(), data_segment.size());
  return out;
}

}  // namespace fbcompat::mlx
