// An XNNPACK delegate payload read against one version's schema (writer or reader): the XH00 header
// split, the identifier, and what the graph holds, read through flatbuffers reflection after
// flatbuffers' reflection Verify has accepted the buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/reflected_schema.h"
#include "fbcompat/load_check/xnnpack_header.h"

namespace fbcompat {

struct XnnpackVersion;

struct XnnpackNode {
  std::uint8_t type_id = 0;  // XNodeUnion type id, as stored
  std::string name;          // the member with that id in the schema read against; empty when none
};

struct XnnpackGraph {
  XnnpackPayload payload;      // header, flatbuffer and constant data spans
  std::string identifier;      // the flatbuffer's 4-byte file identifier
  std::vector<XnnpackNode> nodes;
  std::size_t value_count = 0;
  std::size_t constant_data_entries = 0;    // XNNGraph.constant_data (entry 0 is "no data")
  std::size_t constant_buffer_entries = 0;  // XNNGraph.constant_buffer (old programs)
  std::uint64_t constant_buffer_bytes = 0;  // bytes stored in constant_buffer
};

// The payload's header and flatbuffer span, checked; no schema needed.
Expected<XnnpackPayload> split_xnnpack_payload(const std::uint8_t* payload, std::size_t size);

// The payload's flatbuffer identifier ("XN01"), printable, from a split payload.
std::string xnnpack_identifier(const XnnpackPayload& payload);

// Verifies the payload's flatbuffer against `schema` and reads it. Errors: the header is bad, or the
// flatbuffer fails verification (malformed, limits exceeded, or a union type id the schema lacks).
Expected<XnnpackGraph> read_xnnpack_graph(const ReflectedSchema& schema, const std::uint8_t* payload, std::size_t size,
                                          const BufferLimits& limits = {});
// The same, verified as `version` verifies (XnnpackVersion::verify: its compiled code when it has one)
// and read with its reader schema. Every reading first verifies the payload with the generated code of
// the newest runtime schema, whatever the reader: a caller that reads one payload with several versions
// passes `passes_newest`, which the first reading fills and the later ones use.
Expected<XnnpackGraph> read_xnnpack_graph(const XnnpackVersion& version, const std::uint8_t* payload, std::size_t size,
                                          const BufferLimits& limits = {}, std::optional<bool>* passes_newest = nullptr);

}  // namespace fbcompat
