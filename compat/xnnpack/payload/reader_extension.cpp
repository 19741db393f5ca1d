#include "payload/reader_extension.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace fbcompat {
namespace {

// A fingerprint read back as its declarations: each header line ("object NAME ...", "enum NAME ...",
// "root NAME") with the indented lines below it (a table's fields, by name; an enum's values, in their
// order), keyed by the header's first two words.
struct Declaration {
  std::string_view header;
  std::vector<std::string_view> lines;
};

std::map<std::string_view, Declaration> extension_declarations(std::string_view fingerprint) {
  std::map<std::string_view, Declaration> declarations;
  Declaration* current = nullptr;
  while (!fingerprint.empty()) {
    const std::size_t end = fingerprint.find('\n');
    const std::string_view line = fingerprint.substr(0, end);
    fingerprint.remove_prefix(end == std::string_view::npos ? fingerprint.size() : end + 1);
    if (line.empty()) continue;
    if (line.front() == ' ') {
      if (current != nullptr) current->lines.push_back(line);
      continue;
    }
    const std::size_t kind_end = line.find(' ');
    const std::size_t name_end = kind_end == std::string_view::npos ? line.size() : line.find(' ', kind_end + 1);
    current = &declarations[line.substr(0, name_end)];
    current->header = line;
  }
  return declarations;
}

// A table or struct keeps every field (they are listed by name); an enum or union keeps its values as
// the first of the later one's, in order. Order matters there: a value that several names share renders
// as the first, so a name inserted before an existing one (`f32 = 1, fp32 = 1`) changes how it reads.
bool keeps(const Declaration& earlier, const Declaration& later, bool ordered) {
  if (earlier.header != later.header) return false;
  if (ordered) {
    return earlier.lines.size() <= later.lines.size() &&
           std::equal(earlier.lines.begin(), earlier.lines.end(), later.lines.begin());
  }
  return std::all_of(earlier.lines.begin(), earlier.lines.end(), [&](std::string_view line) {
    return std::find(later.lines.begin(), later.lines.end(), line) != later.lines.end();
  });
}

}  // namespace

bool extends_reading(std::string_view earlier_fingerprint, std::string_view later_fingerprint) {
  return changed_declarations(earlier_fingerprint, later_fingerprint).empty();
}

std::vector<std::string> changed_declarations(std::string_view earlier_fingerprint, std::string_view later_fingerprint) {
  const auto earlier = extension_declarations(earlier_fingerprint);
  const auto later = extension_declarations(later_fingerprint);
  std::vector<std::string> changed;
  for (const auto& [key, declaration] : earlier) {
    const auto found = later.find(key);
    const bool is_enum = key.substr(0, 5) == "enum ";
    if (found != later.end() && keeps(declaration, found->second, is_enum)) continue;
    // The key is the header's kind and name ("object fb_xnnpack.XNNAdd", "root fb_xnnpack.XNNGraph").
    const std::string_view kind = key.substr(0, key.find(' '));
    changed.emplace_back(kind == "root" ? std::string_view() : key.substr(key.find(' ') + 1));
  }
  std::sort(changed.begin(), changed.end());
  changed.erase(std::unique(changed.begin(), changed.end()), changed.end());
  return changed;
}

}  // namespace fbcompat
