// The directory lock behind `golden freeze` and `lock`: one holder at a time, a clear refusal after
// the wait, and release when the holder goes.
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <thread>

#include "fbcompat/core/directory_lock.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

BOOST_AUTO_TEST_SUITE(directory_lock)

BOOST_AUTO_TEST_CASE(a_second_holder_is_refused_until_the_first_releases) {
  const TempDir dir;
  {
    auto first = DirectoryLock::acquire(dir.path(), "golden freeze");
    BOOST_REQUIRE(first.ok());
    auto second = DirectoryLock::acquire(dir.path(), "golden freeze", std::chrono::milliseconds(50));
    BOOST_REQUIRE(!second.ok());
    BOOST_TEST(second.error().file == dir.path());
    BOOST_TEST(second.error().message.find("another golden freeze holds this directory") != std::string::npos,
               second.error().message);
  }
  BOOST_TEST(DirectoryLock::acquire(dir.path(), "golden freeze", std::chrono::milliseconds(0)).ok());
}

BOOST_AUTO_TEST_CASE(a_waiting_holder_gets_the_lock_when_it_is_released) {
  const TempDir dir;
  auto first = DirectoryLock::acquire(dir.path(), "fbcompat lock");
  BOOST_REQUIRE(first.ok());
  std::thread releaser([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    DirectoryLock released = std::move(first.value());
  });
  auto second = DirectoryLock::acquire(dir.path(), "fbcompat lock", std::chrono::seconds(10));
  releaser.join();
  BOOST_TEST(second.ok());
}

BOOST_AUTO_TEST_CASE(a_missing_directory_is_an_error) {
  auto lock = DirectoryLock::acquire("/nonexistent/fbcompat", "golden freeze");
  BOOST_REQUIRE(!lock.ok());
  BOOST_TEST(lock.error().message.find("cannot lock the directory") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
