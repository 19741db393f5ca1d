// Where a declaration sits in a schema file. flatbuffers' Parser does not keep line numbers, so
// source_locator.h recovers them after parsing.
#pragma once

#include <cstdint>

namespace fbcompat {

struct SourceLocation {
  std::uint32_t file = 0;    // index into Schema::files
  std::uint32_t line = 0;    // 1-based; 0 when unknown
  std::uint32_t column = 0;  // 1-based; 0 when unknown

  bool known() const { return line != 0; }
};

}  // namespace fbcompat
