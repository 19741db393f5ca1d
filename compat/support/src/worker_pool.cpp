#include "fbcompat/support/worker_pool.h"

#include <pthread.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace fbcompat {
namespace {

// A child of fork() has the pool's memory but not its threads, and a batch that was open in the parent
// may hold its lock: the child never uses it.
std::atomic<bool> forked{false};

}  // namespace

WorkerPool* WorkerPool::shared() {
  static WorkerPool* const pool = [] {
    pthread_atfork(nullptr, nullptr, [] { forked = true; });
    return new WorkerPool();  // never deleted: its threads may wait on it until the process ends
  }();
  return forked ? nullptr : pool;
}

bool WorkerPool::try_run(std::size_t count, unsigned helpers, const std::function<void(std::size_t)>& job) {
  {
    std::unique_lock<std::mutex> hold(lock_);
    if (busy_) return false;
    busy_ = true;
    job_ = &job;
    count_ = count;
    next_ = 0;
    thrown_ = nullptr;
    seats_ = helpers;
    open_ = true;
    batches_.fetch_add(1, std::memory_order_release);
  }
  // However this returns, no helper is inside the batch by then, nor can one join it later: `job`
  // lives on the caller's stack only until then. The first exception a job threw is taken before the
  // pool is free for the next caller.
  struct Closer {
    WorkerPool& pool;
    bool closed = false;
    std::exception_ptr close() {
      std::unique_lock<std::mutex> hold(pool.lock_);
      closed = true;
      pool.open_ = false;
      pool.finished_.wait(hold, [this] { return pool.inside_ == 0; });
      std::exception_ptr thrown = pool.thrown_;
      pool.thrown_ = nullptr;
      pool.job_ = nullptr;
      pool.busy_ = false;
      return thrown;
    }
    ~Closer() {
      if (!closed) close();
    }
  } closer{*this};
  start_threads(helpers);
  for (unsigned seat = 0; seat < helpers; ++seat) wake_.notify_one();
  work();
  if (const std::exception_ptr thrown = closer.close()) std::rethrow_exception(thrown);
  return true;
}

// Threads are started only when a batch wants more than the pool has. If one cannot be started, the
// batch goes on with those there are: the caller alone can run every job.
void WorkerPool::start_threads(unsigned wanted) {
  std::unique_lock<std::mutex> hold(lock_);
  try {
    for (; threads_ < wanted; ++threads_) std::thread([this] { help(); }).detach();
  } catch (...) {  // std::system_error, or no memory for one more
  }
}

void WorkerPool::help() {
  std::unique_lock<std::mutex> hold(lock_);
  for (;;) {
    if (!(open_ && seats_ > 0)) {
      const std::uint64_t seen = batches_.load(std::memory_order_relaxed);
      hold.unlock();
      await_batch_after(seen);
      hold.lock();
    }
    wake_.wait(hold, [this] { return open_ && seats_ > 0; });
    --seats_;
    ++inside_;
    hold.unlock();
    work();
    hold.lock();
    if (--inside_ == 0) finished_.notify_one();
  }
}

// Watches for a batch after `seen` for a short while before the helper sleeps. A core woken from sleep
// runs slowly at first (on the 2-core VM fbcompat is measured on, checking golden programs on two
// threads was 1.5 times as fast as on one when each batch woke its helpers, and 1.8 times when they
// watched), and commands run batches back to back: the manifest and the directory search, then the
// programs. Watching costs at most kWatch of one core after each batch, as OpenMP runtimes spend.
void WorkerPool::await_batch_after(std::uint64_t seen) {
  constexpr std::chrono::microseconds kWatch{2000};
  const auto until = std::chrono::steady_clock::now() + kWatch;
  while (batches_.load(std::memory_order_acquire) == seen && std::chrono::steady_clock::now() < until) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
  }
}

// Takes jobs until none is left. Jobs are handed out under the lock: a batch holds tens of jobs, each
// far longer than taking the lock, and the lock also orders each job's results before the caller's
// return.
void WorkerPool::work() {
  std::unique_lock<std::mutex> hold(lock_);
  const std::function<void(std::size_t)>& job = *job_;
  while (next_ < count_) {
    const std::size_t i = next_++;
    hold.unlock();
    try {
      job(i);
    } catch (...) {
      hold.lock();
      if (!thrown_) thrown_ = std::current_exception();
      next_ = count_;  // the jobs not started yet are skipped
      continue;
    }
    hold.lock();
  }
}

}  // namespace fbcompat
