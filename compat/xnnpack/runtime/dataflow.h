// Which node reads and which writes each value, checked once every node is defined. The linked
// XNNPACK (2022) trusts the graph: it gives no memory to an internal value nobody reads, then asserts
// when a node writes it; it runs nodes in order, so a value read before it is written holds garbage.
// ExecuTorch's exporter never produces such graphs; a damaged payload can.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "fbcompat/core/error.h"
#include "runtime/value_table.h"

namespace fbcompat::xnnpack {

class Dataflow {
 public:
  void read(std::uint32_t value_id, std::size_t node) { uses_[value_id].readers.push_back(node); }
  void write(std::uint32_t value_id, std::size_t node) { uses_[value_id].writers.push_back(node); }

  // Every value written once at most, never a constant or an input; every internal value written
  // before it is read, and read after it is written; every output written.
  Expected<std::monostate> check(const ValueTable& values) const;

 private:
  struct Uses {
    std::vector<std::size_t> readers;  // node indexes, in order
    std::vector<std::size_t> writers;
  };
  std::unordered_map<std::uint32_t, Uses> uses_;
};

}  // namespace fbcompat::xnnpack
