// The one error type of the library, and Expected<T>, what every call that can fail on bad input returns
// instead of throwing: a value, or an Error saying what went wrong and where.
//
// Expected is [[nodiscard]]: a result dropped on the floor is a compiler warning. Reading it never
// needs exceptions: check ok() (or test it as a bool), then use value() or `*`; value_or_null() and
// value_or() read it without a check. value() on an error is a programming mistake: with exceptions it
// throws BadExpectedAccess, whose what() carries the error; in a build without exceptions it prints the
// error to stderr and aborts, instead of terminating with nothing said.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
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

// How value() on an error says so, thrown or printed: "fbcompat: value() called on a failed result: <error>".
inline std::string failed_value_access(const Error& error) {
  return "fbcompat: value() called on a failed result: " + error.to_string();
}

// Thrown by Expected::value() on an error, when exceptions are enabled.
class BadExpectedAccess : public std::logic_error {
 public:
  explicit BadExpectedAccess(const Error& error) : std::logic_error(failed_value_access(error)), error_(error) {}
  const Error& error() const noexcept { return error_; }

 private:
  Error error_;
};

template <typename T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : state_(std::move(value)) {}      // NOLINT(google-explicit-constructor)
  Expected(Error error) : state_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  bool ok() const noexcept { return state_.index() == 0; }
  explicit operator bool() const noexcept { return ok(); }

  T& value() & { return *checked(); }
  const T& value() const& { return *checked(); }
  T&& value() && { return std::move(*checked()); }
  T* operator->() { return checked(); }
  const T* operator->() const { return checked(); }
  T& operator*() & { return *checked(); }
  const T& operator*() const& { return *checked(); }

  // Null on an error.
  T* value_or_null() noexcept { return std::get_if<0>(&state_); }
  const T* value_or_null() const noexcept { return std::get_if<0>(&state_); }
  // The value, or `fallback` on an error.
  T value_or(T fallback) const& { return ok() ? std::get<0>(state_) : std::move(fallback); }

  // The error; an empty Error (no message) when the result is ok.
  const Error& error() const noexcept {
    static const Error no_error;
    const Error* error = std::get_if<1>(&state_);
    return error != nullptr ? *error : no_error;
  }

 private:
  T* checked() { return const_cast<T*>(static_cast<const Expected*>(this)->checked()); }
  const T* checked() const {
    if (const T* value = std::get_if<0>(&state_)) return value;
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
    throw BadExpectedAccess(std::get<1>(state_));
#else
    std::fprintf(stderr, "%s\n", failed_value_access(*std::get_if<1>(&state_)).c_str());
    std::abort();
#endif
  }

  std::variant<T, Error> state_;
};

}  // namespace fbcompat
