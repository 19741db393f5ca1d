#include "schema/text_checks.h"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "fbcompat/core/input_limits.h"

namespace fbcompat {

std::optional<TextProblem> check_schema_text(std::string_view text, std::size_t max_bytes) {
  if (text.size() > max_bytes) {
    return TextProblem{0, limits::exceeded("the file is", text.size(), "byte", limits::kSchemaFileSizeName, max_bytes)};
  }
  // Every byte is looked at, so by table: 0 ordinary, 1 white space, 2 binary. Past the first
  // ordinary byte only binary matters, and most bytes are printable, so that loop tests the rare
  // case first.
  static const auto kinds = [] {
    std::array<std::uint8_t, 256> table{};
    for (int c = 0; c < 0x20; ++c) table[c] = 2;
    for (const char c : {'\t', '\r', '\f', '\v', '\n', ' '}) table[static_cast<unsigned char>(c)] = 1;
    return table;
  }();
  const auto binary_at = [&](std::size_t i) {
    const auto line = static_cast<std::uint32_t>(1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(i), '\n'));
    return TextProblem{line, fmt::format("binary data (byte 0x{:02x} at offset {}): this is not a schema file",
                                         static_cast<unsigned char>(text[i]), i)};
  };
  std::size_t i = 0;
  for (; i < text.size() && kinds[static_cast<unsigned char>(text[i])] == 1; ++i) {
  }
  const bool only_space = i == text.size();
  for (; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x20 && kinds[byte] == 2) return binary_at(i);
  }
  if (only_space) return TextProblem{0, "the file is empty"};
  return std::nullopt;
}

}  // namespace fbcompat
