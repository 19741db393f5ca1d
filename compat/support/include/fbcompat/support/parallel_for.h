// Runs independent jobs on several threads: schema versions to parse, transitions to diff.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include "fbcompat/support/worker_pool.h"

namespace fbcompat {

// Calls job(i) for every i in [0, count), on up to `threads` threads (0: one per core), the calling one
// among them. Jobs must not share mutable state; each writes only its own result slot. A job must not
// fork without exec: the child would wait for threads it does not have.
template <typename Job>
void parallel_for(std::size_t count, unsigned threads, Job job) {
  const unsigned wanted = threads != 0 ? threads : std::max(1u, std::thread::hardware_concurrency());
  const unsigned workers = static_cast<unsigned>(std::min<std::size_t>(wanted, count));
  if (workers <= 1) {
    for (std::size_t i = 0; i < count; ++i) job(i);
    return;
  }
  // The pool's threads when they are free; threads of its own when they are not (a nested call).
  if (WorkerPool* pool = WorkerPool::shared()) {
    if (pool->try_run(count, workers - 1, std::function<void(std::size_t)>(std::ref(job)))) return;
  }
  std::atomic<std::size_t> next{0};
  // The first exception a job throws (out of memory, say) is thrown again once every worker has
  // stopped, as a loop on one thread would throw it; the jobs not started yet are left undone.
  std::exception_ptr thrown;
  std::mutex thrown_lock;
  const auto work = [&] {
    try {
      for (std::size_t i; (i = next++) < count;) job(i);
    } catch (...) {
      const std::lock_guard<std::mutex> hold(thrown_lock);
      if (!thrown) thrown = std::current_exception();
      next = count;
    }
  };
  // The calling thread is one of the workers: one thread fewer to start for each call. One that cannot
  // be started leaves its share to those that were.
  std::vector<std::thread> pool;
  pool.reserve(workers - 1);
  try {
    for (unsigned w = 1; w < workers; ++w) pool.emplace_back(work);
  } catch (const std::system_error&) {
  }
  work();
  for (std::thread& worker : pool) worker.join();
  if (thrown) std::rethrow_exception(thrown);
}

}  // namespace fbcompat
