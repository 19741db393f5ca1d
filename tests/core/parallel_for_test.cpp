// parallel_for: every job runs once, on as many threads as asked, the caller among them; a job's
// exception comes back to the caller once every thread has stopped.
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <chrono>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "fbcompat/support/parallel_for.h"

using namespace fbcompat;

BOOST_AUTO_TEST_SUITE(parallel_for_jobs)

BOOST_AUTO_TEST_CASE(every_job_runs_once_and_the_caller_is_a_worker) {
  for (const unsigned threads : {0u, 1u, 3u, 64u}) {
    std::vector<int> runs(100, 0);
    std::vector<std::thread::id> by(100);
    parallel_for(runs.size(), threads, [&](std::size_t i) {
      ++runs[i];
      by[i] = std::this_thread::get_id();
    });
    BOOST_TEST(std::set<int>(runs.begin(), runs.end()) == std::set<int>{1}, threads);
    const std::set<std::thread::id> workers(by.begin(), by.end());
    BOOST_TEST(workers.size() <= std::max(1u, threads == 0 ? std::thread::hardware_concurrency() : threads), threads);
    if (threads == 1) BOOST_TEST((workers == std::set<std::thread::id>{std::this_thread::get_id()}));
  }
}

BOOST_AUTO_TEST_CASE(a_job_that_throws_stops_the_rest_and_its_exception_comes_back) {
  for (const unsigned threads : {1u, 4u}) {
    std::atomic<int> ran{0};
    BOOST_CHECK_THROW(parallel_for(1000, threads,
                                   [&](std::size_t i) {
                                     ++ran;
                                     if (i == 10) throw std::runtime_error("job 10");
                                     std::this_thread::sleep_for(std::chrono::microseconds(200));
                                   }),
                      std::runtime_error);
    BOOST_TEST(ran.load() >= 11);
    BOOST_TEST(ran.load() < 1000, threads);  // the jobs after the failure are not started
  }
}

BOOST_AUTO_TEST_SUITE_END()
