// An MLX payload split and its graph read once: what inspect, the load check and golden verify ask of
// it (its nodes' op types, its schema version), and which versions' runtimes load it as it is.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/reflected_schema.h"
#include "fbcompat/mlx/payload.h"
#include "payload/graph.h"

namespace fbcompat::mlx {

struct DecodedPayload {
  Payload parts;
  GraphView graph;
  std::vector<std::uint8_t> type_ids;  // every node's op type, chain by chain, in order (no-ops included)
  std::uint32_t highest_type_id = 0;
  std::optional<std::int64_t> schema_version;  // nullopt: MLXGraph.version is no integer

  // The oldest version whose runtime knows every op type and accepts the schema version; nullopt: none.
  std::optional<std::size_t> earliest_runtime() const;
  // Whether the runtime of `version` (runtime_versions()) loads it as it is.
  bool loads_on(std::size_t version) const;
};

// An Error when the header is bad or the flatbuffer fails the Verifier (within `limits`), saying which.
Expected<DecodedPayload> decode_payload(const std::uint8_t* data, std::size_t size, const BufferLimits& limits = {});

}  // namespace fbcompat::mlx
