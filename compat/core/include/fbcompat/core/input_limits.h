// The errors that name an input limit (fbcompat/base/limits.h): "<subject> <value> <unit>s, above the
// <name> limit of <limit>".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "fbcompat/base/limits.h"

namespace fbcompat::limits {

// "<subject> <value> <unit>(s), above the <name> limit of <limit>", e.g.
// exceeded("the program is", 3000000000, "byte", ...): "the program is 3000000000 bytes, above the
// program-size limit of 2147483648". `subject` ends in its verb; `unit` is singular.
std::string exceeded(std::string_view subject, std::uint64_t value, std::string_view unit, std::string_view name,
                     std::uint64_t limit);

}  // namespace fbcompat::limits
