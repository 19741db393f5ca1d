#include "fbcompat/core/error.h"

#include <fmt/format.h>

namespace fbcompat {

std::string Error::to_string() const {
  std::string place;
  if (!file.empty()) {
    place = file;
    if (line != 0) place += fmt::format(":{}", line);
    if (line != 0 && column != 0) place += fmt::format(":{}", column);
    place += ": ";
  }
  return fmt::format("{}error: {}", place, message);
}

}  // namespace fbcompat
