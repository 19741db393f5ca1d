#include "text_checks.h"

#include <fmt/format.h>

namespace fbcompat {

std::optional<TextProblem> check_schema_text(std::string_view text, std::size_t max_bytes) {
  if (text.size() > max_bytes) {
    return TextProblem{0, fmt::format("the file is {} bytes, more than the {} bytes a schema may have (the limit)",
                                      text.size(), max_bytes)};
  }
  bool only_space = true;
  std::uint32_t line = 1;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte == '\n') {
      ++line;
    } else if (byte < 0x20 && byte != '\t' && byte != '\r' && byte != '\f' && byte != '\v') {
      return TextProblem{line, fmt::format("binary data (byte 0x{:02x} at offset {}): this is not a schema file", byte, i)};
    } else if (byte != ' ' && byte != '\t' && byte != '\r' && byte != '\f' && byte != '\v') {
      only_space = false;
    }
  }
  if (only_space) return TextProblem{0, "the file is empty"};
  return std::nullopt;
}

}  // namespace fbcompat
