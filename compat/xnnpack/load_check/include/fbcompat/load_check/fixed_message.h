// Text appended into a fixed-size char buffer with snprintf: never allocates, never overflows; text
// that does not fit is cut and the buffer ends in "...".
#pragma once

#include <cstdarg>
#include <cstddef>
#include <cstdio>
#include <cstring>

#include "fbcompat/load_check/compiler_attributes.h"

namespace fbcompat {

class FixedMessage {
 public:
  template <std::size_t N>
  explicit FixedMessage(char (&buffer)[N]) : buffer_(buffer), capacity_(N) {
    static_assert(N >= 4, "a message buffer holds at least \"...\"");
    buffer_[0] = '\0';
  }

  FBCOMPAT_PRINTF_FORMAT(2, 3) void append(const char* format, ...) {
    if (truncated_) return;
    va_list arguments;
    va_start(arguments, format);
    const int written = std::vsnprintf(buffer_ + length_, capacity_ - length_, format, arguments);
    va_end(arguments);
    if (written < 0) return;
    if (static_cast<std::size_t>(written) >= capacity_ - length_) {
      truncate();
      return;
    }
    length_ += static_cast<std::size_t>(written);
  }

  // A 4-byte identifier as text, with bytes that are not printable ASCII written as \xNN.
  void append_identifier(const unsigned char* identifier) {
    for (std::size_t i = 0; i < 4; ++i) {
      const unsigned char c = identifier[i];
      if (c >= 0x20 && c < 0x7f && c != '\\' && c != '\'') {
        append("%c", c);
      } else {
        append("\\x%02x", c);
      }
    }
  }

  bool truncated() const { return truncated_; }
  std::size_t length() const { return length_; }

 private:
  void truncate() {
    truncated_ = true;
    length_ = capacity_ - 1;
    std::memcpy(buffer_ + capacity_ - 4, "...", 4);
  }

  char* buffer_;
  std::size_t capacity_;
  std::size_t length_ = 0;
  bool truncated_ = false;
};

}  // namespace fbcompat
