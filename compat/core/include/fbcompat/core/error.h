// The one error type of the library: what went wrong, and where when there is a place to name.
// Functions that can fail on bad input return Expected<T> instead of throwing.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>

namespace fbcompat {

struct Error {
  std::string file;          // empty when the problem is not in a file
  std::uint32_t line = 0;    // 1-based; 0 when unknown
  std::uint32_t column = 0;  // 1-based; 0 when unknown
  std::string message;

  // "file:line:column: error: message", leaving out the parts that are unknown.
  std::string to_string() const;
};

template <typename T>
class Expected {
 public:
  Expected(T value) : state_(std::move(value)) {}          // NOLINT(google-explicit-constructor)
  Expected(Error error) : state_(std::move(error)) {}      // NOLINT(google-explicit-constructor)

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(state_); }
  const T& value() const& { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const Error& error() const { return std::get<1>(state_); }

 private:
  std::variant<T, Error> state_;
};

}  // namespace fbcompat
