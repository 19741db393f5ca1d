// flatbuffers' Verifier answers only yes or no. When a buffer fails, verifying it again with one limit
// raised tells whether that limit was the cause, so that the error can name it instead of calling a
// merely large buffer malformed. Raised only to four times the limit or the default, whichever is
// larger: the limits bound the Verifier's work and stack on hostile buffers, and the second pass must
// stay bounded too.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fbcompat/core/input_limits.h"

namespace fbcompat {

// `verify(max_depth, max_tables)` verifies the buffer of `size` bytes. Returns nullopt when it
// verifies within the limits; otherwise why not: a named limit, or an empty string when the buffer is
// malformed.
template <typename Verify>
std::optional<std::string> verification_problem(Verify&& verify, std::uint32_t max_depth, std::uint32_t max_tables,
                                                std::size_t size) {
  if (verify(max_depth, max_tables)) return std::nullopt;
  const auto raised = [](std::uint32_t limit, std::uint32_t by_default) {
    return std::max(limit > UINT32_MAX / 4 ? UINT32_MAX : limit * 4, by_default);
  };
  if (verify(raised(max_depth, limits::kNestingDepth), max_tables)) {
    return "tables nest more than " + std::to_string(max_depth) + " deep, the " + std::string(limits::kNestingDepthName) + " limit";
  }
  if (verify(max_depth, raised(max_tables, limits::table_count_limit(0, size)))) {
    return "it holds more than " + std::to_string(max_tables) + " tables, the " + std::string(limits::kTableCountName) +
           " limit";
  }
  return std::string();
}

// The Verifier's answers on buffers already verified, for bytes that are loaded again: golden verify
// loads each program once for each set of loader rules, and what the Verifier says of a buffer, unlike
// those rules, does not depend on the release. One is made for one set of bytes (a program file, and
// the payloads inside it), which must stay alive and unchanged while it is used, and is used by one
// thread. A buffer outside those bytes is verified every time.
class VerifiedBuffers {
 public:
  VerifiedBuffers(const void* bytes, std::size_t size)
      : begin_(static_cast<const unsigned char*>(bytes)), end_(begin_ + size) {}

  // verification_problem(verify, max_depth, max_tables, size) for the buffer at `data`, verified as
  // `root` (the root type's name: the same bytes may be verified as two types), asked of `verify`
  // only the first time for the same buffer, root and limits.
  template <typename Verify>
  std::optional<std::string> problem(std::string_view root, const void* data, std::size_t size, std::uint32_t max_depth,
                                     std::uint32_t max_tables, Verify&& verify) {
    return remembered(root, data, size, max_depth, max_tables, /*worded=*/true,
                      [&] { return verification_problem(verify, max_depth, max_tables, size); });
  }

  // Whether the buffer passes `verify(max_depth, max_tables)`, asked once: for a caller that words a
  // refusal itself, and so has no use for the passes with raised limits that name one.
  template <typename Verify>
  bool passes(std::string_view root, const void* data, std::size_t size, std::uint32_t max_depth,
              std::uint32_t max_tables, Verify&& verify) {
    return !remembered(root, data, size, max_depth, max_tables, /*worded=*/false, [&] {
      return verify(max_depth, max_tables) ? std::nullopt : std::optional<std::string>(std::string());
    });
  }

 private:
  struct Verdict {
    std::string root;
    const void* data;
    std::size_t size;
    std::uint32_t max_depth;
    std::uint32_t max_tables;
    bool worded;  // by problem(), not passes()
    std::optional<std::string> problem;
  };

  template <typename Ask>
  std::optional<std::string> remembered(std::string_view root, const void* data, std::size_t size,
                                        std::uint32_t max_depth, std::uint32_t max_tables, bool worded, Ask ask) {
    const auto* at = static_cast<const unsigned char*>(data);
    if (at < begin_ || at > end_ || size > static_cast<std::size_t>(end_ - at)) return ask();
    for (const Verdict& known : verdicts_) {
      if (known.root == root && known.data == data && known.size == size && known.max_depth == max_depth &&
          known.max_tables == max_tables && known.worded == worded) {
        return known.problem;
      }
    }
    std::optional<std::string> found = ask();
    verdicts_.push_back({std::string(root), data, size, max_depth, max_tables, worded, found});
    return found;
  }

  const unsigned char* begin_;
  const unsigned char* end_;
  std::vector<Verdict> verdicts_;
};

// `verified`'s answers when there is one to keep them in, else the Verifier's.
template <typename Verify>
bool passes_verifier(VerifiedBuffers* verified, std::string_view root, const void* data, std::size_t size,
                     std::uint32_t max_depth, std::uint32_t max_tables, Verify&& verify) {
  if (verified == nullptr) return verify(max_depth, max_tables);
  return verified->passes(root, data, size, max_depth, max_tables, verify);
}

template <typename Verify>
std::optional<std::string> verification_problem(VerifiedBuffers* verified, std::string_view root, const void* data,
                                                std::size_t size, std::uint32_t max_depth, std::uint32_t max_tables,
                                                Verify&& verify) {
  if (verified == nullptr) return verification_problem(verify, max_depth, max_tables, size);
  return verified->problem(root, data, size, max_depth, max_tables, verify);
}

}  // namespace fbcompat
