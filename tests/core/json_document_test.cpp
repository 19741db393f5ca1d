// support::parse_json, which reads golden descriptions and the golden manifest: what it accepts is what
// nlohmann (which words their differences) accepts, and what it refuses names its line and column.
#include <boost/test/unit_test.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "fbcompat/support/json_document.h"

using namespace fbcompat;

namespace {

std::string problem_of(const std::string& text) {
  rapidjson::Document document;
  const auto problem = support::parse_json(text, document);
  return problem ? std::to_string(problem->line) + ":" + std::to_string(problem->column) + " " + problem->message : "ok";
}

bool nlohmann_reads(const std::string& text) { return !nlohmann::json::parse(text, nullptr, false).is_discarded(); }

}  // namespace

BOOST_AUTO_TEST_SUITE(json_document)

BOOST_AUTO_TEST_CASE(refusals_name_the_line_and_column) {
  BOOST_TEST(problem_of("{\n  \"a\": 1\n  \"b\": 2\n}") == "3:3 Missing a comma or '}' after an object member.");
  BOOST_TEST(problem_of("") == "1:1 The document is empty.");
  BOOST_TEST(problem_of("{\"a\": [1, 2,]}") == "1:13 Invalid value.");
}

// Both parsers agree on each text: ASCII (read without checking encoding), UTF-8, bytes that are not
// UTF-8, a NUL after the value (the end of the text for both) or inside a string, and nesting a
// million deep (iterative: no stack to exhaust).
BOOST_AUTO_TEST_CASE(accepts_what_nlohmann_accepts) {
  const std::string deep = std::string(1'000'000, '[') + std::string(1'000'000, ']');
  const std::vector<std::string> texts = {
      "{\"a\": 1}",
      "{\"a\": \"caf\xc3\xa9\"}",
      "{\"a\": \"caf\xe9\"}",
      std::string("{\"a\": 1}\0{", 10),
      std::string("{\"a\": \"x\0y\"}", 12),
      std::string("{\"a\": \"x\\u0000y\"}"),
      deep,
      deep.substr(1),
      "{\"a\": \"\\udc00\"}",
      "{\"\\udfff\": 1}",
      "{\"a\": \"\\ud83d\\ude00\"}",
      "{\"a\": 2e308}",
      "{\"a\": [1, -10e308]}",
      "{\"a\": 1.7976931348623157e308}",
      "\xEF\xBB\xBF{\"a\": 1}",
      "\xEF\xBB\xBF",
  };
  for (const std::string& text : texts) {
    const std::string shown = text.substr(0, 20);
    BOOST_TEST((problem_of(text) == "ok") == nlohmann_reads(text), shown << ": " << problem_of(text));
  }
  BOOST_TEST(problem_of(texts[2]) == "1:11 Invalid encoding in string.");
  BOOST_TEST(problem_of(texts[3]) == "ok");
  BOOST_TEST(problem_of(texts[4]) == "1:9 Missing a closing quotation mark in string.");
  BOOST_TEST(problem_of(deep) == "ok");
  // What RapidJSON 1.1 lets through and nlohmann refuses is refused where it is met: a number at its
  // start, a string at its end.
  BOOST_TEST(problem_of(texts[8]) == "1:15 a lone surrogate escape, which is no character");
  BOOST_TEST(problem_of(texts[10]) == "ok");  // a surrogate pair is a character
  BOOST_TEST(problem_of(texts[11]) == "1:7 a number beyond a double's range");
  BOOST_TEST(problem_of(texts[12]) == "1:11 a number beyond a double's range");
  // A byte order mark is skipped, and places are counted in the file as it is.
  BOOST_TEST(problem_of(texts[14]) == "ok");
  BOOST_TEST(problem_of(texts[15]) == "1:4 The document is empty.");
}

// A text that starts by closing or separating is empty of a document, whichever parser reads it.
BOOST_AUTO_TEST_CASE(a_text_that_starts_with_a_closing_bracket_or_a_separator_is_empty) {
  BOOST_TEST(problem_of("]") == "1:1 The document is empty.");
  BOOST_TEST(problem_of(" }") == "1:2 The document is empty.");
  BOOST_TEST(problem_of("\n,") == "2:1 The document is empty.");
  BOOST_TEST(problem_of(":1") == "1:1 The document is empty.");
  BOOST_TEST(problem_of("\xEF\xBB\xBF]") == "1:4 The document is empty.");
  BOOST_TEST(problem_of("x") == "1:1 Invalid value.");
  BOOST_TEST(problem_of("[]]") == "1:3 The document root must not be followed by other values.");
}

// Up to 64 levels deep a text is read recursively; deeper, it is read again iteratively. On either side
// of that depth the same texts are read, and refused at the same places with the same words.
BOOST_AUTO_TEST_CASE(texts_nested_past_the_recursive_depth_read_alike) {
  for (const std::size_t depth : {63u, 64u, 65u, 100000u}) {
    const std::string open(depth, '['), close(depth, ']');
    const std::string column = std::to_string(depth + 3);  // the third character after the brackets
    BOOST_TEST(problem_of(open + close) == "ok", depth);
    BOOST_TEST(problem_of("{\"a\": " + open + "1, 2" + close + "}") == "ok", depth);
    BOOST_TEST(problem_of(open + "1,]" + close) == "1:" + column + " Invalid value.", depth);
    BOOST_TEST(problem_of(open + "\"\\udc00\"" + close) == "1:" + std::to_string(depth + 9) +
                                                                  " a lone surrogate escape, which is no character",
               depth);
    BOOST_TEST(problem_of(open + close.substr(1)) ==
                   "1:" + std::to_string(2 * depth) + " Missing a comma or ']' after an array element.",
               depth);
  }
}

BOOST_AUTO_TEST_SUITE_END()
