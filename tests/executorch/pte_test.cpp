#include <boost/test/unit_test.hpp>

#include <cstring>

#include "fbcompat/executorch/program.h"
#include "fbcompat/xnnpack/delegate.h"
#include "fbcompat/executorch/program_writer.h"
#include "fbcompat/load_check/xnnpack_header.h"
#include "fbcompat/xnnpack/payload_writer.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

std::vector<std::uint8_t> bytes_of(const std::string& text) { return std::vector<std::uint8_t>(text.begin(), text.end()); }

ProgramSpec two_plan_program(bool extended_header) {
  ProgramSpec spec;
  spec.version = 7;
  spec.extended_header = extended_header;
  PlanSpec forward;
  forward.inputs.push_back({{1, 2, 2, 3}});
  forward.outputs.push_back({{1, 2, 2, 3}});
  forward.delegates.push_back({xnnpack::kBackendId, bytes_of("first inline payload"), DelegateLocation::Inline});
  forward.delegates.push_back({"VulkanBackend", bytes_of("opaque"), DelegateLocation::Inline});
  PlanSpec second;
  second.name = "encode";
  second.delegates.push_back({xnnpack::kBackendId, bytes_of("x"), DelegateLocation::Inline});
  spec.plans = {forward, second};
  return spec;
}

std::string payload_text(const ProgramDelegate& delegate) {
  return std::string(reinterpret_cast<const char*>(delegate.data), delegate.size);
}

