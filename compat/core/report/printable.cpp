#include "fbcompat/core/printable.h"

#include <fmt/format.h>

namespace fbcompat {
namespace {

// The length of the UTF-8 sequence at the start of `rest` (1 to 4), or 0 when it is not one: overlong
// forms, surrogates and code points past U+10FFFF are not.
std::size_t utf8_length(std::string_view rest) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(rest[i]); };
  const unsigned char lead = byte(0);
  std::size_t length = 0;
  unsigned minimum = 0;
  unsigned code = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2, minimum = 0x80, code = lead & 0x1Fu;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3, minimum = 0x800, code = lead & 0x0Fu;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4, minimum = 0x10000, code = lead & 0x07u;
  } else {
    return 0;
  }
  if (rest.size() < length) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0u) != 0x80u) return 0;
    code = (code << 6) | (byte(i) & 0x3Fu);
  }
  if (code < minimum || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
  return length;
}

}  // namespace

std::string printable(std::string_view text) {
  std::string shown;
  shown.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    const auto c = static_cast<unsigned char>(text[at]);
    if (c >= 0x20 && c < 0x7F) {
      shown += static_cast<char>(c);
      ++at;
      continue;
    }
    switch (c) {
      case '\n': shown += "\\n"; ++at; continue;
      case '\r': shown += "\\r"; ++at; continue;
      case '\t': shown += "\\t"; ++at; continue;
      default: break;
    }
    if (c < 0x80) {  // the other C0 controls and DEL
      shown += fmt::format("\\x{:02x}", c);
      ++at;
      continue;
    }
    const std::size_t length = utf8_length(text.substr(at));
    if (length == 0) {
      shown += fmt::format("\\x{:02x}", c);
      ++at;
      continue;
    }
    if (length == 2 && c == 0xC2 && static_cast<unsigned char>(text[at + 1]) < 0xA0) {  // C1: U+0080..U+009F
      shown += fmt::format("\\u{:04x}", static_cast<unsigned char>(text[at + 1]));
    } else {
      shown.append(text.substr(at, length));
    }
    at += length;
  }
  return shown;
}

}  // namespace fbcompat
