// The loader-verdict corpus: for each class of program where fbcompat's reader and ExecuTorch's loader
// used to disagree, a program built in its accepted and its refused shape, with the verdict, stage and
// error the loader rules (../shared/facts/executorch/loader-rules.md) give for each release named.
#include <boost/test/unit_test.hpp>
#include <optional>
#include <string>
#include <vector>

#include "fbcompat/executorch/load_verdict.h"
#include "fbcompat/executorch/program.h"
#include "fbcompat/xnnpack/backend_load_checks.h"
#include "support/corpus_program.h"
#include "support/test_support.h"
#include "support/xnnpack_graph_builder.h"

using namespace fbcompat;
using fbcompat::test::CorpusDelegate;
using fbcompat::test::CorpusProgram;

namespace {

using Bytes = std::vector<std::uint8_t>;

ProgramLoad load_at(const Bytes& bytes, const char* release,
                    VerificationLevel verification = VerificationLevel::Minimal) {
  ProgramReadOptions options;
  options.runtime = *RuntimeRelease::parse(release);
  options.verification = verification;
  options.backends.push_back(&xnnpack::backend_load_checks());
  return load_program(bytes.data(), bytes.size(), options);
}

void check_loads(const Bytes& bytes, const char* release, VerificationLevel verification = VerificationLevel::Minimal) {
  const ProgramLoad load = load_at(bytes, release, verification);
  BOOST_TEST(load.loads(), "ExecuTorch " << release << " must load it, but: "
                                         << (load.refusal ? describe_refusal(*load.refusal, load.view.release) : ""));
}

void check_refused(const Bytes& bytes, const char* release, LoadStage stage, RuntimeError error,
                   const std::string& reason, VerificationLevel verification = VerificationLevel::Minimal) {
  const ProgramLoad load = load_at(bytes, release, verification);
  BOOST_TEST_REQUIRE(!load.loads(), "ExecuTorch " << release << " must refuse it");
  const std::string said = describe_refusal(*load.refusal, load.view.release);
  BOOST_TEST_MESSAGE(said);
  BOOST_TEST((load.refusal->stage == stage), release << ": " << said);
  BOOST_TEST((load.refusal->error == error), release << ": " << said);
  BOOST_TEST(load.refusal->message.find(reason) != std::string::npos, release << ": " << said);
  // The verdict names the release and the stage in the runtime's terms.
  BOOST_TEST(said.find(std::string("ExecuTorch ") + release) == 0u, said);
  BOOST_TEST(said.find(load_stage_name(stage, load.refusal->backend)) != std::string::npos, said);
}

// A valid XNNPACK graph: one input, its absolute value as the output.
Bytes xnnpack_payload(const char* identifier = "XN01", std::optional<std::uint32_t> num_externs = std::nullopt) {
  test::XnnGraphBuilder graph;
  const std::uint32_t input = graph.input({2});
  const std::uint32_t output = graph.output({2});
  graph.node(fb_xnnpack::XNodeUnion::XNNAbs, graph.node1x1(input, output));
  if (num_externs) graph.set_num_externs(*num_externs);
  return graph.finish({true, identifier});
}

CorpusProgram with_xnnpack(DelegateLocation location = DelegateLocation::Inline) {
  CorpusProgram program;
  program.delegate = CorpusDelegate{};
  program.delegate->payload = xnnpack_payload();
  program.delegate->location = location;
  return program;
}

Bytes build(const CorpusProgram& program) { return test::build_corpus_program(program); }

}  // namespace

BOOST_AUTO_TEST_SUITE(loader_verdict)

// --- Refused by fbcompat before, loaded by the runtime -------------------------------------------

