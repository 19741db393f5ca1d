#include "project/version_order.h"

#include <cctype>
#include <string_view>

namespace fbcompat {
namespace {

// Compares runs of digits as numbers and everything else as text, so "1.10" > "1.9".
int compare_natural(std::string_view a, std::string_view b) {
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
      if (end_a - i != end_b - j) return end_a - i < end_b - j ? -1 : 1;
      const int order = a.compare(i, end_a - i, b.substr(j, end_b - j));
      if (order != 0) return order;
      i = end_a;
      j = end_b;
    } else {
      if (a[i] != b[j]) return a[i] < b[j] ? -1 : 1;
      ++i;
      ++j;
    }
  }
  if (a.size() - i == b.size() - j) return 0;
  return a.size() - i < b.size() - j ? -1 : 1;
}

// "v1.4.0-rc1" -> release "v1.4.0", pre-release "rc1": the pre-release begins at the first '-' after a
// digit (so "release-1.4" keeps its prefix whole), or at a letter right after a digit once the version
// has a '.' ("1.0.1rc1", "2.0b2", as Python spells them).
struct VersionParts {
  std::string_view release;
  std::string_view pre_release;
};

VersionParts split(std::string_view name) {
  bool dotted = false;
  for (std::size_t i = 1; i < name.size(); ++i) {
    const bool after_digit = std::isdigit(static_cast<unsigned char>(name[i - 1])) != 0;
    dotted |= name[i - 1] == '.';
    if (after_digit && name[i] == '-') return {name.substr(0, i), name.substr(i + 1)};
    if (after_digit && dotted && std::isalpha(static_cast<unsigned char>(name[i])) != 0) {
      return {name.substr(0, i), name.substr(i)};
    }
  }
  return {name, {}};
}

}  // namespace

// Semantic versioning's precedence, lenient about spelling: the releases compare naturally, then a
// pre-release comes before its release (1.0.0-rc1 < 1.0.0) and pre-releases compare naturally
// (rc2 < rc10). Written here because the version orderings Debian's libraries offer (libapt-pkg,
// libdpkg) read "1.0-rc1" as release 1.0, Debian revision rc1: after 1.0, not before it.
bool version_less(const std::string& a, const std::string& b) {
  const VersionParts left = split(a);
  const VersionParts right = split(b);
  const int release = compare_natural(left.release, right.release);
  if (release != 0) return release < 0;
  if (left.pre_release.empty() != right.pre_release.empty()) return !left.pre_release.empty();
  return compare_natural(left.pre_release, right.pre_release) < 0;
}

}  // namespace fbcompat
