// Reads a C++ runtime's node dispatch: `case <prefix>XNNFoo:` labels and `<MACRO>(Foo)` uses, in the
// code that is left once comments, literals and #define directives are blanked (cpp_code_text.h).
#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cctype>
#include <tuple>

#include "fbcompat/checks/runtime_check.h"
#include "fbcompat/core/regular_file.h"
#include "runtime_check/cpp_code_text.h"

namespace fbcompat {
namespace {

bool is_identifier_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_'; }

class Cursor {
 public:
  Cursor(const std::string& text, std::size_t at) : text_(text), at_(at) {}

  std::size_t at() const { return at_; }
  void skip_space() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_])) != 0) ++at_;
  }
  bool take(std::string_view token) {
    if (text_.compare(at_, token.size(), token) != 0) return false;
    at_ += token.size();
    return true;
  }
  bool peek(char c) const { return at_ < text_.size() && text_[at_] == c; }
  std::string identifier() {
    if (at_ >= text_.size() || !is_identifier_start(text_[at_])) return {};
    const std::size_t start = at_;
    while (at_ < text_.size() && is_identifier_char(text_[at_])) ++at_;
    return text_.substr(start, at_ - start);
  }
  // `a::b::c`, with optional spaces around `::` and an optional leading `::`; empty when absent.
  std::string qualified_name() {
    std::string name;
    skip_space();
    if (take("::")) {
      name = "::";
      skip_space();
    }
    std::string part = identifier();
    if (part.empty()) return {};
    name += part;
    while (true) {
      const std::size_t before = at_;
      skip_space();
      if (!take("::")) {
        at_ = before;
        return name;
      }
      skip_space();
      part = identifier();
      if (part.empty()) return {};
      name += "::" + part;
    }
  }

 private:
  const std::string& text_;
  std::size_t at_;
};

// The member a case label names with one of the prefixes, which may itself be namespace-qualified.
std::string member_of_case(const std::string& name, const std::vector<std::string>& prefixes) {
  for (const std::string& prefix : prefixes) {
    if (prefix.empty() || name.size() <= prefix.size()) continue;
    for (std::size_t at = name.rfind(prefix); at != std::string::npos; at = at == 0 ? std::string::npos : name.rfind(prefix, at - 1)) {
      const bool starts_name = at == 0 || (at >= 2 && name.compare(at - 2, 2, "::") == 0);
      const std::string rest = name.substr(at + prefix.size());
      const bool plain = !rest.empty() && is_identifier_start(rest[0]) &&
                         std::all_of(rest.begin(), rest.end(), is_identifier_char);
      if (starts_name && plain) return rest;
    }
  }
  return {};
}

class LineIndex {
 public:
  explicit LineIndex(const std::string& text) {
    starts_.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\n') starts_.push_back(i + 1);
    }
  }
  std::pair<std::uint32_t, std::uint32_t> at(std::size_t offset) const {
    const auto line = std::upper_bound(starts_.begin(), starts_.end(), offset) - starts_.begin();
    return {static_cast<std::uint32_t>(line), static_cast<std::uint32_t>(offset - starts_[line - 1] + 1)};
  }

 private:
  std::vector<std::size_t> starts_;
};

Error file_error(const std::string& file, const std::string& message) { return Error{file, 0, 0, message}; }

Expected<std::string> read_source(const std::string& file, std::size_t max_bytes) {
  std::string text;
  const RegularFileRead read = read_regular_file(file, max_bytes, text);
  if (read.outcome == RegularFileRead::Outcome::CannotOpen && read.error == ENOENT) {
    return file_error(file, "no such file");
  }
  if (read.outcome != RegularFileRead::Outcome::Read) {
    return file_error(file, regular_file_problem(read, limits::kSourceFileSizeName, max_bytes));
  }
  if (const auto nul = text.find('\0'); nul != std::string::npos) {
    return file_error(file, fmt::format("binary data (a NUL byte at offset {}): this is not a C++ source file", nul));
  }
  if (std::all_of(text.begin(), text.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; })) {
    return file_error(file, "the file is empty");
  }
  return text;
}

}  // namespace

std::vector<RuntimeDefinition> scan_runtime_source_text(std::string_view source, const std::string& file,
                                                        const SourceScanOptions& options) {
  const std::string text = code_text(source);
  const LineIndex lines(text);
  std::vector<RuntimeDefinition> definitions;
  auto found = [&](std::string member, std::size_t offset) {
    RuntimeDefinition definition;
    definition.member = std::move(member);
    definition.file = file;
    std::tie(definition.line, definition.column) = lines.at(offset);
    definitions.push_back(std::move(definition));
  };

  std::size_t i = 0;
  while (i < text.size()) {
    if (!is_identifier_start(text[i]) || (i > 0 && is_identifier_char(text[i - 1]))) {
      ++i;
      continue;
    }
    Cursor cursor(text, i);
    const std::string word = cursor.identifier();
    if (word == "case") {
      Cursor label = cursor;
      const std::string name = label.qualified_name();
      label.skip_space();
      if (!name.empty() && label.take(":") && !label.peek(':')) {
        std::string member = member_of_case(name, options.case_prefixes);
        if (!member.empty() && member != "NONE") found(std::move(member), i);
      }
    } else if (std::find(options.macros.begin(), options.macros.end(), word) != options.macros.end()) {
      Cursor use = cursor;
      use.skip_space();
      if (use.take("(")) {
        use.skip_space();
        const std::string argument = use.identifier();
        use.skip_space();
        if (!argument.empty() && use.take(")")) found(options.macro_member_prefix + argument, i);
      }
    }
    i = cursor.at();
  }
  return definitions;
}

Expected<std::vector<RuntimeDefinition>> scan_runtime_sources(const std::vector<std::string>& files,
                                                              const SourceScanOptions& options) {
  std::vector<RuntimeDefinition> definitions;
  for (const std::string& file : files) {
    auto text = read_source(file, options.max_file_bytes);
    if (!text) return text.error();
    std::vector<RuntimeDefinition> found = scan_runtime_source_text(*text, file, options);
    definitions.insert(definitions.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
  }
  return definitions;
}

}  // namespace fbcompat