BOOST_AUTO_TEST_CASE(segments_listed_without_an_extended_header_load_until_a_delegate_needs_one) {
  // Nothing uses the segment (ExecuTorch's own add.pte has this shape): every release loads it.
  CorpusProgram unused = with_xnnpack();
  unused.header = CorpusProgram::Header::None;
  unused.phantom_segments = {{0, 64}};
  for (const char* release : {"0.2.0", "0.7.0", "1.4.1"}) check_loads(build(unused), release);

  // A delegate stored in a segment needs the header's segment base: LoadSegment says NotFound.
  CorpusProgram used = with_xnnpack(DelegateLocation::Segment);
  used.header = CorpusProgram::Header::None;
  for (const char* release : {"0.2.0", "1.4.1"}) {
    check_refused(build(used), release, LoadStage::DelegateData, RuntimeError::NotFound, "segment");
  }
}

BOOST_AUTO_TEST_CASE(an_extended_header_of_length_24_loads_and_a_shorter_one_does_not) {
  // Before segment_data_size existed: program_size and the segment base only. The bytes after the
  // 24 are never read (they hold a size far past the file).
  CorpusProgram short_header = with_xnnpack(DelegateLocation::Segment);
  short_header.header = CorpusProgram::Header::Length24;
  for (const char* release : {"0.2.0", "0.7.0", "1.0.0", "1.4.1"}) check_loads(build(short_header), release);

  CorpusProgram too_short = short_header;
  too_short.header_length = 16;
  for (const char* release : {"0.2.0", "1.4.1"}) {
    check_refused(build(too_short), release, LoadStage::ProgramContainer, RuntimeError::InvalidProgram, "16");
  }
}

BOOST_AUTO_TEST_CASE(segment_data_size_zero_skips_the_file_size_check_and_a_large_one_fails_it_from_1_0_0) {
  // Older writers left it 0 with segments in use: the runtime skips the check when sbo > 0.
  CorpusProgram zero = with_xnnpack(DelegateLocation::Segment);
  zero.segment_data_size = 0;
  for (const char* release : {"0.7.0", "1.0.0", "1.4.1"}) check_loads(build(zero), release);

  // Claiming more segment data than the file has: checked from 1.0.0, never read before.
  CorpusProgram past_the_end = with_xnnpack(DelegateLocation::Segment);
  past_the_end.segment_data_size = 4096;
  check_loads(build(past_the_end), "0.7.0");
  for (const char* release : {"1.0.0", "1.4.1"}) {
    check_refused(build(past_the_end), release, LoadStage::ProgramContainer, RuntimeError::InvalidProgram, "segment");
  }
}

BOOST_AUTO_TEST_CASE(segment_entries_nothing_reads_are_a_warning_and_a_used_one_is_checked) {
  // An entry far past the end of the file that nothing refers to is never loaded.
  CorpusProgram unused = with_xnnpack();
  unused.phantom_segments = {{std::uint64_t{1} << 40, 4096}};
  const ProgramLoad load = load_at(build(unused), "1.4.1");
  BOOST_TEST_REQUIRE(load.loads());
  BOOST_TEST(!load.view.warnings.empty());

  // The same entry as the constant segment is loaded, and the loader's bounds refuse it.
  CorpusProgram used = unused;
  used.constant_segment = {{0, {0, 0}}};
  check_refused(build(used), "1.4.1", LoadStage::ProgramContainer, RuntimeError::InvalidArgument, "segment");
}

// --- Accepted by fbcompat before, refused by the runtime -----------------------------------------

BOOST_AUTO_TEST_CASE(a_program_without_execution_plan_is_refused) {
  check_loads(build(with_xnnpack()), "1.4.1");
  CorpusProgram no_plan = with_xnnpack();
  no_plan.execution_plan = false;
  no_plan.delegate.reset();
  // At Minimal the load passes and looking up the method dereferences the missing list.
  check_refused(build(no_plan), "1.4.1", LoadStage::MethodPlan, RuntimeError::Crash, "execution_plan");
  // At InternalConsistency validate_program (from 1.2.0) refuses it at Program::load.
  check_refused(build(no_plan), "1.2.0", LoadStage::ProgramContainer, RuntimeError::InvalidProgram, "execution_plan",
                VerificationLevel::InternalConsistency);
}

