#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>

#include "fbcompat/executorch/program_inspection.h"
#include "fbcompat/executorch/program_writer.h"
#include "fbcompat/xnnpack/graph.h"
#include "fbcompat/xnnpack/payload_writer.h"
#include "fbcompat/xnnpack/delegate.h"
#include "support/golden_support.h"

using namespace fbcompat;
using namespace fbcompat::test;
using nlohmann::json;

namespace {

json inspect_json(const std::string& relative, const std::string& runtime = "1.4.1") {
  const auto cli = run_cli({"inspect", golden_dir() + "/" + relative, "--schemas", family_dir(), "--format", "json",
                            "--runtime", runtime});
  BOOST_TEST_REQUIRE(cli.exit_code == 0, cli.err);
  return json::parse(cli.out);
}

// A payload of one XNNAdd node plus one per-channel quantized value, encoded by `version`'s writer.
std::vector<std::uint8_t> quantized_payload(const std::string& version, bool with_scale_buffer) {
  json quant{{"scale", {0.5, 0.25}}, {"channel_dim", 0}};
  if (with_scale_buffer) quant["scale_buffer_idx"] = 3;
  const json graph{
      {"xnodes", {{{"xnode_union_type", "XNNAdd"}, {"xnode_union", {{"input1_id", 0}, {"input2_id", 0}, {"output_id", 0}}}}}},
      {"xvalues",
       {{{"xvalue_union_type", "XNNQuantizedTensorValue"},
         {"xvalue_union",
          {{"tensor_value", {{"datatype", "xnn_datatype_qcint8"}, {"num_dims", 1}, {"dims", {2}}, {"id_out", 0}}},
           {"quant_params_type", "PerChannelQuant"},
           {"quant_params", quant}}}}}}};
  const XnnpackVersion* writer = xnnpack_family().find(version);
  BOOST_TEST_REQUIRE(writer != nullptr);
  auto flatbuffer = writer->writer->encode_json(graph.dump(), "graph.json");
  BOOST_TEST_REQUIRE(flatbuffer.ok(), (flatbuffer.ok() ? "" : flatbuffer.error().message));
  return flatbuffer.value();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(inspect)

BOOST_AUTO_TEST_CASE(inspect_lists_plans_delegates_and_xnnpack_contents) {
  // A program of the newest version, the one after v1.1.0 that added XNNDepthToSpace2d.
  // No release up to 1.4.1 defines XNNDepthToSpace2d: the development head loads it.
  const json report = inspect_json(newest_golden("upsample_nearest_x2.pte"), RuntimeRelease::development_head().text());
  BOOST_TEST(report.at("execution_plans") == json({"forward"}));
  const json& delegate = report.at("delegates").at(0);
  BOOST_TEST(delegate.at("backend_id") == "XnnpackBackend");
  BOOST_TEST(delegate.at("location") == "INLINE");
  const json& xnnpack = delegate.at("xnnpack");
  BOOST_TEST(xnnpack.at("identifier") == "XN01");
  BOOST_TEST(xnnpack.at("xh00_header") == true);
  BOOST_TEST(xnnpack.at("node_count") == 3);
  BOOST_TEST(xnnpack.at("value_count") == 6);
  BOOST_TEST(xnnpack.at("constant_data_size") == 48);  // 3x2 weights and 3 biases, each padded to 16 bytes
  BOOST_TEST(xnnpack.at("nodes_by_name").at(1) == json({{"name", "XNNDepthToSpace2d"}, {"count", 1}}));
  BOOST_TEST(xnnpack.at("earliest_loading_version") == newest_version());
}

BOOST_AUTO_TEST_CASE(earliest_loading_version_follows_identifier_nodes_and_fields) {
  const auto earliest = [](const std::string& relative) {
    return inspect_json(relative).at("delegates").at(0).at("xnnpack").at("earliest_loading_version").get<std::string>();
  };
  BOOST_TEST(earliest("xnnpack/v0.1.0/conv_pool_fc.pte") == "v0.1.0");  // XN00
  BOOST_TEST(earliest("xnnpack/v0.7.0/mlp.pte") == "v0.2.0");           // XN01 and 0.1.0's nodes
  // The coverage program no release loads (a distinct value in every slot): its payload alone.
  const auto coverage = golden_bytes(*golden_manifest().find("xnnpack/v0.6.0/all_members.pte"));
  const auto coverage_view = read_program(coverage.data(), coverage.size());
  BOOST_TEST_REQUIRE(coverage_view.ok());
  const ProgramDelegate coverage_delegate = xnnpack_delegate(*coverage_view);
  const auto coverage_index = earliest_loading_version(xnnpack_family(), coverage_delegate.data, coverage_delegate.size);
  BOOST_TEST_REQUIRE(coverage_index.ok());
  BOOST_TEST(xnnpack_family().versions()[coverage_index->value()].info.name == "v0.6.0");  // XNNConcatenate5 is type 38
  const json segment = inspect_json("xnnpack/v0.7.0/mlp.pte");
  BOOST_TEST(segment.at("delegates").at(0).at("location") == "SEGMENT");
  BOOST_TEST(segment.at("extended_header").at("segment_data_size").get<std::size_t>() > 0u);

  // Same nodes, but a field that only 0.7.0's runtime reads: older runtimes would drop the scales.
  const auto plain = quantized_payload("v0.7.0", false);
  const auto with_field = quantized_payload("v0.7.0", true);
  const auto plain_index = earliest_loading_version(xnnpack_family(), plain.data(), plain.size());
  const auto field_index = earliest_loading_version(xnnpack_family(), with_field.data(), with_field.size());
  BOOST_TEST_REQUIRE(plain_index.ok());
  BOOST_TEST_REQUIRE(field_index.ok());
  BOOST_TEST(xnnpack_family().versions()[plain_index->value()].info.name == "v0.2.0");
  BOOST_TEST(xnnpack_family().versions()[field_index->value()].info.name == "v0.7.0");
  const auto verdict = runtime_loads(xnnpack_family(), *xnnpack_family().find("v0.6.0"), with_field.data(), with_field.size());
  BOOST_TEST_REQUIRE(verdict.ok());
  BOOST_TEST(!verdict->loads);
  BOOST_TEST(verdict->reason.find("scale_buffer_idx") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(other_backends_are_listed_by_id_and_text_output_reads_well) {
  const auto golden = golden_bytes(*golden_manifest().find("xnnpack/v1.1.0/elementwise.pte"));
  const auto view = read_program(golden.data(), golden.size());
  BOOST_TEST_REQUIRE(view.ok());
  const ProgramDelegate xnnpack = xnnpack_delegate(*view);
  ProgramSpec spec;
  PlanSpec plan;
  plan.delegates.push_back({"VulkanBackend", {1, 2, 3}, DelegateLocation::Segment});
  plan.delegates.push_back({xnnpack::kBackendId, std::vector<std::uint8_t>(xnnpack.data, xnnpack.data + xnnpack.size), DelegateLocation::Inline});
  spec.plans.push_back(plan);
  const auto file = write_program(spec);
  BOOST_TEST_REQUIRE(file.ok());
  TempDir dir;
  const std::string path = dir.write("mixed.pte", std::string(file->begin(), file->end()));
  const auto cli = run_cli({"inspect", path, "--schemas", family_dir()});
  BOOST_TEST_REQUIRE(cli.exit_code == 0, cli.err);
  BOOST_TEST(cli.out.find("delegate 0: VulkanBackend, SEGMENT 0 (3 bytes") != std::string::npos, cli.out);
  BOOST_TEST(cli.out.find("delegate 1: XnnpackBackend, INLINE 0") != std::string::npos, cli.out);
  BOOST_TEST(cli.out.find("1 x XNNConcatenate2") != std::string::npos, cli.out);
  BOOST_TEST(cli.out.find("loads on runtimes from v0.2.0 (release 0.2.0) on") != std::string::npos, cli.out);
}

BOOST_AUTO_TEST_CASE(corrupt_programs_exit_2_with_the_reason) {
  TempDir dir;
  std::string bytes = read_file(golden_dir() + "/xnnpack/v1.1.0/mlp.pte");
  const auto truncated = run_cli({"inspect", dir.write("cut.pte", bytes.substr(0, bytes.size() - 100)), "--schemas", family_dir()});
  BOOST_TEST(truncated.exit_code == 2);
  BOOST_TEST(truncated.err.find("refuses it in the program container: the extended header says the segments end at byte") !=
                 std::string::npos, truncated.err);
  BOOST_TEST(truncated.out.empty());
  const auto garbage = run_cli({"inspect", dir.write("text.pte", "this is not a program at all")});
  BOOST_TEST(garbage.exit_code == 2);
  BOOST_TEST(garbage.err.find("the file is 28 bytes, but the runtime's first load reads bytes [0, 64)") != std::string::npos, garbage.err);

  // A payload that no reader verifies: one byte holding 1 (as XNNAdd's type id does) set to 200.
  const auto golden = golden_bytes(*golden_manifest().find("xnnpack/v1.1.0/elementwise.pte"));
  auto view = read_program(golden.data(), golden.size());
  BOOST_TEST_REQUIRE(view.ok());
  ProgramDelegate delegate = xnnpack_delegate(*view);
  std::vector<std::uint8_t> payload(delegate.data, delegate.data + delegate.size);
  const auto graph = read_xnnpack_graph(*xnnpack_family().newest().reader, payload.data(), payload.size());
  BOOST_TEST_REQUIRE(graph.ok());
  bool patched = false;
  for (std::size_t i = 0; i + 1 < payload.size() && !patched; ++i) {
    const auto copy = payload;
    payload[i] = 200;
    const auto reread = read_xnnpack_graph(*xnnpack_family().versions().front().writer, payload.data(), payload.size());
    if (!reread.ok() && reread.error().message.find("verifier failure") != std::string::npos) {
      const XnnpackPayload split = parse_xnnpack_payload(payload.data(), payload.size());
      patched = split.status == XnnpackPayload::Status::Ok && copy[i] == 1;
    }
    if (!patched) payload = copy;
  }
  BOOST_TEST_REQUIRE(patched);
  ProgramSpec spec;
  PlanSpec plan;
  plan.delegates.push_back({xnnpack::kBackendId, payload, DelegateLocation::Inline});
  spec.plans.push_back(plan);
  const auto file = write_program(spec);
  BOOST_TEST_REQUIRE(file.ok());
  const auto unknown = run_cli({"inspect", dir.write("unknown.pte", std::string(file->begin(), file->end())), "--schemas", family_dir()});
  BOOST_TEST(unknown.exit_code == 2);
  // The runtime verifies the graph with its own schema before fbcompat could try each reader.
  BOOST_TEST(unknown.err.find("refuses it in the XNNPACK delegate's own checks of method 'forward'") != std::string::npos, unknown.err);
  BOOST_TEST(unknown.err.find("fails flatbuffers' Verifier (Error::DelegateInvalidCompatibility)") != std::string::npos,
             unknown.err);
}

BOOST_AUTO_TEST_CASE(without_schemas_payloads_are_split_but_not_decoded) {
  const auto golden = golden_bytes(*golden_manifest().find("xnnpack/v0.2.0/conv_pool_fc.pte"));
  const auto inspection = inspect_program(golden.data(), golden.size(), {xnnpack::delegate_family_without_schemas().get()});
  BOOST_TEST_REQUIRE(inspection.ok());
  BOOST_TEST_REQUIRE(inspection->delegates.size() == 1u);
  const auto& xnnpack = inspection->delegates[0].payload;
  BOOST_TEST_REQUIRE(xnnpack.has_value());
  BOOST_TEST(!xnnpack->decoded);
  BOOST_TEST(xnnpack->identifier == "XN01");
  BOOST_TEST(xnnpack->constant_data_size > 0u);
  BOOST_TEST(format_inspection_text(*inspection).find("graph not decoded") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
