#include "schema/source_locator.h"

#include <algorithm>
#include <vector>

namespace fbcompat {
namespace {

// ASCII character classes, inline: <cctype>'s are locale-aware calls, and this loop sees every byte.
constexpr bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }
constexpr bool is_word(char c) { return is_alpha(c) || is_digit(c) || c == '_'; }
constexpr bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

struct Token {
  enum Kind { Identifier, String, Number, Punct, End } kind = End;
  std::string_view text;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

// Splits schema text into identifiers, strings, numbers and punctuation, dropping comments. The
// Parser has already accepted the text, so there is no error handling here beyond staying in bounds.
class Tokenizer {
 public:
  explicit Tokenizer(std::string_view text) : text_(text) {}

  Token next() {
    skip_space_and_comments();
    Token token;
    token.line = line_;
    token.column = static_cast<std::uint32_t>(pos_ - line_start_ + 1);
    if (pos_ >= text_.size()) return token;
    const std::size_t start = pos_;
    const char c = text_[pos_];
    if (is_alpha(c) || c == '_') {
      while (pos_ < text_.size() && is_word(text_[pos_])) ++pos_;
      token.kind = Token::Identifier;
    } else if (is_digit(c) || c == '-' || c == '+') {
      ++pos_;
      while (pos_ < text_.size() && (is_word(text_[pos_]) || text_[pos_] == '.')) ++pos_;
      token.kind = Token::Number;
    } else if (c == '"' || c == '\'') {
      ++pos_;
      while (pos_ < text_.size() && text_[pos_] != c) {
        if (text_[pos_] == '\\') ++pos_;
        if (pos_ < text_.size() && text_[pos_] == '\n') new_line(pos_ + 1);
        ++pos_;
      }
      if (pos_ < text_.size()) ++pos_;
      token.kind = Token::String;
    } else {
      ++pos_;
      token.kind = Token::Punct;
    }
    token.text = text_.substr(start, pos_ - start);
    return token;
  }

 private:
  void new_line(std::size_t next_line_start) {
    ++line_;
    line_start_ = next_line_start;
  }

  void skip_space_and_comments() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '\n') {
        new_line(++pos_);
      } else if (is_space(c)) {
        ++pos_;
      } else if (c == '/' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '/') {
        // Comments are much of a schema's text: skipped by the library's searches, not byte by byte.
        pos_ = std::min(text_.find('\n', pos_), text_.size());
      } else if (c == '/' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '*') {
        const std::size_t close = text_.find("*/", pos_ + 2);
        const std::size_t end = close == std::string_view::npos ? text_.size() : close + 2;
        for (std::size_t at = text_.find('\n', pos_); at < end; at = text_.find('\n', at + 1)) new_line(at + 1);
        pos_ = end;
      } else {
        return;
      }
    }
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t line_start_ = 0;
  std::uint32_t line_ = 1;
};

bool is(const Token& token, std::string_view text) { return token.kind != Token::End && token.text == text; }

// Reads `a.b.c` starting at `first`, joining the parts with `separator`; leaves `next` on the token
// after the name.
std::string read_dotted(Tokenizer& tokens, const Token& first, char separator, Token& next) {
  std::string name(first.text);
  next = tokens.next();
  while (is(next, ".")) {
    const Token part = tokens.next();
    if (part.kind != Token::Identifier) break;
    name += separator;
    name += part.text;
    next = tokens.next();
  }
  return name;
}

// Reads `a.b.c` starting at `first` as one view of the text; leaves `next` on the token after it.
std::string_view read_dotted_view(Tokenizer& tokens, const Token& first, Token& next) {
  const char* begin = first.text.data();
  const char* end = begin + first.text.size();
  next = tokens.next();
  while (is(next, ".")) {
    const Token part = tokens.next();
    if (part.kind != Token::Identifier) break;
    end = part.text.data() + part.text.size();
    next = tokens.next();
  }
  return std::string_view(begin, static_cast<std::size_t>(end - begin));
}

// A member as written (`a.B`, maybe with spaces around the dot) against flatbuffers' name for it (`a_B`).
bool same_member(std::string_view written, std::string_view name) {
  std::size_t j = 0;
  for (const char c : written) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    if (j == name.size() || name[j] != (c == '.' ? '_' : c)) return false;
    ++j;
  }
  return j == name.size();
}

}  // namespace

