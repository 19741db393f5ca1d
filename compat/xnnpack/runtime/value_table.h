// The values of a graph once defined in the XNNPACK subgraph: what each payload value id became, and
// what node definers need to check their shapes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/xnnpack/runtime_schema_generated.h"

namespace fbcompat::xnnpack {

using Dims = std::vector<std::size_t>;

// "[1, 4, 4, 2]"
std::string dims_to_string(const Dims& dims);

struct ValueInfo {
  std::uint32_t value_id = 0;  // XNNTensorValue.id_out: how nodes refer to it
  std::uint32_t xnn_id = 0;    // the id XNNPACK gave it
  fb_xnnpack::XNNDatatype datatype = fb_xnnpack::XNNDatatype::xnn_datatype_invalid;
  Dims dims;
  std::size_t element_count = 1;
  std::size_t element_size = 0;
  bool is_constant = false;  // has static data
  std::uint32_t external_id = 0;
  std::uint32_t flags = 0;   // XNN_VALUE_FLAG_EXTERNAL_INPUT / _OUTPUT

  std::size_t byte_size() const { return element_count * element_size; }
};

class ValueTable {
 public:
  // False when the id is already taken.
  bool add(ValueInfo value);
  // Null when the graph defines no value with this id.
  const ValueInfo* find(std::uint32_t value_id) const;
  const std::vector<ValueInfo>& all() const { return values_; }

 private:
  std::vector<ValueInfo> values_;
  std::unordered_map<std::uint32_t, std::size_t> index_;
};

}  // namespace fbcompat::xnnpack
