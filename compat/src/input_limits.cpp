#include "fbcompat/input_limits.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

namespace fbcompat::limits {

std::uint32_t table_count_limit(std::uint32_t configured, std::size_t size) {
  if (configured != 0) return configured;
  const std::size_t by_size = size / 4;
  return by_size > kMinimumTableCount ? static_cast<std::uint32_t>(std::min<std::size_t>(by_size, UINT32_MAX))
                                      : kMinimumTableCount;
}

std::string exceeded(std::string_view subject, std::uint64_t value, std::string_view unit, std::string_view name,
                     std::uint64_t limit) {
  return fmt::format("{} {} {}{}, above the {} limit of {}", subject, value, unit, value == 1 ? "" : "s", name, limit);
}

}  // namespace fbcompat::limits
