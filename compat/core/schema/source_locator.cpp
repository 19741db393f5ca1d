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
  enum class Part { Name, Type, Value, Attributes };  // where in the member being read a token is

  Tokenizer tokens(text);
  std::string name_space;
  Declaration* declaration = nullptr;  // the declaration whose body we are in
  Body body = Body::None;
  Body pending = Body::None;  // a declaration keyword was seen; its `{` has not come yet
  int nesting = 0;            // () and [] inside a body, and {} inside an unknown body
  bool at_member_start = false;
  Member* current = nullptr;        // the member being read
  Part part = Part::Name;
  std::size_t last_end = kNone;     // past the current member's last token
  Statement* statement = nullptr;   // a root_type or file_identifier statement being read

  auto at = [&](const Token& token) { return SourceLocation{file_index, token.line, token.column}; };
  auto offset = [&](const Token& token) { return static_cast<std::size_t>(token.text.data() - text.data()); };
  auto end_of = [&](const Token& token) { return offset(token) + token.text.size(); };
  auto start_member = [&](std::string_view name, const Token& token) {
    if (declaration == nullptr) return;
    Member member;
    member.name = name;
    member.location = at(token);
    member.begin = offset(token);
    declaration->members.push_back(member);
    current = &declaration->members.back();
    part = Part::Name;
    last_end = member.begin + name.size();
  };
  auto finish_member = [&](std::size_t end, bool terminated) {
    if (current != nullptr) {
      current->end = end;
      current->terminated = terminated;
    }
    current = nullptr;
  };
  // A token inside the member being read: which part of it, and where that part ends.
  auto member_token = [&](const Token& token) {
    const bool top = nesting == 0;
    if (top && part == Part::Name && is(token, ":")) {
      part = Part::Type;
    } else if (top && part != Part::Attributes && is(token, "=")) {
      part = Part::Value;
    } else if (top && is(token, "(")) {
      part = Part::Attributes;
      current->attributes_begin = offset(token);
    } else if (part == Part::Type) {
      current->type_end = end_of(token);
    } else if (part == Part::Value) {
      if (current->value_begin == kNone) current->value_begin = offset(token);
      current->value_end = end_of(token);
    } else if (part == Part::Attributes && nesting == 1 && is(token, ")")) {
      current->attributes_end = end_of(token);
    }
    last_end = end_of(token);
  };
  auto qualify = [&](std::string_view name) {
    return name_space.empty() ? std::string(name) : name_space + "." + std::string(name);
  };
  auto note_statement = [&](std::optional<Statement>& slot, const Token& token) {
    slot = Statement{at(token), offset(token), kNone, kNone, kNone};
    statement = &*slot;
  };

  Token token = tokens.next();
  while (token.kind != Token::End) {
    Token next;
    bool advanced = false;
    if (statement != nullptr) {
      if (is(token, ";")) {
        statement->end = end_of(token);
        statement = nullptr;
      } else {
        if (statement->value_begin == kNone) statement->value_begin = offset(token);
        statement->value_end = end_of(token);
      }
    } else if (body == Body::None) {
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
            *declaration = Declaration{at(token), {}, offset(token), kNone, kNone, 0};
          }
        } else if (is(token, "rpc_service")) {
          pending = Body::Other;
          declaration = nullptr;
        } else if (is(token, "root_type")) {
          note_statement(root_type_, token);
        } else if (is(token, "file_identifier")) {
          note_statement(file_identifier_, token);
        }
      } else if (is(token, "{")) {
        body = pending == Body::None ? Body::Other : pending;
        pending = Body::None;
        nesting = 0;
        at_member_start = true;
        current = nullptr;
        if (body == Body::Other) declaration = nullptr;
        if (declaration != nullptr) declaration->open = offset(token);
      }
    } else if (nesting == 0 && is(token, "}")) {
      finish_member(last_end, false);
      if (declaration != nullptr) declaration->close = offset(token);
      body = Body::None;
    } else if (body == Body::Other) {
      if (is(token, "(") || is(token, "[") || is(token, "{")) {
        ++nesting;
      } else if (nesting > 0 && (is(token, ")") || is(token, "]") || is(token, "}"))) {
        --nesting;
      }
    } else if (nesting == 0 && is(token, body == Body::Composite ? ";" : ",")) {
      finish_member(end_of(token), true);
      at_member_start = true;
    } else {
      if (at_member_start && token.kind == Token::Identifier && nesting == 0) {
        // `Alias: ns.Table` is named Alias; a bare `ns.Table` is named ns_Table.
        if (body == Body::Composite) {
          start_member(token.text, token);
        } else {
          start_member(read_dotted_view(tokens, token, next), token);
          advanced = true;
        }
        at_member_start = false;
      } else if (current != nullptr) {
        member_token(token);
      }
      if (is(token, "(") || is(token, "[")) {
        ++nesting;
      } else if (nesting > 0 && (is(token, ")") || is(token, "]"))) {
        --nesting;
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
  const Declaration* declaration = find_declaration(qualified_declaration);
  if (declaration == nullptr) return std::nullopt;
  const Member* found = find_member(*declaration, member_name);
  if (found == nullptr) return std::nullopt;
  return found->location;
}

const SourceLocator::Declaration* SourceLocator::find_declaration(const std::string& qualified_name) const {
  const auto found = declarations_.find(qualified_name);
  return found == declarations_.end() ? nullptr : &found->second;
}

const SourceLocator::Member* SourceLocator::find_member(const Declaration& declaration,
                                                        std::string_view member_name) const {
  const std::size_t count = declaration.members.size();
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t index = (declaration.next + i) % count;
    if (same_member(declaration.members[index].name, member_name)) {
      declaration.next = index + 1;
      return &declaration.members[index];
    }
  }
  return nullptr;
}

std::optional<std::pair<std::size_t, std::size_t>> SourceLocator::attribute_span(std::string_view text,
                                                                                 std::size_t begin, std::size_t end,
                                                                                 std::string_view name) {
  if (begin >= end || end > text.size()) return std::nullopt;
  // The list's entries: each from its name to the end of its value, split at the commas between them.
  struct Entry {
    std::size_t begin;
    std::size_t end;
    bool named;
  };
  std::vector<Entry> entries;
  std::vector<std::size_t> commas;
  Tokenizer tokens(text.substr(0, end));
  bool at_start = false;
  for (Token token = tokens.next(); token.kind != Token::End; token = tokens.next()) {
    const auto at = static_cast<std::size_t>(token.text.data() - text.data());
    if (at < begin) continue;
    if (is(token, "(") && at == begin) {
      at_start = true;
    } else if (is(token, ",") || is(token, ")")) {
      if (is(token, ",")) commas.push_back(at);
      at_start = true;
    } else if (at_start) {
      entries.push_back({at, at + token.text.size(), token.text == name});
      at_start = false;
    } else if (!entries.empty()) {
      entries.back().end = at + token.text.size();
    }
  }
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (!entries[i].named) continue;
    if (entries.size() == 1) return std::make_pair(begin, end);  // the whole list goes
    // With the comma after it (and the space before the next), or for the last, the comma before it.
    if (i + 1 < entries.size()) return std::make_pair(entries[i].begin, entries[i + 1].begin);
    return std::make_pair(commas.empty() ? entries[i].begin : commas.back(), entries[i].end);
  }
  return std::nullopt;
}

}  // namespace fbcompat
