// The value ids a node's definer in XNNCompiler looks up in its remapped ids, in the order it looks
// them up: the backend's checks refuse the first one no value defined, and the definitions on XNNPACK
// (runtime/) pass the ids XNNPACK gave those values.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "fbcompat/xnnpack/runtime_schema_generated.h"

namespace fbcompat::xnnpack {

struct NodeValueId {
  const char* field = "";  // "input1_id"
  std::uint32_t id = 0;
};

struct NodeValueIds {
  std::array<NodeValueId, 6> ids{};
  std::size_t count = 0;

  const NodeValueId* begin() const { return ids.data(); }
  const NodeValueId* end() const { return ids.data() + count; }
};

// Empty for a node without its payload table or of a type no release defines.
NodeValueIds node_value_ids(const fb_xnnpack::XNode& node);

}  // namespace fbcompat::xnnpack
