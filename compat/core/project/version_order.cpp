#include "project/version_order.h"

#include <cctype>

namespace fbcompat {

// Compares runs of digits as numbers and everything else as text, so "v1.10" > "v1.9".
bool version_less(const std::string& a, const std::string& b) {
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < a.size() && j < b.size()) {
    const bool digit_a = std::isdigit(static_cast<unsigned char>(a[i])) != 0;
    const bool digit_b = std::isdigit(static_cast<unsigned char>(b[j])) != 0;
    if (digit_a && digit_b) {
      std::size_t end_a = i;
      std::size_t end_b = j;
      while (end_a < a.size() && std::isdigit(static_cast<unsigned char>(a[end_a]))) ++end_a;
      while (end_b < b.size() && std::isdigit(static_cast<unsigned char>(b[end_b]))) ++end_b;
      // Strip leading zeros, then the longer number is larger.
      while (i + 1 < end_a && a[i] == '0') ++i;
      while (j + 1 < end_b && b[j] == '0') ++j;
      if (end_a - i != end_b - j) return end_a - i < end_b - j;
      const int order = a.compare(i, end_a - i, b, j, end_b - j);
      if (order != 0) return order < 0;
      i = end_a;
      j = end_b;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

}  // namespace fbcompat
