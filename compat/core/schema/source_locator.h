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
  // Notes the declarations of one file (the text must outlive the locator): tables, structs, enums and unions by qualified name, and their
  // fields, values and members by name (as flatbuffers names them: a member `a.B` is `a_B`), and the
  // root_type and file_identifier statements. A later file's notes replace an earlier one's.
  void scan(std::string_view text, std::uint32_t file_index);

  std::optional<SourceLocation> declaration(const std::string& qualified_name) const;
  std::optional<SourceLocation> member(const std::string& qualified_declaration, std::string_view member_name) const;
  std::optional<SourceLocation> root_type() const { return root_type_; }
  std::optional<SourceLocation> file_identifier() const { return file_identifier_; }

 private:
  struct Member {
    std::string_view name;  // into the scanned text, as written: `a.B` for the member flatbuffers names a_B
    SourceLocation location;
  };
  struct Declaration {
    SourceLocation location;
    std::vector<Member> members;
    mutable std::size_t next = 0;  // the model asks for members in declaration order: start there
  };
  std::unordered_map<std::string, Declaration> declarations_;
  std::optional<SourceLocation> root_type_;
  std::optional<SourceLocation> file_identifier_;
};

}  // namespace fbcompat
