#include "runtime/value_table.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace fbcompat::xnnpack {

std::string dims_to_string(const Dims& dims) { return fmt::format("[{}]", fmt::join(dims, ", ")); }

bool ValueTable::add(ValueInfo value) {
  if (!index_.emplace(value.value_id, values_.size()).second) return false;
  values_.push_back(std::move(value));
  return true;
}

const ValueInfo* ValueTable::find(std::uint32_t value_id) const {
  const auto found = index_.find(value_id);
  return found == index_.end() ? nullptr : &values_[found->second];
}

}  // namespace fbcompat::xnnpack
