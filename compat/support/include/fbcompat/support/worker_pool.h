// Threads kept between parallel_for's calls. Starting a thread, and warming its allocator, costs about
// as much as checking a small golden program: golden verify, which shares out its programs several
// times a second in a CI loop or a benchmark, spent a tenth of its time on them.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <vector>

namespace fbcompat {

class WorkerPool {
 public:
  // The process's pool, made on first use. Its threads are never joined: they wait on a condition
  // variable until the process ends. Null in a child process after fork(), which has none of them.
  static WorkerPool* shared();

  // Calls job(i) for every i in [0, count) on the calling thread and up to `helpers` of the pool's
  // threads (started as needed, then kept), and returns once every call has returned; the first
  // exception a job throws is thrown again then, and the jobs not started by then are skipped. False,
  // with nothing called, when the pool is running another batch (a nested call, or another thread's):
  // the caller runs its jobs another way.
  bool try_run(std::size_t count, unsigned helpers, const std::function<void(std::size_t)>& job);

  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

 private:
  WorkerPool() = default;
  ~WorkerPool() = default;  // never destroyed: see shared()

  void start_threads(unsigned wanted);
  void help();
  void await_batch_after(std::uint64_t seen);
  void work();

  std::mutex lock_;
  std::condition_variable wake_;      // helpers: a batch opened
  std::condition_variable finished_;  // the caller: the last helper left the batch
  unsigned threads_ = 0;              // started so far
  bool busy_ = false;                 // a caller holds the pool
  bool open_ = false;                 // helpers may still join the current batch
  unsigned seats_ = 0;                // helpers the current batch may still take
  unsigned inside_ = 0;               // helpers working on the current batch
  // The current batch, read by the helpers inside it.
  const std::function<void(std::size_t)>* job_ = nullptr;
  std::size_t count_ = 0;
  std::size_t next_ = 0;  // under lock_: the next job to hand out
  std::exception_ptr thrown_;
  std::atomic<std::uint64_t> batches_{0};  // batches opened so far, watched by idle helpers
};

}  // namespace fbcompat
