// The XNNPACK delegate payload's optional header ("XH00"), read without allocating or throwing, so
// the load-time check can use it inside a runtime.
//
// Layout (little-endian): 4 unused bytes (so the magic sits where a flatbuffer's identifier would),
// the magic "XH00", u16 header length (30 today; larger means appended fields), u32 flatbuffer offset,
// u32 flatbuffer size, u32 constant data offset, u64 constant data size. Without the magic, the whole
// payload is the flatbuffer (older exporters).
#pragma once

#include <cstddef>
#include <cstdint>

#include "fbcompat/base/little_endian.h"

namespace fbcompat {

struct XnnpackPayload {
  enum class Status : std::uint8_t {
    Ok,
    TooSmall,            // shorter than a flatbuffer's root offset and identifier
    HeaderTooShort,      // the magic is there but the declared header length is below 30, or past the end
    FlatbufferOutOfRange,
    ConstantsOutOfRange,
    Misaligned,  // the flatbuffer does not start on a 4-byte boundary in memory
  };

  Status status = Status::TooSmall;
  bool has_header = false;
  std::uint16_t header_length = 0;
  const std::uint8_t* flatbuffer = nullptr;
  std::size_t flatbuffer_size = 0;
  const std::uint8_t* constant_data = nullptr;  // null when there is no header or no constant data
  std::uint64_t constant_data_size = 0;
  std::uint64_t constant_data_offset = 0;
};

namespace xnnpack_header {

constexpr std::size_t kMagicOffset = 4;
constexpr std::size_t kMinimumLength = 30;
constexpr char kMagic[4] = {'X', 'H', '0', '0'};

using fbcompat::read_le;

inline bool has_magic(const std::uint8_t* data, std::size_t size) {
  return size >= kMagicOffset + 4 && data[4] == kMagic[0] && data[5] == kMagic[1] && data[6] == kMagic[2] &&
         data[7] == kMagic[3];
}

// Reading a flatbuffer in place needs its 4-byte offsets aligned in memory, not only within the buffer
// (which is all flatbuffers' Verifier checks): misaligned loads are undefined behaviour, and fault on
// some processors.
inline bool is_aligned(const std::uint8_t* flatbuffer) {
  return reinterpret_cast<std::uintptr_t>(flatbuffer) % 4 == 0;
}

inline const char* status_text(XnnpackPayload::Status status) {
  switch (status) {
    case XnnpackPayload::Status::Ok: return "ok";
    case XnnpackPayload::Status::TooSmall: return "payload too small to hold a flatbuffer";
    case XnnpackPayload::Status::HeaderTooShort: return "XH00 header length is below 30 bytes or past the payload";
    case XnnpackPayload::Status::FlatbufferOutOfRange: return "XH00 header's flatbuffer offset or size is out of range";
    case XnnpackPayload::Status::ConstantsOutOfRange: return "XH00 header's constant data offset or size is out of range";
    case XnnpackPayload::Status::Misaligned:
      return "the flatbuffer does not start on a 4-byte boundary in memory (flatbuffers reads its offsets in place; "
             "ExecuTorch aligns every payload)";
  }
  return "unknown";
}

}  // namespace xnnpack_header

// Splits a payload into its flatbuffer and constant data; every offset is checked against `size`.
inline XnnpackPayload parse_xnnpack_payload(const std::uint8_t* data, std::size_t size) {
  using namespace xnnpack_header;
  XnnpackPayload payload;
  if (data == nullptr || size < 8) {
    payload.status = XnnpackPayload::Status::TooSmall;
    return payload;
  }
  if (!has_magic(data, size)) {
    payload.flatbuffer = data;
    payload.flatbuffer_size = size;
    payload.status = is_aligned(data) ? XnnpackPayload::Status::Ok : XnnpackPayload::Status::Misaligned;
    return payload;
  }
  payload.has_header = true;
  if (size < kMinimumLength) {
    payload.status = XnnpackPayload::Status::HeaderTooShort;
    return payload;
  }
  payload.header_length = static_cast<std::uint16_t>(read_le(data + 8, 2));
  const std::uint64_t flatbuffer_offset = read_le(data + 10, 4);
  const std::uint64_t flatbuffer_size = read_le(data + 14, 4);
  payload.constant_data_offset = read_le(data + 18, 4);
  payload.constant_data_size = read_le(data + 22, 8);
  if (payload.header_length < kMinimumLength || payload.header_length > size) {
    payload.status = XnnpackPayload::Status::HeaderTooShort;
    return payload;
  }
  if (flatbuffer_offset < payload.header_length || flatbuffer_size < 8 || flatbuffer_offset > size ||
      flatbuffer_size > size - flatbuffer_offset) {
    payload.status = XnnpackPayload::Status::FlatbufferOutOfRange;
    return payload;
  }
  if (payload.constant_data_offset > size || payload.constant_data_size > size - payload.constant_data_offset) {
    payload.status = XnnpackPayload::Status::ConstantsOutOfRange;
    return payload;
  }
  payload.flatbuffer = data + flatbuffer_offset;
  payload.flatbuffer_size = static_cast<std::size_t>(flatbuffer_size);
  if (payload.constant_data_size != 0) payload.constant_data = data + payload.constant_data_offset;
  payload.status = is_aligned(payload.flatbuffer) ? XnnpackPayload::Status::Ok : XnnpackPayload::Status::Misaligned;
  return payload;
}

}  // namespace fbcompat
