// A JSON text parsed with RapidJSON, its failure as a plain place and message: the JSON fbcompat reads
// in bulk (golden programs' descriptions and their manifest) is parsed here, so that both name the line,
// the column and the parser's words the same way. RapidJSON parses them several times faster than
// nlohmann, which the library keeps for the JSON it writes and for the small files it reads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <rapidjson/document.h>

// RapidJSON is compiled under fbcompat's own namespace (cmake/Dependencies.cmake).
namespace rapidjson = RAPIDJSON_NAMESPACE;

namespace fbcompat::support {

struct JsonProblem {
  std::uint32_t line = 0;  // from 1
  std::uint32_t column = 0;  // from 1, in bytes
  std::string message;     // RapidJSON's words
};

// Parses `text` into `document`, iteratively (no nesting depth exhausts the stack) and with strings
// held to UTF-8, as nlohmann holds them, so that a text one parser reads the other reads too.
std::optional<JsonProblem> parse_json(const std::string& text, rapidjson::Document& document);

}  // namespace fbcompat::support
