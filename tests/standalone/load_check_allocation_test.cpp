// The load-time check allocates nothing: this executable replaces the global operator new and delete
// with counting ones (its own executable, so no other suite runs under them) and checks that no
// allocation happens while the check runs, for every kind of result and every runtime version.
#define BOOST_TEST_MODULE fbcompat_load_check_allocation
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <cstdlib>
#include <new>
#include <vector>

#include "fbcompat/load_check/load_check.h"
#include "support/load_check_programs.h"

namespace {

std::atomic<bool> counting{false};
std::atomic<std::size_t> allocations{0};

void* allocate(std::size_t size) {
  if (counting.load(std::memory_order_relaxed)) allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* memory = std::malloc(size == 0 ? 1 : size)) return memory;
  throw std::bad_alloc();
}

// Counts the allocations `f` makes.
template <typename F>
std::size_t allocations_in(F&& f) {
  allocations = 0;
  counting = true;
  f();
  counting = false;
  return allocations.load();
}

}  // namespace

void* operator new(std::size_t size) { return allocate(size); }
void* operator new[](std::size_t size) { return allocate(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  if (counting.load(std::memory_order_relaxed)) allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size == 0 ? 1 : size);
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept { return operator new(size, tag); }
void operator delete(void* memory) noexcept { std::free(memory); }
void operator delete[](void* memory) noexcept { std::free(memory); }
void operator delete(void* memory, std::size_t) noexcept { std::free(memory); }
void operator delete[](void* memory, std::size_t) noexcept { std::free(memory); }

using namespace fbcompat;
using namespace fbcompat::test;

BOOST_AUTO_TEST_SUITE(load_check_allocation)

BOOST_AUTO_TEST_CASE(the_counting_allocator_counts) {
  const std::size_t counted = allocations_in([] { delete new int(7); });
  BOOST_TEST(counted == 1u);
}

BOOST_AUTO_TEST_CASE(the_check_allocates_nothing_whatever_it_finds) {
  std::vector<Bytes> payloads;
  GraphSpec spec;
  spec.node_types = {1, 7, 45, 48, 200};
  spec.values = {ValueSpec{1, 1, 0, 0}, ValueSpec{2, 3, 1, 5}, ValueSpec{2, 14, 4, 0}, ValueSpec{3, -1, 0, 0}};
  payloads.push_back(build_graph(spec));               // unknown types on every runtime
  payloads.push_back(with_xh00_header(payloads[0]));   // the same behind a header
  spec.node_types = {1, 2, 3};
  spec.values = {ValueSpec{1, 1, 0, 0}};
  payloads.push_back(build_graph(spec));               // loadable by every runtime
  spec.values = {ValueSpec{2, 3, 1, 5}};
  spec.node_future_field = true;
  payloads.push_back(build_graph(spec));               // loadable, with unknown fields
  spec.identifier = "XXXX";
  payloads.push_back(build_graph(spec));               // identifier not accepted
  Bytes truncated = payloads[3];
  truncated.resize(truncated.size() - 6);
  payloads.push_back(truncated);                       // corrupt
  Bytes bad_root = payloads[3];
  bad_root[2] = 0x7f;
  payloads.push_back(bad_root);                        // corrupt root offset

  std::size_t checks = 0;
  bool seen[5] = {};
  LoadCheckResult result;
  const std::size_t counted = allocations_in([&] {
    for (const Bytes& payload : payloads) {
      for (std::size_t v = 0; v < xnnpack_profiles::kFamily.version_count; ++v) {
        const RuntimeProfile* runtime = find_runtime_profile(xnnpack_profiles::kFamily.versions[v].version);
        result = check_xnnpack_payload(payload.data(), payload.size(), *runtime);
        seen[static_cast<int>(result.code)] = true;
        ++checks;
      }
    }
  });
  BOOST_TEST(counted == 0u);
  BOOST_TEST(checks == payloads.size() * xnnpack_profiles::kFamily.version_count);
  for (bool code_seen : seen) BOOST_TEST(code_seen);  // every code was produced while counting
}

BOOST_AUTO_TEST_SUITE_END()
