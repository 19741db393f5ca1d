#include "fbcompat/support/json_document.h"

#include <algorithm>

#include <rapidjson/error/en.h>

namespace fbcompat::support {

namespace {

// Whether every byte is ASCII, and so already valid UTF-8: a reduction the compiler vectorizes, where
// RapidJSON's validation decodes each character of each string.
bool all_ascii(const std::string& text) {
  unsigned char bits = 0;
  for (const char c : text) bits |= static_cast<unsigned char>(c);
  return (bits & 0x80) == 0;
}

}  // namespace

std::optional<JsonProblem> parse_json(const std::string& text, rapidjson::Document& document) {
  // Read as a C string, which takes RapidJSON's SIMD paths for whitespace and strings. A NUL ends the
  // text, as it does when RapidJSON reads by length and for nlohmann: the three agree.
  constexpr unsigned kIterative = rapidjson::kParseIterativeFlag;
  if (all_ascii(text)) {
    document.Parse<kIterative>(text.c_str());
  } else {
    document.Parse<kIterative | rapidjson::kParseValidateEncodingFlag>(text.c_str());
  }
  if (!document.HasParseError()) return std::nullopt;
  const std::size_t offset = std::min(document.GetErrorOffset(), text.size());
  const auto before = text.begin() + static_cast<std::ptrdiff_t>(offset);
  const std::size_t newline = offset == 0 ? std::string::npos : text.rfind('\n', offset - 1);
  JsonProblem problem;
  problem.line = static_cast<std::uint32_t>(1 + std::count(text.begin(), before, '\n'));
  problem.column = static_cast<std::uint32_t>(newline == std::string::npos ? offset + 1 : offset - newline);
  problem.message = rapidjson::GetParseError_En(document.GetParseError());
  return problem;
}

}  // namespace fbcompat::support
