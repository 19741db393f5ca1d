// Names listed in a message the way a person writes them: "A", "A and B", "A, B and C", "A, B and 3 more".
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace fbcompat {

// At most `limit` of `items`, then how many more there are.
std::string word_list(const std::vector<std::string>& items, std::size_t limit = 6);

}  // namespace fbcompat