BOOST_AUTO_TEST_CASE(a_constant_segment_index_out_of_range_is_refused) {
  CorpusProgram in_range = with_xnnpack();
  in_range.segments = {Bytes(32, 7)};
  in_range.constant_segment = {{0, {0, 16}}};
  check_loads(build(in_range), "1.4.1");
  CorpusProgram out_of_range = in_range;
  out_of_range.constant_segment = {{5, {0, 16}}};
  for (const char* release : {"0.4.0", "1.4.1"}) {
    check_refused(build(out_of_range), release, LoadStage::ProgramContainer, RuntimeError::InvalidProgram, "5");
  }
}

BOOST_AUTO_TEST_CASE(a_constant_segment_needed_without_segments_is_refused_and_one_offset_is_not_needed_from_0_7_0) {
  CorpusProgram needed = with_xnnpack();
  needed.constant_segment = {{0, {0, 16}}};
  for (const char* release : {"0.4.0", "1.4.1"}) {
    check_refused(build(needed), release, LoadStage::ProgramContainer, RuntimeError::InvalidProgram, "segments");
  }
  // One offset (the placeholder) means no constant segment from 0.7.0; 0.2.0 and 0.3.0 load it anyway.
  CorpusProgram placeholder = with_xnnpack();
  placeholder.constant_segment = {{0, {0}}};
  for (const char* release : {"0.7.0", "1.4.1"}) check_loads(build(placeholder), release);
  check_refused(build(placeholder), "0.2.0", LoadStage::ProgramContainer, RuntimeError::InvalidProgram, "segments");
}

BOOST_AUTO_TEST_CASE(a_constant_buffer_beside_a_used_constant_segment_is_refused) {
  CorpusProgram unused_segment = with_xnnpack();
  unused_segment.constant_buffer = 2;
  unused_segment.constant_segment = {{0, {0}}};
  check_loads(build(unused_segment), "1.4.1");
  CorpusProgram both = with_xnnpack();
  both.constant_buffer = 2;
  both.segments = {Bytes(32, 7)};
  both.constant_segment = {{0, {0, 16}}};
  check_refused(build(both), "1.4.1", LoadStage::ProgramContainer, RuntimeError::InvalidProgram, "constant_buffer");
}

BOOST_AUTO_TEST_CASE(tensor_metadata_is_validated_as_each_release_does) {
  check_loads(build(with_xnnpack()), "1.4.1");

  CorpusProgram negative = with_xnnpack();
  negative.sizes = {-1};
  check_loads(build(negative), "0.5.0");
  for (const char* release : {"0.6.0", "1.4.1"}) {
    check_refused(build(negative), release, LoadStage::MethodTensors, RuntimeError::InvalidProgram, "-1");
  }
  check_refused(build(negative), "1.2.0", LoadStage::ProgramContainer, RuntimeError::InvalidProgram, "-1",
                VerificationLevel::InternalConsistency);

  CorpusProgram rank_17 = with_xnnpack();
  rank_17.sizes = std::vector<std::int32_t>(17, 1);
  check_loads(build(rank_17), "0.7.0");
  check_refused(build(rank_17), "1.0.0", LoadStage::MethodTensors, RuntimeError::InvalidProgram, "17");

  CorpusProgram repeated_dim = with_xnnpack();
  repeated_dim.sizes = {2, 2};
  repeated_dim.dim_order = std::vector<std::uint8_t>{0, 0};
  check_loads(build(repeated_dim), "1.1.0");
  check_refused(build(repeated_dim), "1.2.0", LoadStage::MethodTensors, RuntimeError::Internal, "dim_order");

  CorpusProgram bad_type = with_xnnpack();
  bad_type.scalar_type = 30;
  for (const char* release : {"0.2.0", "1.4.1"}) {
    check_refused(build(bad_type), release, LoadStage::MethodTensors, RuntimeError::InvalidProgram, "30");
  }
}

