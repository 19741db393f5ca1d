#include "schema/parser_languages.h"

#include <string>

namespace fbcompat {
namespace {

// The Parser's errors about what one of the languages asked for cannot express.
bool about_languages(const std::string& error) {
  return error.find("generated language") != std::string::npos ||
         error.find("programming languages") != std::string::npos;
}

// The Parser's error is its last line; its message follows "error: ".
std::string last_line(std::string text) {
  while (!text.empty() && text.back() == '\n') text.pop_back();
  const std::size_t start = text.rfind('\n');
  return start == std::string::npos ? text : text.substr(start + 1);
}

std::string message_of(const std::string& line) {
  const std::size_t at = line.find("error: ");
  return at == std::string::npos ? line : line.substr(at + 7);
}

}  // namespace

LanguageParse parse_for_any_language(const flatbuffers::IDLOptions& options,
                                     const std::function<bool(flatbuffers::Parser&)>& parse) {
  auto first = std::make_unique<flatbuffers::Parser>(options);
  if (parse(*first)) return {std::move(first), true};
  flatbuffers::IDLOptions binary_options = options;
  binary_options.lang_to_generate = flatbuffers::IDLOptions::kBinary;
  auto binary = std::make_unique<flatbuffers::Parser>(binary_options);
  if (parse(*binary)) return {std::move(binary), true};
  if (!about_languages(first->error_)) return {std::move(first), false};
  if (!about_languages(binary->error_)) return {std::move(binary), false};
  // Each reading stops at what the other takes (a default for a vector, a string member): say both, at
  // the second's place (the first names the end of the file for a union member it refuses).
  binary->error_ = last_line(binary->error_) + " (read for no language, which takes such defaults, it fails instead: " +
                   message_of(last_line(first->error_)) + ")";
  return {std::move(binary), false};
}

}  // namespace fbcompat
