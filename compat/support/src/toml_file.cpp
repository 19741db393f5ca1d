#include "fbcompat/support/toml_file.h"

#include "fbcompat/support/inputs_read.h"

namespace fbcompat::support {

std::variant<toml::table, TomlProblem> parse_toml_file(const std::string& path, std::string_view unreadable) {
  note_input_read(path);
  try {
    return toml::parse_file(path);
  } catch (const toml::parse_error& error) {
    const auto& begin = error.source().begin;
    const bool could_not_read = begin.line == 0;
    return TomlProblem{static_cast<std::uint32_t>(begin.line), static_cast<std::uint32_t>(begin.column),
                       could_not_read ? std::string(unreadable) : std::string(error.description())};
  }
}

std::variant<toml::table, TomlProblem> parse_toml_text(std::string_view text, const std::string& source) {
  try {
    return toml::parse(text, source);
  } catch (const toml::parse_error& error) {
    const auto& begin = error.source().begin;
    return TomlProblem{static_cast<std::uint32_t>(begin.line), static_cast<std::uint32_t>(begin.column),
                       std::string(error.description())};
  }
}

}  // namespace fbcompat::support
