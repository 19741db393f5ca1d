// C++ source reduced to the code a compiler acts on, for scanning a runtime's dispatch without a C++
// parser: comments, string and character literals (raw strings too) and `#define` directives
// (continued lines included) become spaces. Newlines stay, so offsets keep their line numbers.
#pragma once

#include <string>
#include <string_view>

namespace fbcompat {

std::string code_text(std::string_view source);

// A letter, digit or underscore: a character that continues a C++ identifier.
bool is_identifier_char(char c);

}  // namespace fbcompat