void SourceLocator::scan(std::string_view text, std::uint32_t file_index) {
  enum class Body { None, Composite, Enum, Union, Other };

  Tokenizer tokens(text);
  std::string name_space;
  Declaration* declaration = nullptr;  // the declaration whose body we are in
  Body body = Body::None;
  Body pending = Body::None;  // a declaration keyword was seen; its `{` has not come yet
  int nesting = 0;            // () and [] inside a body, and {} inside an unknown body
  bool at_member_start = false;

  auto at = [&](const Token& token) { return SourceLocation{file_index, token.line, token.column}; };
  auto note_member = [&](std::string_view name, const Token& token) {
    if (declaration != nullptr) declaration->members.push_back({name, at(token)});
  };
  auto qualify = [&](std::string_view name) {
    return name_space.empty() ? std::string(name) : name_space + "." + std::string(name);
  };

  Token token = tokens.next();
  while (token.kind != Token::End) {
    Token next;
    bool advanced = false;
    if (body == Body::None) {
      if (token.kind == Token::Identifier && pending == Body::None) {
        if (is(token, "namespace")) {
          const Token first = tokens.next();
          name_space = first.kind == Token::Identifier ? read_dotted(tokens, first, '.', next) : std::string();
          if (first.kind != Token::Identifier) next = first;
          advanced = true;
        } else if (is(token, "table") || is(token, "struct") || is(token, "enum") || is(token, "union")) {
          pending = is(token, "enum") ? Body::Enum : is(token, "union") ? Body::Union : Body::Composite;
          const Token name = tokens.next();
          declaration = nullptr;
          if (name.kind == Token::Identifier) {
            declaration = &declarations_[qualify(name.text)];
            *declaration = Declaration{at(token), {}, 0};
          }
        } else if (is(token, "rpc_service")) {
          pending = Body::Other;
        } else if (is(token, "root_type")) {
          root_type_ = at(token);
        } else if (is(token, "file_identifier")) {
          file_identifier_ = at(token);
        }
      } else if (is(token, "{")) {
        body = pending == Body::None ? Body::Other : pending;
        pending = Body::None;
        nesting = 0;
        at_member_start = true;
      }
    } else if (is(token, "(") || is(token, "[") || (body == Body::Other && is(token, "{"))) {
      ++nesting;
    } else if (nesting > 0 && (is(token, ")") || is(token, "]") || is(token, "}"))) {
      --nesting;
    } else if (nesting == 0 && is(token, "}")) {
      body = Body::None;
    } else if (nesting == 0 && body == Body::Composite) {
      if (is(token, ";")) {
        at_member_start = true;
      } else if (at_member_start && token.kind == Token::Identifier) {
        note_member(token.text, token);
        at_member_start = false;
      }
    } else if (nesting == 0 && (body == Body::Enum || body == Body::Union)) {
      if (is(token, ",")) {
        at_member_start = true;
      } else if (at_member_start && token.kind == Token::Identifier) {
        // `Alias: ns.Table` is named Alias; a bare `ns.Table` is named ns_Table.
        note_member(read_dotted_view(tokens, token, next), token);
        at_member_start = false;
        advanced = true;
      }
    }
    token = advanced ? next : tokens.next();
  }
}

std::optional<SourceLocation> SourceLocator::declaration(const std::string& qualified_name) const {
  const auto found = declarations_.find(qualified_name);
  if (found == declarations_.end()) return std::nullopt;
  return found->second.location;
}

std::optional<SourceLocation> SourceLocator::member(const std::string& qualified_declaration,
                                                    std::string_view member_name) const {
  const auto found = declarations_.find(qualified_declaration);
  if (found == declarations_.end()) return std::nullopt;
  const Declaration& declaration = found->second;
  const std::size_t count = declaration.members.size();
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t index = (declaration.next + i) % count;
    if (same_member(declaration.members[index].name, member_name)) {
      declaration.next = index + 1;
      return declaration.members[index].location;
    }
  }
  return std::nullopt;
}

}  // namespace fbcompat
