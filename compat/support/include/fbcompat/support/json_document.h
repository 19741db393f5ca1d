// A JSON text parsed with RapidJSON, its failure as a plain place and message: the JSON fbcompat reads
// in bulk (golden programs' descriptions and their manifest) is parsed here, so that both name the line,
// the column and the parser's words the same way. RapidJSON parses them several times faster than
// nlohmann, which the library keeps for the JSON it writes and for the small files it reads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <rapidjson/document.h>

namespace fbcompat {

// RapidJSON is compiled under fbcompat's own namespace (cmake/Dependencies.cmake).
namespace rapidjson = ::RAPIDJSON_NAMESPACE;

namespace support {

struct JsonProblem {
  std::uint32_t line = 0;    // from 1
  std::uint32_t column = 0;  // from 1, in bytes
  std::string message;       // RapidJSON's words, or what fbcompat refuses that RapidJSON lets through
};

// Parses `text` into `document` (recursively up to 64 levels deep, and again iteratively when it
// nests deeper, so that no depth exhausts the stack), accepting what nlohmann accepts, so that a text
// one parser reads the other reads too: strings must be UTF-8, a leading byte order mark is skipped,
// and a number beyond a double's range or an escaped lone low surrogate ("\udc00"), which RapidJSON
// 1.1 lets through, are refused.
std::optional<JsonProblem> parse_json(const std::string& text, rapidjson::Document& document);

// The first key `object` names twice, or nullptr: JSON leaves open which one counts, so fbcompat counts
// neither.
const char* repeated_key(const rapidjson::Value& object);

}  // namespace support
}  // namespace fbcompat
