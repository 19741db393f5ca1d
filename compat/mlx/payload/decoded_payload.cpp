#include "payload/decoded_payload.h"

#include <algorithm>

#include <fmt/format.h>

#include "fbcompat/core/input_limits.h"
#include "load/runtime_versions.h"

namespace fbcompat::mlx {

bool DecodedPayload::loads_on(std::size_t version) const {
  const RuntimeVersion& runtime = runtime_versions().at(version);
  const bool ops_known = std::all_of(type_ids.begin(), type_ids.end(),
                                     [&](std::uint8_t type) { return type >= 1 && type <= runtime.op_count; });
  return ops_known && schema_version && *schema_version <= runtime.max_schema_version;
}

std::optional<std::size_t> DecodedPayload::earliest_runtime() const {
  for (std::size_t v = 0; v < runtime_versions().size(); ++v) {
    if (loads_on(v)) return v;
  }
  return std::nullopt;
}

Expected<DecodedPayload> decode_payload(const std::uint8_t* data, std::size_t size, const BufferLimits& limits) {
  auto parts = split_payload(data, size);
  if (!parts) return parts.error();
  DecodedPayload decoded;
  decoded.parts = *parts;
  std::vector<std::uint8_t> aligned;
  const std::uint8_t* flatbuffer = aligned_flatbuffer(*parts, aligned);
  const std::uint32_t tables =
      limits.max_tables != 0 ? limits.max_tables : limits::table_count_limit(0, parts->flatbuffer_size);
  if (!verify_graph(flatbuffer, parts->flatbuffer_size, limits.max_depth, tables)) {
    return Error{"", 0, 0,
                 fmt::format("the {}-byte MLXGraph flatbuffer fails flatbuffers' Verifier (with at most {} levels of "
                             "nesting and {} tables)",
                             parts->flatbuffer_size, limits.max_depth, tables)};
  }
  decoded.graph = read_graph(flatbuffer);
  for (const auto& chain : decoded.graph.chains) {
    for (const GraphOp& op : chain) {
      if (!op.present) continue;
      decoded.type_ids.push_back(op.type);
      decoded.highest_type_id = std::max<std::uint32_t>(decoded.highest_type_id, op.type);
    }
  }
  decoded.schema_version = schema_version_of(decoded.graph.version);
  return decoded;
}

}  // namespace fbcompat::mlx
