#include "golden/parsed_description.h"

#include <fmt/format.h>

namespace fbcompat {

Expected<std::unique_ptr<ParsedDescription>> ParsedDescription::parse(std::string text) {
  std::unique_ptr<ParsedDescription> parsed(new ParsedDescription(std::move(text)));
  if (const auto problem = support::parse_json(parsed->text_, parsed->document_)) {
    return Error{"", 0, 0, fmt::format("not JSON at line {}, column {}: {}", problem->line, problem->column, problem->message)};
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
