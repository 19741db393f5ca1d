// A TOML file parsed with toml++, its failure as a plain place and message: every file fbcompat reads
// as TOML (the configuration, a family's manifest, a lock file) is parsed here, so that all of them
// name the line, the column and the parser's words the same way.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include <toml++/toml.h>

namespace fbcompat::support {

struct TomlProblem {
  std::uint32_t line = 0;  // 0: the file could not be read
  std::uint32_t column = 0;
  std::string message;
};

// The file's table, or the problem: the parser's description, or `unreadable` when the file cannot
// be read at all. Debian's toml++ is built with exceptions; they stop here.
std::variant<toml::table, TomlProblem> parse_toml_file(const std::string& path, std::string_view unreadable);

// The same for text read elsewhere (a file at a git ref, in the index); `source` names it in the table's
// source regions.
std::variant<toml::table, TomlProblem> parse_toml_text(std::string_view text, const std::string& source);

}  // namespace fbcompat::support
