#include "golden_programs/parsed_description.h"

#include <algorithm>

#include <fmt/format.h>
#include <rapidjson/error/en.h>

namespace fbcompat {
namespace {

// Iterative, so that no nesting depth can exhaust the stack; strings must be valid UTF-8, as nlohmann
// requires, so that a text one parser reads the other reads too.
constexpr unsigned kParseFlags = rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag;

// "line 3, column 14" of byte `offset` of `text` (both counted from 1; a column counts bytes).
std::string place_of(const std::string& text, std::size_t offset) {
  offset = std::min(offset, text.size());
  const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n');
  const std::size_t newline = offset == 0 ? std::string::npos : text.rfind('\n', offset - 1);
  const std::size_t column = newline == std::string::npos ? offset + 1 : offset - newline;
  return fmt::format("line {}, column {}", line, column);
}

}  // namespace

Expected<std::unique_ptr<ParsedDescription>> ParsedDescription::parse(std::string text) {
  std::unique_ptr<ParsedDescription> parsed(new ParsedDescription(std::move(text)));
  const std::string& source = parsed->text_;
  parsed->document_.Parse<kParseFlags>(source.data(), source.size());
  if (parsed->document_.HasParseError()) {
    return Error{"", 0, 0,
                 fmt::format("not JSON at {}: {}", place_of(source, parsed->document_.GetErrorOffset()),
                             rapidjson::GetParseError_En(parsed->document_.GetParseError()))};
  }
  // Anything else would be compared with nothing, and so prove nothing.
  if (!parsed->document_.IsObject()) {
    return Error{"", 0, 0, "its root is not a JSON object, so it describes no payload (a description is the payload's root table)"};
  }
  return parsed;
}

const nlohmann::json* ParsedDescription::tree() const {
  std::call_once(tree_parsed_, [this] {
    nlohmann::json tree = nlohmann::json::parse(text_, nullptr, false);
    if (!tree.is_discarded()) tree_ = std::move(tree);
  });
  return tree_ ? &*tree_ : nullptr;
}

}  // namespace fbcompat
