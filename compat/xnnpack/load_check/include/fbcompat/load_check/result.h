// What the load-time check tells a runtime: a code to act on, a message to log, and counts.
// Fixed size, no allocation: the result lives on the caller's stack.
#pragma once

#include <cstddef>
#include <cstdint>

#include "fbcompat/load_check/runtime_profile.h"

namespace fbcompat {

enum class LoadCheckCode : std::uint8_t {
  Ok,                     // the runtime can load the program
  UnknownFields,          // it can load it, but the program sets fields the runtime does not know and ignores
  IdentifierNotAccepted,  // the flatbuffer's file identifier is not one the runtime accepts
  Corrupt,                // the payload header or the flatbuffer fails verification
  UnknownTypes,           // the program uses node, value, quantization or data types the runtime does not know
};

inline const char* load_check_code_name(LoadCheckCode code) {
  switch (code) {
    case LoadCheckCode::Ok: return "ok";
    case LoadCheckCode::UnknownFields: return "unknown-fields";
    case LoadCheckCode::IdentifierNotAccepted: return "identifier-not-accepted";
    case LoadCheckCode::Corrupt: return "corrupt";
    case LoadCheckCode::UnknownTypes: return "unknown-types";
  }
  return "?";
}

constexpr std::size_t kLoadCheckMessageSize = 512;

struct LoadCheckResult {
  LoadCheckCode code = LoadCheckCode::Corrupt;
  // One line for a log, NUL-terminated; ends in "..." when it did not fit.
  char message[kLoadCheckMessageSize] = {};

  bool has_header = false;          // the payload starts with an XH00 header
  char identifier[5] = {};          // the flatbuffer's 4-byte identifier as found (raw bytes), when it has one
  std::uint32_t node_count = 0;     // filled once the flatbuffer verifies
  std::uint32_t value_count = 0;

  // Distinct members the runtime does not know, per kind.
  std::uint32_t unknown_node_types = 0;
  std::uint32_t unknown_value_types = 0;
  std::uint32_t unknown_quantization_types = 0;
  std::uint32_t unknown_datatypes = 0;
  // Nodes whose type, and values whose type, datatype or quantization type, the runtime does not know.
  std::uint32_t nodes_with_unknown_type = 0;
  std::uint32_t values_with_unknown_type = 0;
  // Tables that set a field this runtime's schema does not have.
  std::uint32_t tables_with_unknown_fields = 0;

  // The oldest runtime version that accepts the identifier and knows every type the program uses;
  // null when the flatbuffer did not verify or no version fbcompat knows can load it.
  const RuntimeProfile* minimum_runtime = nullptr;

  bool loadable() const { return code == LoadCheckCode::Ok || code == LoadCheckCode::UnknownFields; }
};

}  // namespace fbcompat
