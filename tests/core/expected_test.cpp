// Expected<T>: a value or an Error, read without exceptions (value_or_null, value_or), and value() on an
// error a programming mistake that says what the error was.
#include <boost/test/unit_test.hpp>

#include <memory>
#include <string>

#include "fbcompat/core/error.h"

using fbcompat::BadExpectedAccess;
using fbcompat::Error;
using fbcompat::Expected;

namespace {

Expected<int> parse_digit(char c) {
  if (c < '0' || c > '9') return Error{"input.txt", 3, 7, std::string("'") + c + "' is not a digit"};
  return c - '0';
}

}  // namespace

BOOST_AUTO_TEST_SUITE(expected)

BOOST_AUTO_TEST_CASE(a_value_reads_through_every_accessor) {
  Expected<int> seven = parse_digit('7');
  BOOST_TEST(seven.ok());
  BOOST_TEST(static_cast<bool>(seven));
  BOOST_TEST(seven.value() == 7);
  BOOST_TEST(*seven == 7);
  BOOST_TEST_REQUIRE(seven.value_or_null() != nullptr);
  BOOST_TEST(*seven.value_or_null() == 7);
  BOOST_TEST(seven.value_or(-1) == 7);
  BOOST_TEST(seven.error().message.empty());
}

BOOST_AUTO_TEST_CASE(an_error_reads_without_exceptions) {
  Expected<int> bad = parse_digit('x');
  BOOST_TEST(!bad.ok());
  BOOST_TEST(bad.value_or_null() == nullptr);
  BOOST_TEST(bad.value_or(-1) == -1);
  BOOST_TEST(bad.error().to_string() == "input.txt:3:7: error: 'x' is not a digit");
}

BOOST_AUTO_TEST_CASE(value_of_an_error_throws_the_error_not_bad_variant_access) {
  const Expected<int> bad = parse_digit('x');
  try {
    (void)bad.value();
    BOOST_FAIL("value() of an error returned");
  } catch (const BadExpectedAccess& thrown) {
    BOOST_TEST(std::string(thrown.what()) ==
               "fbcompat: value() called on a failed result: input.txt:3:7: error: 'x' is not a digit");
    BOOST_TEST(thrown.error().line == 3u);
  }
  BOOST_CHECK_THROW((void)*bad, BadExpectedAccess);
}

BOOST_AUTO_TEST_CASE(move_only_values_move_out) {
  Expected<std::unique_ptr<int>> owned = std::make_unique<int>(5);
  std::unique_ptr<int> taken = std::move(owned).value();
  BOOST_TEST_REQUIRE(static_cast<bool>(taken));
  BOOST_TEST(*taken == 5);
}

BOOST_AUTO_TEST_SUITE_END()
