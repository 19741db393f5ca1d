// Building an XNNPACK delegate payload: the graph flatbuffer alone (older exporters), or the "XH00"
// header, the flatbuffer and the constant data, each aligned to 16 bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "fbcompat/core/error.h"

namespace fbcompat {

struct XnnpackPayloadParts {
  const std::uint8_t* flatbuffer = nullptr;
  std::size_t flatbuffer_size = 0;
  const std::uint8_t* constant_data = nullptr;
  std::size_t constant_data_size = 0;
  bool with_header = true;
};

// Without the header there is nowhere to put constant data: asking for both is an error.
Expected<std::vector<std::uint8_t>> make_xnnpack_payload(const XnnpackPayloadParts& parts);

}  // namespace fbcompat
