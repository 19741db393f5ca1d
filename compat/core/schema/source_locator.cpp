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

// One pass over one file's tokens for SourceLocator::scan: at the top level, namespaces, declarations and
// statements; inside a declaration's body, its members, each read part by part (name, type, value,
// attributes) so that a fix knows where each part is.
class SourceScanner {
 public:
  SourceScanner(SourceLocator& locator, std::string_view text, std::uint32_t file_index)
      : locator_(locator), text_(text), file_index_(file_index), tokens_(text) {}

  void run() {
    Token token = tokens_.next();
    while (token.kind != Token::End) {
      Token next;
      bool advanced = false;  // a step read past `token`, up to `next`
      if (statement_ != nullptr) {
        statement_token(token);
      } else if (body_ == Body::None) {
        advanced = top_level_token(token, next);
      } else if (nesting_ == 0 && is(token, "}")) {
        close_body(token);
      } else if (body_ == Body::Other) {
        other_body_token(token);
      } else {
        advanced = member_token(token, next);
      }
      token = advanced ? next : tokens_.next();
    }
  }

 private:
  using Declaration = SourceLocator::Declaration;
  using Member = SourceLocator::Member;
  using Statement = SourceLocator::Statement;
  static constexpr std::size_t kNone = SourceLocator::kNone;
  enum class Body { None, Composite, Enum, Union, Other };
  enum class Part { Name, Type, Value, Attributes };  // where in the member being read a token is

  std::size_t offset(const Token& token) const { return static_cast<std::size_t>(token.text.data() - text_.data()); }
  std::size_t end_of(const Token& token) const { return offset(token) + token.text.size(); }
  SourceLocation at(const Token& token) {
    const std::size_t begin = offset(token);
    const std::size_t line_start = begin - (token.column - 1);
    // On one long line (a generated schema), counted on from the last place located rather than from the
    // line's start each time, which would take time quadratic in the line's length.
    if (line_start == counted_line_ && counted_offset_ > line_start && begin >= counted_offset_) {
      counted_column_ += SourceLocator::column_of(text_, counted_offset_, begin) - 1;
    } else {
      counted_column_ = SourceLocator::column_of(text_, line_start, begin);
    }
    counted_line_ = line_start;
    counted_offset_ = begin;
    return SourceLocation{file_index_, token.line, counted_column_};
  }
  std::string qualify(std::string_view name) const {
    return name_space_.empty() ? std::string(name) : name_space_ + "." + std::string(name);
  }

  // `root_type X;`, `file_identifier "X";`: the value up to the `;`.
  void statement_token(const Token& token) {
    if (is(token, ";")) {
      statement_->end = end_of(token);
      statement_ = nullptr;
      return;
    }
    if (statement_->value_begin == kNone) statement_->value_begin = offset(token);
    statement_->value_end = end_of(token);
  }

  void note_statement(std::optional<Statement>& slot, const Token& token) {
    slot = Statement{at(token), offset(token), kNone, kNone, kNone};
    statement_ = &*slot;
  }

  // Outside every body. Returns whether it read past `token` (to `next`).
  bool top_level_token(const Token& token, Token& next) {
    if (is(token, "{")) {
      open_body(token);
      return false;
    }
    if (token.kind != Token::Identifier || pending_ != Body::None) return false;
    if (is(token, "namespace")) {
      const Token first = tokens_.next();
      name_space_ = first.kind == Token::Identifier ? read_dotted(tokens_, first, '.', next) : std::string();
      if (first.kind != Token::Identifier) next = first;
      return true;
    }
    if (is(token, "table") || is(token, "struct") || is(token, "enum") || is(token, "union") ||
        is(token, "rpc_service")) {
      // A service's methods are written as fields are: `Name(Request):Response (attributes);`.
      pending_ = is(token, "enum") ? Body::Enum : is(token, "union") ? Body::Union : Body::Composite;
      const Token name = tokens_.next();
      declaration_ = nullptr;
      if (name.kind == Token::Identifier) {
        declaration_ = &locator_.declarations_[qualify(name.text)];
        *declaration_ = Declaration{at(token), {}, offset(token), kNone, kNone, 0};
      }
    } else if (is(token, "root_type")) {
      note_statement(locator_.root_type_, token);
    } else if (is(token, "file_identifier")) {
      note_statement(locator_.file_identifier_, token);
    }
    return false;
  }

  void open_body(const Token& token) {
    body_ = pending_ == Body::None ? Body::Other : pending_;
    pending_ = Body::None;
    nesting_ = 0;
    at_member_start_ = true;
    current_ = nullptr;
    if (body_ == Body::Other) declaration_ = nullptr;
    if (declaration_ != nullptr) declaration_->open = offset(token);
  }

  void close_body(const Token& token) {
    finish_member(last_end_, false);
    if (declaration_ != nullptr) declaration_->close = offset(token);
    body_ = Body::None;
  }

  // The body of what is not known: only its brackets matter.
  void other_body_token(const Token& token) {
    if (is(token, "(") || is(token, "[") || is(token, "{")) {
      ++nesting_;
    } else if (nesting_ > 0 && (is(token, ")") || is(token, "]") || is(token, "}"))) {
      --nesting_;
    }
  }

