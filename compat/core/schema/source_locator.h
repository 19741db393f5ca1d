// Recovers the line and column of every declaration, field, enum value and union member.
//
// flatbuffers' Parser keeps only the file of a definition, never its line, and findings must point
// at a line. This is not a second parser: the Parser has already accepted the text and built the
// model; the locator only walks the text's tokens once to note where each name is declared, keyed
// the same way the model names things, so the loader can attach positions afterwards.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "fbcompat/core/source_location.h"

namespace fbcompat {

class SourceLocator {
 public:
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);

  // A member's text, by byte offsets into the scanned text ([begin, end) spans; kNone when absent).
  struct Member {
    std::string_view name;  // into the scanned text, as written: `a.B` for the member flatbuffers names a_B
    SourceLocation location;
    std::size_t begin = kNone;  // its name's first byte
    std::size_t end = kNone;    // past its terminator (`;`, `,`), or past its last token when it has none
    bool terminated = false;
    std::size_t type_end = kNone;  // fields: past the type's last token, where ` = default` would go
    std::size_t value_begin = kNone;  // what follows `=`
    std::size_t value_end = kNone;
    std::size_t attributes_begin = kNone;  // `(` ... `)`
    std::size_t attributes_end = kNone;
  };
  struct Declaration {
    SourceLocation location;
    std::vector<Member> members;
    std::size_t begin = kNone;  // its keyword
    std::size_t open = kNone;   // its `{`
    std::size_t close = kNone;  // its `}`
    mutable std::size_t next = 0;  // the model asks for members in declaration order: start there
  };
  // `root_type X;` or `file_identifier "X";`: the statement from its keyword through `;`, and its value.
  struct Statement {
    SourceLocation location;
    std::size_t begin = kNone;
    std::size_t end = kNone;
    std::size_t value_begin = kNone;
    std::size_t value_end = kNone;
  };

  // Notes the declarations of one file (the text must outlive the locator): tables, structs, enums, unions
  // and rpc_services by qualified name, and their fields, values, members and methods by name (as
  // flatbuffers names them: a member `a.B` is `a_B`), and the
  // root_type and file_identifier statements. A later file's notes replace an earlier one's.
  void scan(std::string_view text, std::uint32_t file_index);

  std::optional<SourceLocation> declaration(const std::string& qualified_name) const;
  std::optional<SourceLocation> member(const std::string& qualified_declaration, std::string_view member_name) const;
  std::optional<SourceLocation> root_type() const {
    return root_type_ ? std::optional<SourceLocation>(root_type_->location) : std::nullopt;
  }
  std::optional<SourceLocation> file_identifier() const {
    return file_identifier_ ? std::optional<SourceLocation>(file_identifier_->location) : std::nullopt;
  }

  // The same, with where each is in the text (a fix's edits).
  const Declaration* find_declaration(const std::string& qualified_name) const;
  const Member* find_member(const Declaration& declaration, std::string_view member_name) const;
  const std::optional<Statement>& root_type_statement() const { return root_type_; }
  const std::optional<Statement>& file_identifier_statement() const { return file_identifier_; }

  // The 1-based column of `offset` on the line that starts at `line_start`, counted in Unicode code points
  // (as editors show columns, and SARIF's columnKind says): a byte order mark before the first line counts
  // for nothing.
  static std::uint32_t column_of(std::string_view text, std::size_t line_start, std::size_t offset);

  // Where the attribute `name` is in the attribute list `text[begin, end)` (`(id: 3, required)`): its
  // entry (`id: 3`), and the spans removing it deletes so that the list stays well-formed (with the comma
  // that joins it to a neighbour, or the whole list when it is the only entry; a comment beside it stays).
  struct AttributeSpans {
    std::pair<std::size_t, std::size_t> entry;
    std::vector<std::pair<std::size_t, std::size_t>> removal;
  };
  static std::optional<AttributeSpans> attribute_span(std::string_view text, std::size_t begin, std::size_t end,
                                                      std::string_view name);

 private:
  friend class SourceScanner;  // scan()'s steps, which fill in what follows
  std::unordered_map<std::string, Declaration> declarations_;
  std::optional<Statement> root_type_;
  std::optional<Statement> file_identifier_;
};

}  // namespace fbcompat
