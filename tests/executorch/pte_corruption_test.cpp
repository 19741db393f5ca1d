#include <boost/test/unit_test.hpp>

#include "fbcompat/executorch/program_inspection.h"
#include "fbcompat/xnnpack/graph.h"
#include "fbcompat/xnnpack/delegate.h"
#include "support/golden_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

// Deterministic sample of bit positions: every bit of the first 64 bytes, then a stride through the rest.
std::vector<std::size_t> sampled_bits(std::size_t size, std::size_t extra) {
  std::vector<std::size_t> bits;
  for (std::size_t bit = 0; bit < std::min<std::size_t>(size, 64) * 8; ++bit) bits.push_back(bit);
  std::uint64_t state = 0x9E3779B97F4A7C15ull ^ size;
  for (std::size_t i = 0; i < extra; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    bits.push_back(static_cast<std::size_t>((state >> 17) % (size * 8)));
  }
  return bits;
}

bool all_zero(const std::vector<std::uint8_t>& bytes, std::size_t from) {
  for (std::size_t i = from; i < bytes.size(); ++i) {
    if (bytes[i] != 0) return false;
  }
  return true;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(pte_corruption)

// A program cut at any byte is refused with a reason. The one exception is a program without the
// extended header (nothing records its length) cut inside the zero padding flatbuffers leaves at the
// end of its buffer: nothing the program refers to is lost, and the reader must hand out exactly the
// same payloads.
BOOST_AUTO_TEST_CASE(every_truncation_of_every_golden_program_is_refused_with_a_reason) {
  std::size_t truncations = 0;
  for (const GoldenEntry& entry : golden_manifest().entries) {
    const auto bytes = golden_bytes(entry);
    const auto whole = read_program(bytes.data(), bytes.size());
    BOOST_TEST_REQUIRE(whole.ok());
    const ProgramDelegate original = xnnpack_delegate(*whole);
    for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
      ++truncations;
      // A copy of exactly `cut` bytes, so that any read past the end is caught by the sanitizers.
      const std::vector<std::uint8_t> prefix(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(cut));
      const auto view = read_program(prefix.data(), prefix.size());
      if (!view.ok()) {
        BOOST_TEST(!view.error().message.empty());
        continue;
      }
      // Only a program whose extended header records no segment data size (none, or the 24 bytes
      // exporters before 1.0.0 wrote) may lose bytes, and only the zero padding after its last segment.
      const bool sized = whole->extended_header.has_value() && whole->extended_header->segment_data_size != 0;
      BOOST_TEST_REQUIRE(!sized, entry.path << " accepted when cut at " << cut);
      BOOST_TEST(all_zero(bytes, cut), entry.path << " cut at " << cut);
      const ProgramDelegate kept = xnnpack_delegate(*view);
      BOOST_TEST(kept.file_offset == original.file_offset);
      BOOST_TEST(kept.size == original.size);
    }
  }
  BOOST_TEST(truncations > 50000u);
}

// Cutting the XNNPACK payload itself: a payload with the XH00 header records every length, so every
// cut is refused; a bare flatbuffer may only lose trailing zero padding.
BOOST_AUTO_TEST_CASE(every_truncation_of_every_payload_is_refused_by_every_reader) {
  for (const GoldenEntry& entry : golden_manifest().entries) {
    const auto bytes = golden_bytes(entry);
    const auto view = read_program(bytes.data(), bytes.size());
    BOOST_TEST_REQUIRE(view.ok());
    const ProgramDelegate delegate = xnnpack_delegate(*view);
    const std::vector<std::uint8_t> payload(delegate.data, delegate.data + delegate.size);
    const XnnpackVersion& reader = *xnnpack_family().find(entry.version);
    for (std::size_t cut = 0; cut < payload.size(); ++cut) {
      const std::vector<std::uint8_t> prefix(payload.begin(), payload.begin() + static_cast<std::ptrdiff_t>(cut));
      const auto graph = read_xnnpack_graph(*reader.reader, prefix.data(), prefix.size());
      if (!graph.ok()) {
        BOOST_TEST(!graph.error().message.empty());
        continue;
      }
      BOOST_TEST_REQUIRE(!entry.payload_header, entry.path << " payload accepted when cut at " << cut);
      BOOST_TEST(all_zero(payload, cut), entry.path << " payload cut at " << cut);
    }
  }
}

// Flipped bits: the reader and inspect either read the program (a flipped weight is still a valid
// program) or refuse it with a reason; never a crash, a hang or a huge allocation.
BOOST_AUTO_TEST_CASE(flipped_bits_are_read_or_refused_never_a_crash) {
  std::size_t flips = 0;
  std::size_t refused = 0;
  for (const GoldenEntry& entry : golden_manifest().entries) {
    auto bytes = golden_bytes(entry);
    for (const std::size_t bit : sampled_bits(bytes.size(), 400)) {
      bytes[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
      ++flips;
      const auto inspection = inspect_program(bytes.data(), bytes.size(), {&xnnpack_delegate_family()});
      if (!inspection.ok()) {
        ++refused;
        BOOST_TEST(!inspection.error().message.empty());
      }
      bytes[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    }
  }
  BOOST_TEST(flips > 20000u);
  BOOST_TEST(refused > flips / 20);  // the container's and the graphs' structure is caught
}

BOOST_AUTO_TEST_CASE(payloads_beyond_the_verifier_limits_are_refused) {
  const GoldenEntry* all_members = golden_manifest().find(newest_golden("all_members.pte"));
  BOOST_TEST_REQUIRE(all_members != nullptr);
  const auto bytes = golden_bytes(*all_members);
  const auto view = read_program(bytes.data(), bytes.size());
  BOOST_TEST_REQUIRE(view.ok());
  const ProgramDelegate delegate = xnnpack_delegate(*view);
  const ReflectedSchema& reader = *xnnpack_family().newest().reader;
  BOOST_TEST(read_xnnpack_graph(reader, delegate.data, delegate.size).ok());
  const auto few_tables = read_xnnpack_graph(reader, delegate.data, delegate.size, BufferLimits{64, 10});
  BOOST_TEST_REQUIRE(!few_tables.ok());
  BOOST_TEST(few_tables.error().message.find("verifier failure") != std::string::npos);
  BOOST_TEST(!read_xnnpack_graph(reader, delegate.data, delegate.size, BufferLimits{2, 1000000}).ok());
  ProgramReadOptions shallow;
  shallow.max_depth = 2;
  BOOST_TEST(!read_program(bytes.data(), bytes.size(), shallow).ok());
}

BOOST_AUTO_TEST_SUITE_END()
