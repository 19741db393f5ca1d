#include "fbcompat/executorch/runtime_release.h"

#include <charconv>

namespace fbcompat {
namespace {

// One decimal component ending at a '.' or the end; advances `text` past it.
std::optional<unsigned> component(std::string_view& text) {
  unsigned value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end == text.data()) return std::nullopt;
  text.remove_prefix(static_cast<std::size_t>(end - text.data()));
  return value;
}

}  // namespace

std::optional<RuntimeRelease> RuntimeRelease::parse(std::string_view text) {
  if (!text.empty() && text.front() == 'v') text.remove_prefix(1);
  unsigned parts[3] = {0, 0, 0};
  for (int i = 0; i < 3; ++i) {
    const auto value = component(text);
    if (!value) return std::nullopt;
    parts[i] = *value;
    if (text.empty()) {
      if (i == 0) return std::nullopt;  // "1" alone is not a release
      return RuntimeRelease{parts[0], parts[1], parts[2]};
    }
    if (text.front() != '.' || i == 2) return std::nullopt;
    text.remove_prefix(1);
  }
  return std::nullopt;
}

RuntimeRelease RuntimeRelease::described() const {
  if (*this < oldest_described()) return oldest_described();
  if (newest_described() < *this) return newest_described();
  return *this;
}

std::string RuntimeRelease::text() const {
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

}  // namespace fbcompat
