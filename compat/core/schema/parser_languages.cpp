#include "schema/parser_languages.h"

namespace fbcompat {
namespace {

// The Parser's errors about what one of the languages asked for cannot express.
bool about_languages(const std::string& error) {
  return error.find("generated language") != std::string::npos ||
         error.find("programming languages") != std::string::npos;
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
  if (about_languages(first->error_) && !about_languages(binary->error_)) return {std::move(binary), false};
  return {std::move(first), false};
}

}  // namespace fbcompat
