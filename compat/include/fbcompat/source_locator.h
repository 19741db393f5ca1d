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

#include "fbcompat/source_location.h"

namespace fbcompat {

class SourceLocator {
 public:
  // Notes the declarations of one file. Keys:
  //   "ns.Decl"             a table, struct, enum, union
  //   "ns.Decl.member"      a field, enum value or union member (as flatbuffers names it: `a.B` -> `a_B`)
  //   "#root_type", "#file_identifier"
  void scan(std::string_view text, std::uint32_t file_index);

  std::optional<SourceLocation> find(const std::string& key) const;

 private:
  std::unordered_map<std::string, SourceLocation> locations_;
};

}  // namespace fbcompat
