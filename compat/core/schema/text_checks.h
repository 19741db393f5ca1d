// Checks on schema text made before the Parser sees it: the Parser reads a NUL-terminated string, so
// binary data would be silently cut at its first NUL byte, and an empty file parses as a valid,
// empty schema. Neither is what the user meant.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fbcompat {

struct TextProblem {
  std::uint32_t line = 0;
  std::string message;
};

std::optional<TextProblem> check_schema_text(std::string_view text, std::size_t max_bytes);

}  // namespace fbcompat
