// The distinct values of one union or enum that a program uses, collected without allocating:
// 0..255 (every union type id, and the enum values seen in practice) as a 256-bit set, a few others
// in a small fixed list.
#pragma once

#include <cstddef>
#include <cstdint>

#include "fbcompat/load_check/runtime_profile.h"

namespace fbcompat {

class UsedValues {
 public:
  static constexpr std::size_t kMaxOthers = 8;

  void add_small(std::uint8_t value) { bits_[value >> 6] |= std::uint64_t{1} << (value & 63); }

  void remove_small(std::uint8_t value) { bits_[value >> 6] &= ~(std::uint64_t{1} << (value & 63)); }

  void add(std::int64_t value) {
    if (value >= 0 && value < 256) {
      add_small(static_cast<std::uint8_t>(value));
      return;
    }
    for (std::size_t i = 0; i < other_count_; ++i) {
      if (others_[i] == value) return;
    }
    if (other_count_ < kMaxOthers) {
      others_[other_count_++] = value;
    } else {
      others_overflowed_ = true;
    }
  }

  bool contains(std::int64_t value) const {
    if (value >= 0 && value < 256) return ((bits_[value >> 6] >> (value & 63)) & 1u) != 0;
    for (std::size_t i = 0; i < other_count_; ++i) {
      if (others_[i] == value) return true;
    }
    return false;
  }

  // True when every value used is in `known` (values beyond the fixed list count as unknown).
  bool subset_of(const KnownValues& known) const {
    for (std::size_t word = 0; word < 4; ++word) {
      if ((bits_[word] & ~known.bits[word]) != 0) return false;
    }
    for (std::size_t i = 0; i < other_count_; ++i) {
      if (!known.contains(others_[i])) return false;
    }
    return !others_overflowed_;
  }

  // Calls f(value) for each value outside 0..255 used, in the order first seen (contains() answers
  // for 0..255).
  template <typename F>
  void for_each_other(F&& f) const {
    for (std::size_t i = 0; i < other_count_; ++i) f(others_[i]);
  }

  bool others_overflowed() const { return others_overflowed_; }

  bool operator==(const UsedValues& other) const {
    for (std::size_t word = 0; word < 4; ++word) {
      if (bits_[word] != other.bits_[word]) return false;
    }
    if (other_count_ != other.other_count_ || others_overflowed_ != other.others_overflowed_) return false;
    for (std::size_t i = 0; i < other_count_; ++i) {
      if (others_[i] != other.others_[i]) return false;
    }
    return true;
  }
  bool operator!=(const UsedValues& other) const { return !(*this == other); }

 private:
  std::uint64_t bits_[4] = {0, 0, 0, 0};
  std::int64_t others_[kMaxOthers] = {};
  std::size_t other_count_ = 0;
  bool others_overflowed_ = false;
};

}  // namespace fbcompat
