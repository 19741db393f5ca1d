// The text of one schema file with where its declarations are, to the byte: what a fix edits. The
// positions come from the loader's own source locator (the one that gives findings their lines), so
// nothing reads the schema language a second way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fbcompat {

class SchemaText {
 public:
  struct Span {  // [begin, end) in bytes
    std::size_t begin = 0;
    std::size_t end = 0;
  };
  // A field (`name: type = value (attributes);`), an enum value (`Name = 1,`) or a union member
  // (`Alias: Table,`), from its name through its terminator.
  struct Member {
    std::string name;  // as written (`ns.Table` for the member flatbuffers names ns_Table)
    Span whole;
    bool terminated = false;  // it ends with its own `;` or `,` (an enum's last value may not)
    std::optional<std::size_t> type_end;  // past its type (fields, aliased members)
    std::optional<Span> value;            // what follows `=`
    std::optional<Span> attributes;       // `(` ... `)`
  };
  struct Declaration {
    std::size_t keyword = 0;  // `table`, `struct`, `enum` or `union`
    std::size_t open = 0;     // its `{`
    std::size_t close = 0;    // its `}`
    std::vector<Member> members;  // in the order written
  };
  struct Statement {  // `root_type X;`, `file_identifier "X";`
    Span whole;
    Span value;
  };

  explicit SchemaText(std::string text);
  ~SchemaText();
  SchemaText(SchemaText&&) noexcept;
  SchemaText& operator=(SchemaText&&) noexcept;

  const std::string& text() const;
  // By qualified name (`fb_xnnpack.XNodeUnion`); nullopt when this file does not declare it.
  std::optional<Declaration> declaration(const std::string& qualified_name) const;
  // A member by the name flatbuffers gives it (`ns_Table` for `ns.Table`).
  std::optional<Member> member(const std::string& qualified_declaration, std::string_view name) const;
  std::optional<Statement> root_type() const;
  std::optional<Statement> file_identifier() const;
  // The attribute `name` of a member's list: its entry (`id: 3`), and the spans whose removal takes it
  // out and leaves a well-formed declaration (with the comma that joins it to a neighbour, or the whole
  // list when it is the only entry; a comment beside it stays).
  struct Attribute {
    Span entry;
    std::vector<Span> removal;
  };
  std::optional<Attribute> attribute(const Member& member, std::string_view name) const;

  // 1-based line and column (in Unicode code points, a byte order mark not counted) of a byte offset, as
  // findings and SARIF regions count them.
  std::pair<std::uint32_t, std::uint32_t> line_column(std::size_t offset) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace fbcompat
