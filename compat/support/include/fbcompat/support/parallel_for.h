// Runs independent jobs on several threads: schema versions to parse, transitions to diff.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace fbcompat {

// Calls job(i) for every i in [0, count), on up to `threads` threads (0: one per core). Jobs must not
// share mutable state; each writes only its own result slot.
template <typename Job>
void parallel_for(std::size_t count, unsigned threads, Job job) {
  const unsigned wanted = threads != 0 ? threads : std::max(1u, std::thread::hardware_concurrency());
  const unsigned workers = static_cast<unsigned>(std::min<std::size_t>(wanted, count));
  if (workers <= 1) {
    for (std::size_t i = 0; i < count; ++i) job(i);
    return;
  }
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    for (std::size_t i; (i = next++) < count;) job(i);
  };
  // The calling thread is one of the workers: one thread fewer to start for each call.
  std::vector<std::thread> pool;
  pool.reserve(workers - 1);
  for (unsigned w = 1; w < workers; ++w) pool.emplace_back(work);
  work();
  for (std::thread& worker : pool) worker.join();
}

}  // namespace fbcompat
