// XNNPACK delegate payloads built for the load-time check's tests and benchmark: JSON graphs encoded
// with any version's writer schema, and graphs built with the newest schema's generated builder from
// raw type ids (so a test can use ids and fields no schema has).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace fbcompat::test {

using Bytes = std::vector<std::uint8_t>;

// Encodes `json` with the schema at `schema_path` (flatbuffers::Parser), stamping the schema's
// file_identifier. Throws std::runtime_error with the parser's message when either does not parse.
Bytes encode_json(const std::string& schema_path, const std::string& json);

// The payload an exporter writes: the 30-byte XH00 header (padded to 32), the flatbuffer, then
// `constants`.
Bytes with_xh00_header(const Bytes& flatbuffer, const Bytes& constants = {});

struct ValueSpec {
  std::uint8_t type = 1;         // XValueUnion id: 1 tensor, 2 quantized tensor, others raw
  std::int16_t datatype = 1;     // XNNDatatype, raw
  std::uint8_t quant_type = 0;   // XNNQuantParams id for a quantized tensor, raw
  std::uint32_t scale_buffer_idx = 0;  // PerChannelQuant.scale_buffer_idx (slot 2, added in v0.7.0)
};

struct GraphSpec {
  std::vector<std::uint8_t> node_types;  // XNodeUnion ids, raw; each payload is an empty table
  std::vector<ValueSpec> values;
  std::string identifier = "XN00";
  bool node_future_field = false;  // every XNode also sets slot 4, which no version has
};

// Builds the flatbuffer with the newest schema's generated builder.
Bytes build_graph(const GraphSpec& spec);

}  // namespace fbcompat::test
