#include "fbcompat/support/json_document.h"

#include <algorithm>

#include <rapidjson/error/en.h>

namespace fbcompat::support {

std::optional<JsonProblem> parse_json(const std::string& text, rapidjson::Document& document) {
  document.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag>(text.data(), text.size());
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
