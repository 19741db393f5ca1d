#include "runtime_check/cpp_code_text.h"

#include <cctype>

namespace fbcompat {

bool is_identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

namespace {

void blank(std::string& text, std::size_t from, std::size_t to) {
  for (std::size_t i = from; i < to && i < text.size(); ++i) {
    if (text[i] != '\n') text[i] = ' ';
  }
}

// True when the newline at `at` is escaped by a backslash (trailing spaces and \r allowed, as
// compilers accept them), so the logical line goes on.
bool continued_at(const std::string& text, std::size_t at) {
  std::size_t i = at;
  while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\r')) --i;
  return i > 0 && text[i - 1] == '\\';
}

// End (exclusive) of the logical line that starts before `from`: its last unescaped newline.
std::size_t logical_line_end(const std::string& text, std::size_t from) {
  std::size_t at = text.find('\n', from);
  while (at != std::string::npos && continued_at(text, at)) at = text.find('\n', at + 1);
  return at == std::string::npos ? text.size() : at;
}

// The identifier that ends right before `at` (empty when none).
std::string_view identifier_before(const std::string& text, std::size_t at) {
  std::size_t start = at;
  while (start > 0 && is_identifier_char(text[start - 1])) --start;
  return std::string_view(text).substr(start, at - start);
}

bool is_raw_string_prefix(std::string_view prefix) {
  return prefix == "R" || prefix == "u8R" || prefix == "uR" || prefix == "UR" || prefix == "LR";
}

// A quote right after a number's digits is a digit separator (1'000'000), not a character literal.
bool is_digit_separator(const std::string& text, std::size_t at) {
  std::size_t start = at;
  while (start > 0 && (is_identifier_char(text[start - 1]) || text[start - 1] == '.' || text[start - 1] == '\'')) --start;
  return start < at && std::isdigit(static_cast<unsigned char>(text[start])) != 0;
}

// End (exclusive) of a quoted literal starting at `open`, honouring backslash escapes; an
// unterminated literal ends at its line's end.
std::size_t quoted_end(const std::string& text, std::size_t open) {
  const char quote = text[open];
  for (std::size_t i = open + 1; i < text.size(); ++i) {
    if (text[i] == '\\') {
      ++i;
    } else if (text[i] == quote) {
      return i + 1;
    } else if (text[i] == '\n') {
      return i;
    }
  }
  return text.size();
}

// End (exclusive) of a raw string R"delim( ... )delim" whose quote is at `open`.
std::size_t raw_string_end(const std::string& text, std::size_t open) {
  const std::size_t paren = text.find('(', open + 1);
  if (paren == std::string::npos || paren - open - 1 > 16) return quoted_end(text, open);
  const std::string closing = ")" + text.substr(open + 1, paren - open - 1) + "\"";
  const std::size_t close = text.find(closing, paren + 1);
  return close == std::string::npos ? text.size() : close + closing.size();
}

void blank_comments_and_literals(std::string& text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    const char next = i + 1 < text.size() ? text[i + 1] : '\0';
    std::size_t end = i + 1;
    if (c == '/' && next == '/') {
      end = logical_line_end(text, i);  // a backslash at its end continues a // comment
    } else if (c == '/' && next == '*') {
      const std::size_t close = text.find("*/", i + 2);
      end = close == std::string::npos ? text.size() : close + 2;
    } else if (c == '"') {
      end = is_raw_string_prefix(identifier_before(text, i)) ? raw_string_end(text, i) : quoted_end(text, i);
    } else if (c == '\'' && !is_digit_separator(text, i)) {
      end = quoted_end(text, i);
    } else {
      ++i;
      continue;
    }
    blank(text, i, end);
    i = end;
  }
}

void blank_define_directives(std::string& text) {
  std::size_t line = 0;
  while (line < text.size()) {
    std::size_t at = line;
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
    std::size_t end = text.find('\n', line);
    if (end == std::string::npos) end = text.size();
    if (at < text.size() && text[at] == '#') {
      ++at;
      while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
      std::size_t word_end = at;
      while (word_end < text.size() && is_identifier_char(text[word_end])) ++word_end;
      if (text.compare(at, word_end - at, "define") == 0) {
        end = logical_line_end(text, line);
        blank(text, line, end);
      }
    }
    line = end + 1;
  }
}

}  // namespace

std::string code_text(std::string_view source) {
  std::string text(source);
  blank_comments_and_literals(text);
  blank_define_directives(text);
  return text;
}

}  // namespace fbcompat
