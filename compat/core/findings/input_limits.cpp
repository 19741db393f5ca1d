#include "fbcompat/core/input_limits.h"

#include <fmt/format.h>

namespace fbcompat::limits {

std::string exceeded(std::string_view subject, std::uint64_t value, std::string_view unit, std::string_view name,
                     std::uint64_t limit) {
  return fmt::format("{} {} {}{}, above the {} limit of {}", subject, value, unit, value == 1 ? "" : "s", name, limit);
}

}  // namespace fbcompat::limits
