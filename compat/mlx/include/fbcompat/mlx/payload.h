// An MLX delegate payload, as the exporter writes it (backends/mlx/serialization/mlx_graph_serialize.py)
// and the runtime's loader splits it: a 24-byte header (4 bytes of padding, the magic "MLX0", the data
// segment's offset and size as little-endian uint64), the MLXGraph flatbuffer from byte 24 up to the
// data segment's offset (padded to 16 bytes), then the data segment. Exporters since 1.3.0 keep
// constants in the program's named data, so the data segment is empty.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"

namespace fbcompat::mlx {

inline constexpr std::size_t kHeaderSize = 24;
inline constexpr char kMagic[4] = {'M', 'L', 'X', '0'};
inline constexpr std::size_t kSegmentAlignment = 16;

struct Payload {
  std::uint64_t data_offset = 0;  // header bytes 8..15: where the data segment starts (and the flatbuffer ends)
  std::uint64_t data_size = 0;    // header bytes 16..23
  const std::uint8_t* flatbuffer = nullptr;  // bytes [24, data_offset)
  std::size_t flatbuffer_size = 0;
  // Whether the data segment the header announces lies inside the payload (the runtime never reads it).
  bool data_inside = true;
};

// The payload split as the runtime splits it; an Error saying what is wrong, as its loader refuses it
// ("Invalid MLX header"): too short for the header, another magic, a data offset at or before the
// header's end or past the payload.
Expected<Payload> split_payload(const std::uint8_t* data, std::size_t size);

// The flatbuffer where flatbuffers can read it in place: where it lies when it is 8-byte aligned in
// memory, else a copy in `copy`.
const std::uint8_t* aligned_flatbuffer(const Payload& payload, std::vector<std::uint8_t>& copy);

// The payload the exporter writes around a graph flatbuffer: header, flatbuffer, zero padding to 16
// bytes, data segment.
std::vector<std::uint8_t> make_payload(const std::vector<std::uint8_t>& flatbuffer,
                                       const std::vector<std::uint8_t>& data_segment = {});

}  // namespace fbcompat::mlx