void set_u64(std::vector<std::uint8_t>& file, std::size_t at, std::uint64_t value) {
  for (int i = 0; i < 8; ++i) file[at + i] = static_cast<std::uint8_t>(value >> (8 * i));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(pte)

BOOST_AUTO_TEST_CASE(inline_program_without_extended_header_round_trips) {
  const auto file = write_program(two_plan_program(false));
  BOOST_TEST_REQUIRE(file.ok(), (file.ok() ? "" : file.error().message));
  BOOST_TEST(std::memcmp(file->data() + 4, "ET12", 4) == 0);
  const auto view = read_program(file->data(), file->size());
  BOOST_TEST_REQUIRE(view.ok(), (view.ok() ? "" : view.error().message));
  BOOST_TEST(view->version == 7u);
  BOOST_TEST(!view->extended_header.has_value());
  BOOST_TEST(view->flatbuffer_size == file->size());
  BOOST_TEST_REQUIRE(view->plans.size() == 2u);
  BOOST_TEST(view->plans[0].name == "forward");
  BOOST_TEST(view->plans[1].name == "encode");
  BOOST_TEST_REQUIRE(view->plans[0].delegates.size() == 2u);
  BOOST_TEST(view->plans[0].delegates[0].backend_id == "XnnpackBackend");
  BOOST_TEST(payload_text(view->plans[0].delegates[0]) == "first inline payload");
  BOOST_TEST(view->plans[0].delegates[1].backend_id == "VulkanBackend");
  BOOST_TEST(payload_text(view->plans[0].delegates[1]) == "opaque");
  BOOST_TEST(view->plans[1].delegates[0].index == 2u);
  BOOST_TEST(view->inline_data_count == 3u);
  for (const ProgramPlan& plan : view->plans) {
    for (const ProgramDelegate& delegate : plan.delegates) {
      BOOST_TEST((delegate.location == DelegateLocation::Inline));
      BOOST_TEST(delegate.file_offset % 16 == 0u);  // force_align 16 of the inline data
      BOOST_TEST(delegate.data == file->data() + delegate.file_offset);
    }
  }
}

BOOST_AUTO_TEST_CASE(segments_follow_the_flatbuffer_aligned_and_located_by_the_extended_header) {
  ProgramSpec spec = two_plan_program(true);
  spec.plans[0].delegates[0].location = DelegateLocation::Segment;
  spec.plans[1].delegates[0].location = DelegateLocation::Segment;
  spec.plans[1].delegates[0].payload = bytes_of(std::string(40, 'z'));
  const auto file = write_program(spec);
  BOOST_TEST_REQUIRE(file.ok(), (file.ok() ? "" : file.error().message));
  BOOST_TEST(std::memcmp(file->data() + 8, "eh00", 4) == 0);
  const auto view = read_program(file->data(), file->size());
  BOOST_TEST_REQUIRE(view.ok(), (view.ok() ? "" : view.error().message));
  BOOST_TEST_REQUIRE(view->extended_header.has_value());
  const ExtendedHeader& header = *view->extended_header;
  BOOST_TEST(header.length == 32u);
  BOOST_TEST(header.segment_base_offset % 16 == 0u);
  BOOST_TEST(header.segment_base_offset >= header.program_size);
  BOOST_TEST(header.segment_base_offset + header.segment_data_size == file->size());
  BOOST_TEST(view->segment_count == 2u);
  const ProgramDelegate& first = view->plans[0].delegates[0];
  const ProgramDelegate& second = view->plans[1].delegates[0];
  BOOST_TEST((first.location == DelegateLocation::Segment));
  BOOST_TEST(first.file_offset == header.segment_base_offset);
  BOOST_TEST(payload_text(first) == "first inline payload");
  BOOST_TEST(second.file_offset % 16 == 0u);
  BOOST_TEST(payload_text(second) == std::string(40, 'z'));
  BOOST_TEST(payload_text(view->plans[0].delegates[1]) == "opaque");  // still inline
}

BOOST_AUTO_TEST_CASE(writer_refuses_segments_without_extended_header_and_bad_alignment) {
  ProgramSpec spec = two_plan_program(false);
  spec.plans[0].delegates[0].location = DelegateLocation::Segment;
  const auto refused = write_program(spec);
  BOOST_TEST_REQUIRE(!refused.ok());
  BOOST_TEST(refused.error().message.find("extended header") != std::string::npos);
  ProgramSpec odd = two_plan_program(true);
  odd.alignment = 24;
  BOOST_TEST(!write_program(odd).ok());
}

BOOST_AUTO_TEST_CASE(bad_programs_come_back_as_errors_with_the_reason) {
  ProgramSpec spec = two_plan_program(true);
  spec.plans[0].delegates[0].location = DelegateLocation::Segment;
  const auto file = write_program(spec);
  BOOST_TEST_REQUIRE(file.ok());
  ProgramReadOptions options;
  options.source_name = "model.pte";

  auto identifier = *file;
  std::memcpy(identifier.data() + 4, "ET13", 4);
  const auto bad_identifier = read_program(identifier.data(), identifier.size(), options);
  BOOST_TEST_REQUIRE(!bad_identifier.ok());
  BOOST_TEST(bad_identifier.error().file == "model.pte");
  BOOST_TEST(bad_identifier.error().message.find("bad identifier 'ET13'") != std::string::npos);

  auto small_program = *file;
  set_u64(small_program, 16, 20);  // program size smaller than the header itself
  const auto disagree = read_program(small_program.data(), small_program.size(), options);
  BOOST_TEST_REQUIRE(!disagree.ok());
  BOOST_TEST(disagree.error().message.find("ExecuTorch 1.4.1 refuses it in the program container: the root offset 64") == 0u,
             disagree.error().message);

  auto big_segment = *file;
  set_u64(big_segment, 32, file->size());  // segment data past the end
  const auto out_of_range = read_program(big_segment.data(), big_segment.size(), options);
  BOOST_TEST_REQUIRE(!out_of_range.ok());
  BOOST_TEST(out_of_range.error().message.find("the segments end at byte") != std::string::npos,
             out_of_range.error().message);

  auto overflow = *file;
  set_u64(overflow, 24, ~std::uint64_t{0} - 4);  // base + size would wrap around
  set_u64(overflow, 32, 64);
  BOOST_TEST(!read_program(overflow.data(), overflow.size(), options).ok());

  const auto tiny = read_program(file->data(), 5, options);
  BOOST_TEST_REQUIRE(!tiny.ok());
  BOOST_TEST(tiny.error().message.find("the file is 5 bytes, but the runtime's first load reads bytes [0, 64)") !=
                 std::string::npos,
             tiny.error().message);

  ProgramReadOptions limited = options;
  limited.max_program_bytes = file->size() - 1;
  const auto too_big = read_program(file->data(), file->size(), limited);
  BOOST_TEST_REQUIRE(!too_big.ok());
  BOOST_TEST(too_big.error().message.find("limit") != std::string::npos);

  ProgramReadOptions few_tables = options;
  few_tables.max_tables = 3;
  const auto too_many = read_program(file->data(), file->size(), few_tables);
  BOOST_TEST_REQUIRE(!too_many.ok());
  BOOST_TEST(too_many.error().message.find("more than 3 tables, the table-count limit") != std::string::npos,
             too_many.error().message);
}

BOOST_AUTO_TEST_CASE(program_files_are_size_checked_before_loading) {
  TempDir dir;
  const auto file = write_program(two_plan_program(false));
  BOOST_TEST_REQUIRE(file.ok());
  const std::string path = dir.write("model.pte", std::string(file->begin(), file->end()));
  const auto loaded = read_program_file(path);
  BOOST_TEST_REQUIRE(loaded.ok());
  BOOST_TEST(*loaded == *file);
  ProgramReadOptions limited;
  limited.max_program_bytes = 16;
  const auto refused = read_program_file(path, limited);
  BOOST_TEST_REQUIRE(!refused.ok());
  BOOST_TEST(refused.error().file == path);
  BOOST_TEST(refused.error().message.find("above the program-size limit of 16") != std::string::npos);
  BOOST_TEST(!read_program_file(dir.path() + "/missing.pte").ok());
  BOOST_TEST(!read_program_file(dir.path()).ok());
}

BOOST_AUTO_TEST_CASE(xnnpack_payload_writer_produces_what_the_header_reader_expects) {
  const std::vector<std::uint8_t> flatbuffer{8, 0, 0, 0, 'X', 'N', '0', '1', 1, 2, 3, 4};
  const std::vector<std::uint8_t> constants{9, 9, 9};
  const auto payload = make_xnnpack_payload({flatbuffer.data(), flatbuffer.size(), constants.data(), constants.size(), true});
  BOOST_TEST_REQUIRE(payload.ok());
  const XnnpackPayload split = parse_xnnpack_payload(payload->data(), payload->size());
  BOOST_TEST_REQUIRE((split.status == XnnpackPayload::Status::Ok));
  BOOST_TEST(split.has_header);
  BOOST_TEST(split.flatbuffer_size == flatbuffer.size());
  BOOST_TEST(std::memcmp(split.flatbuffer, flatbuffer.data(), flatbuffer.size()) == 0);
  BOOST_TEST((split.flatbuffer - payload->data()) % 16 == 0);
  BOOST_TEST(split.constant_data_offset % 16 == 0u);
  BOOST_TEST(split.constant_data_size == 3u);
  BOOST_TEST(split.constant_data[2] == 9);

  const auto bare = make_xnnpack_payload({flatbuffer.data(), flatbuffer.size(), nullptr, 0, false});
  BOOST_TEST_REQUIRE(bare.ok());
  BOOST_TEST(*bare == flatbuffer);
  BOOST_TEST(!make_xnnpack_payload({flatbuffer.data(), flatbuffer.size(), constants.data(), constants.size(), false}).ok());
}

BOOST_AUTO_TEST_SUITE_END()
