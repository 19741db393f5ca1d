// parallel_for: every job runs once, on as many threads as asked, the caller among them; a job's
// exception comes back to the caller once every thread has stopped.
#include <boost/test/unit_test.hpp>

#include <sys/syscall.h>
#include <unistd.h>

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

// The threads are kept between calls (worker_pool.h): later calls are run by threads an earlier call
// had, never by new ones (the kernel numbers each new thread anew).
BOOST_AUTO_TEST_CASE(later_calls_are_run_by_the_threads_kept_from_earlier_ones) {
  // 64 jobs that wait for one another (for a while at most) run on 64 threads at once: every thread
  // the pool has joins the first call.
  std::vector<long> first_ids(64);
  std::atomic<int> arrived{0};
  parallel_for(first_ids.size(), 64, [&](std::size_t i) {
    ++arrived;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (arrived.load() < 64 && std::chrono::steady_clock::now() < until) std::this_thread::yield();
    first_ids[i] = ::syscall(SYS_gettid);
  });
  const std::set<long> first(first_ids.begin(), first_ids.end());
  BOOST_TEST(first.size() == 64u);
  for (const unsigned threads : {2u, 3u, 64u}) {
    std::vector<long> by(256);
    parallel_for(by.size(), threads, [&](std::size_t i) {
      std::this_thread::sleep_for(std::chrono::microseconds(100));
      by[i] = ::syscall(SYS_gettid);
    });
    for (const long id : std::set<long>(by.begin(), by.end())) BOOST_TEST(first.count(id) == 1u, threads);
  }
}

// A job may itself call parallel_for (the kept threads are busy then, so it starts its own), and two
// threads may call it at once: every job of every call still runs once.
BOOST_AUTO_TEST_CASE(nested_and_concurrent_calls_run_every_job_once) {
  std::vector<std::atomic<int>> runs(40 * 40);
  parallel_for(40, 4, [&](std::size_t outer) {
    parallel_for(40, 3, [&](std::size_t inner) { ++runs[outer * 40 + inner]; });
  });
  for (const auto& run : runs) BOOST_TEST(run.load() == 1);

  std::vector<int> left(5000, 0), right(5000, 0);
  std::thread other([&] {
    for (int batch = 0; batch < 50; ++batch) parallel_for(100, 2, [&](std::size_t i) { ++left[batch * 100 + i]; });
  });
  for (int batch = 0; batch < 50; ++batch) parallel_for(100, 2, [&](std::size_t i) { ++right[batch * 100 + i]; });
  other.join();
  BOOST_TEST(std::set<int>(left.begin(), left.end()) == std::set<int>{1});
  BOOST_TEST(std::set<int>(right.begin(), right.end()) == std::set<int>{1});
}

BOOST_AUTO_TEST_SUITE_END()
