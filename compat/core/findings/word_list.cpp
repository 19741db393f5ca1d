#include "fbcompat/core/word_list.h"

#include <fmt/format.h>

namespace fbcompat {

std::string word_list(const std::vector<std::string>& items, std::size_t limit) {
  std::string text;
  const std::size_t shown = items.size() <= limit ? items.size() : limit;
  for (std::size_t i = 0; i < shown; ++i) {
    // The last one shown follows "and", unless a count of the rest does.
    text += i == 0 ? "" : i + 1 == items.size() ? " and " : ", ";
    text += items[i];
  }
  if (items.size() > limit) text += fmt::format(" and {} more", items.size() - limit);
  return text;
}

}  // namespace fbcompat