  // Inside a table's, struct's, enum's or union's body. Returns whether it read past `token` (to `next`).
  bool member_token(const Token& token, Token& next) {
    if (nesting_ == 0 && is(token, body_ == Body::Composite ? ";" : ",")) {
      finish_member(end_of(token), true);
      at_member_start_ = true;
      return false;
    }
    bool advanced = false;
    if (at_member_start_ && token.kind == Token::Identifier && nesting_ == 0) {
      // `Alias: ns.Table` is named Alias; a bare `ns.Table` is named ns_Table.
      if (body_ == Body::Composite) {
        start_member(token.text, token);
      } else {
        start_member(read_dotted_view(tokens_, token, next), token);
        advanced = true;
      }
      at_member_start_ = false;
    } else if (current_ != nullptr) {
      member_part(token);
    }
    if (is(token, "(") || is(token, "[")) {
      ++nesting_;
    } else if (nesting_ > 0 && (is(token, ")") || is(token, "]"))) {
      --nesting_;
    }
    return advanced;
  }

  void start_member(std::string_view name, const Token& token) {
    if (declaration_ == nullptr) return;
    Member member;
    member.name = name;
    member.location = at(token);
    member.begin = offset(token);
    declaration_->members.push_back(member);
    current_ = &declaration_->members.back();
    part_ = Part::Name;
    last_end_ = member.begin + name.size();
  }

  void finish_member(std::size_t end, bool terminated) {
    if (current_ != nullptr) {
      current_->end = end;
      current_->terminated = terminated;
    }
    current_ = nullptr;
  }

  // A token inside the member being read: which part of it, and where that part ends.
  void member_part(const Token& token) {
    const bool top = nesting_ == 0;
    if (top && part_ == Part::Name && is(token, ":")) {
      part_ = Part::Type;
    } else if (top && part_ != Part::Attributes && is(token, "=")) {
      part_ = Part::Value;
    } else if (top && is(token, "(")) {
      part_ = Part::Attributes;
      current_->attributes_begin = offset(token);
    } else if (part_ == Part::Type) {
      current_->type_end = end_of(token);
    } else if (part_ == Part::Value) {
      if (current_->value_begin == kNone) current_->value_begin = offset(token);
      current_->value_end = end_of(token);
    } else if (part_ == Part::Attributes && nesting_ == 1 && is(token, ")")) {
      current_->attributes_end = end_of(token);
    }
    last_end_ = end_of(token);
  }

  SourceLocator& locator_;
  std::string_view text_;
  std::uint32_t file_index_;
  Tokenizer tokens_;
  std::string name_space_;
  Declaration* declaration_ = nullptr;  // the declaration whose body we are in
  Body body_ = Body::None;
  Body pending_ = Body::None;  // a declaration keyword was seen; its `{` has not come yet
  int nesting_ = 0;            // () and [] inside a body, and {} inside an unknown body
  bool at_member_start_ = false;
  Member* current_ = nullptr;  // the member being read
  Part part_ = Part::Name;
  std::size_t last_end_ = kNone;     // past the current member's last token
  Statement* statement_ = nullptr;   // a root_type or file_identifier statement being read
  std::size_t counted_line_ = kNone;  // at(): the line start, offset and column it last counted
  std::size_t counted_offset_ = 0;
  std::uint32_t counted_column_ = 1;
};

void SourceLocator::scan(std::string_view text, std::uint32_t file_index) {
  SourceScanner(*this, text, file_index).run();
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

std::uint32_t SourceLocator::column_of(std::string_view text, std::size_t line_start, std::size_t offset) {
  offset = std::min(offset, text.size());
  std::size_t column = 1;
  for (std::size_t at = line_start; at < offset; ++at) {
    // A code point starts at every byte that is not a UTF-8 continuation byte.
    if ((static_cast<unsigned char>(text[at]) & 0xC0) != 0x80) ++column;
  }
  if (line_start == 0 && offset >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") --column;  // the byte order mark
  return static_cast<std::uint32_t>(column);
}

std::optional<SourceLocator::AttributeSpans> SourceLocator::attribute_span(std::string_view text, std::size_t begin,
                                                                         std::size_t end, std::string_view name) {
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
  const auto blank = [&](std::size_t at) { return text[at] == ' ' || text[at] == '\t'; };
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (!entries[i].named) continue;
    AttributeSpans spans{{entries[i].begin, entries[i].end}, {}};
    if (entries.size() == 1) {
      spans.removal.emplace_back(begin, end);  // the whole list goes
    } else if (i + 1 < entries.size()) {
      // With the comma after it and the blanks after that.
      const auto comma = std::find_if(commas.begin(), commas.end(), [&](std::size_t at) { return at >= entries[i].end; });
      std::size_t after = comma == commas.end() ? entries[i + 1].begin : *comma + 1;
      while (after < entries[i + 1].begin && blank(after)) ++after;
      spans.removal.emplace_back(entries[i].begin, after);
    } else {
      // The last: with the comma before it, and what is between when that is only blanks.
      const auto comma = std::find_if(commas.rbegin(), commas.rend(), [&](std::size_t at) { return at < entries[i].begin; });
      std::size_t from = comma == commas.rend() ? entries[i].begin : *comma;
      for (std::size_t at = from + 1; comma != commas.rend() && at < entries[i].begin; ++at) {
        if (blank(at)) continue;
        spans.removal.emplace_back(*comma, *comma + 1);  // a comment between stays
        from = entries[i].begin;
        break;
      }
      spans.removal.emplace_back(from, entries[i].end);
    }
    return spans;
  }
  return std::nullopt;
}

}  // namespace fbcompat
