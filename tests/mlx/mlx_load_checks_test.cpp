// MLX's own checks when ExecuTorch initialises a payload (docs/families/mlx.md), as the loader applies
// them: each check refuses the payload it is about, with the runtime's error and the release it holds
// from, and the golden programs pass them all.
#include <boost/test/unit_test.hpp>

#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fbcompat/executorch/program.h"
#include "fbcompat/mlx/delegate.h"
#include "fbcompat/mlx/payload.h"
#include "support/mlx_programs.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;
using nlohmann::json;

namespace {

ProgramLoad load_at(const std::vector<std::uint8_t>& program, const std::string& release) {
  ProgramReadOptions options;
  options.runtime = *RuntimeRelease::parse(release);
  options.backends.push_back(&mlx::backend_load_checks());
  return load_program(program.data(), program.size(), options);
}

// The refusal of `program` at `release`, which must be the MLX delegate's own checks'.
LoadRefusal refused_at(const std::vector<std::uint8_t>& program, const std::string& release) {
  const ProgramLoad load = load_at(program, release);
  BOOST_TEST_REQUIRE(!load.loads(), "loads at " << release);
  return *load.refusal;
}

json linear_gelu() { return mlx_golden_graph("v1.4.0", "linear_gelu"); }

std::vector<std::uint8_t> with_graph(const json& graph, const std::string& version = "v1.4.0") {
  return mlx_program(mlx_payload(graph, version), linear_gelu_named_data());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(mlx_load_checks)

BOOST_AUTO_TEST_CASE(a_program_as_the_exporter_writes_it_loads_from_1_3_0_on) {
  const auto program = with_graph(linear_gelu());
  for (const char* release : {"1.3.0", "1.3.1", "1.4.0", "1.4.1"}) {
    const ProgramLoad load = load_at(program, release);
    BOOST_TEST(load.loads(), release << ": " << (load.loads() ? "" : load.refusal->message));
  }
  // Before 1.3.0 no backend is registered as MLXBackend: BackendDelegate::Init does not find one.
  const LoadRefusal none = refused_at(program, "1.2.0");
  BOOST_TEST((none.stage == LoadStage::DelegateData));
  BOOST_TEST((none.error == RuntimeError::NotFound));
  BOOST_TEST(none.backend == "MLX");
  BOOST_TEST(none.message.find("has no backend registered as MLXBackend: the MLX backend ships from 1.3.0 on") !=
                 std::string::npos,
             none.message);
}

BOOST_AUTO_TEST_CASE(the_header_is_checked_as_the_loader_splits_it) {
  const std::vector<std::uint8_t> good = mlx_payload(linear_gelu(), "v1.4.0");
  struct Case {
    std::string what;
    std::vector<std::uint8_t> payload;
    std::string expected;
  };
  std::vector<std::uint8_t> magic = good;
  magic[7] = '1';
  std::vector<std::uint8_t> offset_in_header = good;
  std::memset(offset_in_header.data() + 8, 0, 8);
  offset_in_header[8] = 24;
  std::vector<std::uint8_t> offset_past = good;
  offset_past[14] = 1;  // 2^48
  const std::vector<Case> cases{
      {"short", std::vector<std::uint8_t>(good.begin(), good.begin() + 20),
       "the payload is 20 bytes, shorter than the 24-byte MLX0 header"},
      {"magic", magic, "bytes 4..7 hold 'MLX1', not the magic 'MLX0'"},
      {"offset in the header", offset_in_header, "the header's data offset 24 (byte 8) leaves no flatbuffer"},
      {"offset past the payload", offset_past, "the header's data offset 281474976711360 (byte 8) leaves no flatbuffer"},
  };
  for (const Case& c : cases) {
    BOOST_TEST_CONTEXT(c.what) {
      const LoadRefusal refusal = refused_at(mlx_program(c.payload, linear_gelu_named_data()), "1.4.1");
      BOOST_TEST((refusal.stage == LoadStage::DelegateChecks));
      BOOST_TEST((refusal.error == RuntimeError::InvalidProgram));
      BOOST_TEST(refusal.message.find("Invalid MLX header: " + c.expected) != std::string::npos, refusal.message);
    }
  }
  // The data segment's size is never checked by the runtime.
  std::vector<std::uint8_t> long_data = good;
  long_data[23] = 1;
  BOOST_TEST(load_at(mlx_program(long_data, linear_gelu_named_data()), "1.4.1").loads());
}

BOOST_AUTO_TEST_CASE(a_flatbuffer_that_fails_the_verifier_is_refused) {
  std::vector<std::uint8_t> payload = mlx_payload(linear_gelu(), "v1.4.0");
  payload[mlx::kHeaderSize] = 0xff;  // the root offset points past the buffer
  payload[mlx::kHeaderSize + 1] = 0xff;
  const LoadRefusal refusal = refused_at(mlx_program(payload, linear_gelu_named_data()), "1.3.0");
  BOOST_TEST(refusal.message.find("fails flatbuffers' Verifier (Invalid FlatBuffer data)") != std::string::npos,
             refusal.message);
}

// Each release knows the ops of the schema it shipped: an op appended later is refused, naming it.
BOOST_AUTO_TEST_CASE(unknown_ops_are_refused_by_the_releases_that_lack_them) {
  json graph = linear_gelu();
  graph["instruction_chains"][0]["instructions"].push_back(
      {{"op_type", "BitwiseOrNode"}, {"op", {{"a", {{"idx", 2}}}, {"b", {{"idx", 2}}}, {"out", {{"idx", 4}}}}}});
  const auto program = with_graph(graph);
  const LoadRefusal old = refused_at(program, "1.3.1");
  BOOST_TEST((old.error == RuntimeError::InvalidProgram));
  BOOST_TEST(old.message.find("instruction_chains[0].instructions[2] is BitwiseOrNode (op type 130, added in v1.4.0, "
                              "released in 1.4.0); this release's MLX runtime (v1.3.0) knows op types 1..129") !=
                 std::string::npos,
             old.message);
  BOOST_TEST(load_at(program, "1.4.0").loads());
}

BOOST_AUTO_TEST_CASE(the_graph_is_checked_as_its_loader_reads_it) {
  struct Case {
    std::string what;
    std::function<void(json&)> change;
    std::string expected;
  };
  const std::vector<Case> cases{
      {"main chain", [](json& g) { g["main_chain_idx"] = 3; }, "main_chain_idx is 3, but only 1 chains load"},
      {"init chain", [](json& g) { g["init_chain_idx"] = 1; }, "init_chain_idx is 1, but only 1 chains load"},
      {"input tensor", [](json& g) { g["input_map"][0]["idx"] = 5; }, "input_map[0] is tensor 5, past num_tensors() 5"},
      {"rank", [](json& g) { g["tensor_meta"][2]["shape"] = json(std::vector<json>(17, {{"value", 1}})); },
       "tensor_meta[2] has rank 17, above the runtime's limit of 16"},
      {"dimension", [](json& g) { g["tensor_meta"][2]["shape"][0] = {{"value", -1}, {"min_value", 4}, {"max_value", 2}}; },
       "tensor_meta[2].shape[0] is value -1, min 4, max 2"},
      {"scalar type", [](json& g) { g["tensor_meta"][2]["scalar_type"] = 40; },
       "tensor_meta[2] has scalar_type 40, which is no ExecuTorch ScalarType (0..29)"},
      {"version text", [](json& g) { g["version"] = "one"; }, "Invalid MLX schema version 'one' (expected integer)"},
      {"version", [](json& g) { g["version"] = "2"; },
       "the payload's schema version is 2; this release's MLX runtime"},
      {"constant name", [](json& g) { g["named_slots"].erase(0); }, "constant tensor 0 has no named slot to find its data by"},
      {"constant metadata", [](json& g) { g["tensor_meta"] = json::array({g["tensor_meta"][0]}); },
       "constant tensor 1 has no tensor_meta"},
      {"constant shape", [](json& g) { g["tensor_meta"][0]["shape"][0] = {{"value", -1}}; },
       "load_constants: tensor 0 has a dynamic dimension (0), but it must have a static shape"},
  };
  for (const Case& c : cases) {
    BOOST_TEST_CONTEXT(c.what) {
      json graph = linear_gelu();
      c.change(graph);
      const LoadRefusal refusal = refused_at(with_graph(graph), "1.4.1");
      BOOST_TEST((refusal.stage == LoadStage::DelegateChecks));
      BOOST_TEST((refusal.error == RuntimeError::InvalidProgram));
      BOOST_TEST(refusal.message.find(c.expected) != std::string::npos, refusal.message);
    }
  }
}

// Constants come from the program's named data, by the named slot's name.
BOOST_AUTO_TEST_CASE(constants_must_be_in_the_programs_named_data) {
  const auto payload = mlx_payload(linear_gelu(), "v1.4.0");
  const LoadRefusal none = refused_at(mlx_program(payload), "1.4.1");
  BOOST_TEST(none.message.find("constant tensor 0 is named data 'c0de/linear.weight', but the program has no named data") !=
                 std::string::npos,
             none.message);
  std::vector<NamedDataSpec> only_weight = linear_gelu_named_data();
  only_weight.pop_back();
  const LoadRefusal missing = refused_at(mlx_program(payload, only_weight), "1.4.1");
  BOOST_TEST(missing.message.find("constant tensor 1: named data 'c0de/linear.bias' is not in Program.named_data") !=
                 std::string::npos,
             missing.message);
}

BOOST_AUTO_TEST_CASE(mutable_buffers_must_be_static_tensors_within_4_gb) {
  const json stateful = mlx_golden_graph("v1.4.0", "stateful");
  BOOST_TEST(load_at(mlx_program(mlx_payload(stateful, "v1.4.0")), "1.3.0").loads());
  json dynamic = stateful;
  dynamic["tensor_meta"][2]["shape"][0] = {{"value", -1}};
  BOOST_TEST(refused_at(mlx_program(mlx_payload(dynamic, "v1.4.0")), "1.4.1").message.find(
                 "load_mutable_buffers: tensor 2 has a dynamic dimension") != std::string::npos);
  json huge = stateful;
  huge["tensor_meta"][2]["shape"] = {{{"value", 65536}}, {{"value", 65536}}};
  BOOST_TEST(refused_at(mlx_program(mlx_payload(huge, "v1.4.0")), "1.4.1").message.find(
                 "mutable buffer tensor 2 would take more than the runtime's 4 GB limit") != std::string::npos);
  json scalar = stateful;
  scalar["mutable_buffer_map"][0]["slot_type"] = "IntValueSlot";
  BOOST_TEST(refused_at(mlx_program(mlx_payload(scalar, "v1.4.0")), "1.4.1").message.find(
                 "mutable_buffer_map holds a slot of type 1; only tensors are mutable buffers") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