BOOST_AUTO_TEST_CASE(an_xnnpack_identifier_the_runtime_rejects_is_refused_in_its_checks) {
  for (const char* identifier : {"XN00", "XN01"}) {
    CorpusProgram accepted = with_xnnpack();
    accepted.delegate->payload = xnnpack_payload(identifier);
    for (const char* release : {"0.2.0", "1.4.1"}) check_loads(build(accepted), release);
  }
  CorpusProgram newer = with_xnnpack();
  newer.delegate->payload = xnnpack_payload("XN02");
  for (const char* release : {"0.2.0", "1.4.1"}) {
    check_refused(build(newer), release, LoadStage::DelegateChecks, RuntimeError::DelegateInvalidCompatibility, "XN02");
  }
}

BOOST_AUTO_TEST_CASE(num_externs_above_the_cap_is_refused_from_1_3_0) {
  CorpusProgram at_cap = with_xnnpack();
  at_cap.delegate->payload = xnnpack_payload("XN01", 4096);
  check_loads(build(at_cap), "1.4.1");
  CorpusProgram above = with_xnnpack();
  above.delegate->payload = xnnpack_payload("XN01", 4097);
  check_loads(build(above), "1.2.0");
  for (const char* release : {"1.3.0", "1.4.1"}) {
    check_refused(build(above), release, LoadStage::DelegateChecks, RuntimeError::InvalidProgram, "4097");
  }
}

BOOST_AUTO_TEST_CASE(a_payload_shorter_than_an_xnnpack_header_is_refused) {
  CorpusProgram tiny = with_xnnpack();
  tiny.delegate->payload = Bytes(29, 0);
  check_refused(build(tiny), "1.4.1", LoadStage::DelegateChecks, RuntimeError::InvalidArgument, "29");
}

// --- Where the runtime itself would crash, fbcompat refuses and says so ---------------------------

BOOST_AUTO_TEST_CASE(an_inline_delegate_without_delegate_data_would_crash_the_runtime) {
  CorpusProgram missing = with_xnnpack();
  missing.delegate->inline_data_list = false;
  for (const char* release : {"0.2.0", "1.4.1"}) {
    check_refused(build(missing), release, LoadStage::DelegateData, RuntimeError::Crash, "backend_delegate_data");
  }
  const ProgramLoad load = load_at(build(missing), "1.4.1");
  BOOST_TEST(describe_refusal(*load.refusal, load.view.release).find("would crash") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(missing_compile_specs_crash_releases_before_1_3_0) {
  CorpusProgram missing = with_xnnpack();
  missing.delegate->compile_specs = false;
  for (const char* release : {"1.3.0", "1.4.1"}) check_loads(build(missing), release);
  for (const char* release : {"0.2.0", "1.2.0"}) {
    check_refused(build(missing), release, LoadStage::DelegateData, RuntimeError::Crash, "compile_specs");
  }
}

// The shape of ExecuTorch's own extension/apple/.../add.pte: no delegate, one segment listed, the
// constant segment's placeholder offset only, and no extended header. The runtime loads it; so must
// inspect, with a warning for the segment nothing can locate.
BOOST_AUTO_TEST_CASE(inspect_loads_a_portable_program_with_an_unlocatable_segment) {
  CorpusProgram portable;
  portable.header = CorpusProgram::Header::None;
  portable.phantom_segments = {{0, 48}};
  portable.constant_segment = {{0, {0}}};
  const Bytes bytes = build(portable);
  test::TempDir dir;
  const auto result = test::run_cli({"inspect", dir.write("add.pte", std::string(bytes.begin(), bytes.end()))});
  BOOST_TEST(result.exit_code == 0, result.err);
  BOOST_TEST(result.out.find("loads on ExecuTorch 1.4.1") != std::string::npos, result.out);
  BOOST_TEST(result.out.find("warning:") != std::string::npos, result.out);
  const auto json_run =
      test::run_cli({"inspect", dir.write("add2.pte", std::string(bytes.begin(), bytes.end())), "--format", "json"});
  BOOST_TEST_REQUIRE(json_run.exit_code == 0, json_run.err);
  BOOST_TEST(json_run.out.find("\"runtime\"") != std::string::npos, json_run.out);
  BOOST_TEST(json_run.out.find("\"warnings\"") != std::string::npos, json_run.out);
}

BOOST_AUTO_TEST_SUITE_END()
