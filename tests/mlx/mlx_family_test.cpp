// The MLX delegate family: what fbcompat compiled in from schemas/mlx, its payloads split and read
// against each version, its golden programs (made again, byte for byte), and its load check.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fbcompat/executorch/program.h"
#include "fbcompat/executorch/program_inspection.h"
#include "fbcompat/mlx/delegate.h"
#include "fbcompat/mlx/payload.h"
#include "fbcompat/release/delegate_families.h"
#include "fbcompat/release/golden_manifest.h"
#include "load/runtime_versions.h"
#include "payload/versions.h"
#include "support/golden_support.h"
#include "support/mlx_programs.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;
using nlohmann::json;

namespace {

const DelegateFamily& loaded_mlx() {
  static const std::unique_ptr<DelegateFamily> family = [] {
    auto loaded = mlx::load_delegate_family(source_path("schemas/mlx"));
    if (!loaded) throw std::runtime_error(loaded.error().to_string());
    return std::move(loaded.value());
  }();
  return *family;
}

std::vector<std::uint8_t> golden(const std::string& path) {
  auto bytes = read_program_file(source_path("golden/" + path));
  if (!bytes) throw std::runtime_error(bytes.error().to_string());
  return std::move(bytes.value());
}

ProgramDelegate mlx_delegate(const ProgramView& view) { return delegate_of(view, mlx::kBackendId); }

}  // namespace

BOOST_AUTO_TEST_SUITE(mlx_family)

// What the build compiled in (releases, OpNode members per version) is what the schemas say.
BOOST_AUTO_TEST_CASE(the_compiled_versions_are_the_schemas) {
  auto schemas = mlx::SchemaVersions::load(source_path("schemas/mlx"));
  BOOST_TEST_REQUIRE(schemas.ok(), (schemas.ok() ? "" : schemas.error().to_string()));
  const auto& compiled = mlx::runtime_versions();
  BOOST_TEST_REQUIRE(compiled.size() == schemas->versions().size());
  for (std::size_t v = 0; v < compiled.size(); ++v) {
    const mlx::SchemaVersion& schema = schemas->versions()[v];
    BOOST_TEST_CONTEXT(schema.info.name) {
      BOOST_TEST(compiled[v].name == schema.info.name);
      BOOST_TEST(compiled[v].op_count == schema.ops.size());
      BOOST_TEST(compiled[v].released() == schema.info.released());
      if (schema.info.released()) {
        BOOST_TEST(compiled[v].first->text() == schema.info.releases.front());
        BOOST_TEST(compiled[v].last->text() == schema.info.releases.back());
      }
      BOOST_TEST(compiled[v].max_schema_version == 1);
    }
  }
  // The facts of the issue: 129 members at 1.3.0, and each version only appends.
  BOOST_TEST(compiled.front().op_count == 129u);
  for (std::size_t v = 1; v < schemas->versions().size(); ++v) {
    const auto& older = schemas->versions()[v - 1].ops;
    const auto& newer = schemas->versions()[v].ops;
    BOOST_TEST(std::equal(older.begin(), older.end(), newer.begin()), "ops renamed or moved in " << compiled[v].name);
  }
}

BOOST_AUTO_TEST_CASE(a_release_runs_the_runtime_of_the_version_it_shipped) {
  const auto at = [](const char* release) { return mlx::version_at(*RuntimeRelease::parse(release)); };
  BOOST_TEST(!at("1.2.0").has_value());
  BOOST_TEST(*at("1.3.0") == 0u);
  BOOST_TEST(*at("1.3.1") == 0u);
  BOOST_TEST(*at("1.4.0") == 1u);
  // The newest release the loader rules describe stands for the newest version, released or not.
  BOOST_TEST(*at("1.4.1") == mlx::runtime_versions().size() - 1);
  BOOST_TEST((mlx::schema_version_of(std::nullopt) == 1));
  BOOST_TEST((mlx::schema_version_of(std::string()) == 1));
  BOOST_TEST((mlx::schema_version_of(std::string(" 2abc")) == 2));
  BOOST_TEST((mlx::schema_version_of(std::string("-3")) == -3));
  BOOST_TEST(!mlx::schema_version_of(std::string("abc")).has_value());
  BOOST_TEST(!mlx::schema_version_of(std::string("99999999999")).has_value());
}

BOOST_AUTO_TEST_CASE(the_payload_is_written_and_split_as_the_exporter_and_runtime_do) {
  const std::vector<std::uint8_t> flatbuffer(37, 0xab);
  const std::vector<std::uint8_t> data{1, 2, 3};
  const auto payload = mlx::make_payload(flatbuffer, data);
  // 24 + 37 = 61, padded to 64; then the data segment.
  BOOST_TEST_REQUIRE(payload.size() == 67u);
  BOOST_TEST(std::string(payload.begin() + 4, payload.begin() + 8) == "MLX0");
  BOOST_TEST(payload[0] == 0u);
  BOOST_TEST(payload[8] == 64u);
  BOOST_TEST(payload[16] == 3u);
  BOOST_TEST(payload[61] == 0u);
  BOOST_TEST(payload[64] == 1u);
  auto split = mlx::split_payload(payload.data(), payload.size());
  BOOST_TEST_REQUIRE(split.ok());
  BOOST_TEST(split->flatbuffer == payload.data() + 24);
  BOOST_TEST(split->flatbuffer_size == 40u);
  BOOST_TEST(split->data_size == 3u);
  BOOST_TEST(split->data_inside);
}

// inspect reads the header, the flatbuffer, the data segment, the nodes by name and the rest.
BOOST_AUTO_TEST_CASE(inspect_describes_an_mlx_payload) {
  const auto bytes = golden("mlx/v1.4.0/stateful.pte");
  const std::vector<const DelegateFamily*> families{&loaded_mlx()};
  const auto inspection = inspect_program(bytes.data(), bytes.size(), families);
  BOOST_TEST_REQUIRE(inspection.ok(), (inspection.ok() ? "" : inspection.error().to_string()));
  BOOST_TEST_REQUIRE(inspection->delegates.size() == 1u);
  const DelegateInspection& delegate = inspection->delegates[0];
  BOOST_TEST(delegate.family == "mlx");
  BOOST_TEST_REQUIRE(delegate.payload.has_value());
  const PayloadInspection& payload = *delegate.payload;
  BOOST_TEST(payload.header_name == "MLX0");
  BOOST_TEST(payload.identifier.empty());
  BOOST_TEST(payload.data_name == "data segment");
  BOOST_TEST(payload.constant_data_size == 0u);
  BOOST_TEST(payload.node_count == 2u);
  BOOST_TEST((payload.nodes_by_name == std::vector<std::pair<std::string, std::size_t>>{{"AddNode", 1}, {"FullNode", 1}}));
  BOOST_TEST(*payload.earliest_version == "v1.3.0");
  BOOST_TEST(payload.earliest_release == "1.3.0");
  const std::string text = format_inspection_text(*inspection);
  for (const char* line : {"    MLX payload: no identifier, MLX0 header, flatbuffer ", "data segment 0 bytes",
                           "    chains: 2 (main 0, init 1)\n", "    schema version: \"1\"\n",
                           "    tensors: 0 constant, 1 input, 1 output, 1 mutable buffer, 0 temporary\n"}) {
    BOOST_TEST(text.find(line) != std::string::npos, line << " not in:\n" << text);
  }
  const json document = json::parse(format_inspection_json(*inspection));
  BOOST_TEST(document["delegates"][0]["mlx"]["mlx0_header"] == true);
  BOOST_TEST(document["delegates"][0]["mlx"]["facts"]["chains"] == "2 (main 0, init 1)");
  // Without schemas the family still decodes: what each version knows is compiled in.
  const auto bare = mlx::delegate_family_without_schemas();
  const auto without = inspect_program(bytes.data(), bytes.size(), {bare.get()});
  BOOST_TEST_REQUIRE(without.ok());
  BOOST_TEST((without->delegates[0].payload->nodes_by_name == payload.nodes_by_name));
}

// Each version's runtime reads a payload only when it knows every op: the newest program is refused by
// the older readers, naming the op, and read by its own.
BOOST_AUTO_TEST_CASE(each_version_reads_the_ops_it_knows) {
  const auto bytes = golden("mlx/v1.5.0-dev/all_ops.pte");
  const ProgramView view = *read_program(bytes.data(), bytes.size());
  const ProgramDelegate delegate = mlx_delegate(view);
  auto readings = loaded_mlx().read_payload_from(0, delegate.data, delegate.size, {});
  BOOST_TEST_REQUIRE(readings.ok());
  BOOST_TEST_REQUIRE(readings->size() == 3u);
  BOOST_TEST_REQUIRE((*readings)[0].refused.has_value());
  BOOST_TEST((*readings)[0].refused->find("op type 130 (BitwiseOrNode) is no OpNode member of v1.3.0, which has 129") == 0u,
             *(*readings)[0].refused);
  BOOST_TEST_REQUIRE((*readings)[1].refused.has_value());
  BOOST_TEST((*readings)[1].refused->find("UpdateAndAttendNode") != std::string::npos);
  BOOST_TEST(!(*readings)[2].refused.has_value());
  BOOST_TEST((*readings)[2].nodes.size() == 134u);
  BOOST_TEST((*readings)[2].nodes.back().name == "UpdateAndAttendNode");
  BOOST_TEST((*readings)[2].identifier_accepted);
}

// The golden programs are what the family's writer makes: freezing a version again gives the same
// bytes as the frozen files, so each is reproducible from the schema and the catalogue alone.
BOOST_AUTO_TEST_CASE(the_golden_programs_are_made_again_byte_for_byte) {
  auto manifest = load_golden_manifests(source_path("golden"));
  BOOST_TEST_REQUIRE(manifest.ok());
  std::size_t compared = 0;
  for (std::size_t v = 0; v < loaded_mlx().manifest().versions.size(); ++v) {
    const std::string version = loaded_mlx().manifest().versions[v].name;
    auto programs = loaded_mlx().golden_programs(v);
    BOOST_TEST_REQUIRE(programs.ok(), (programs.ok() ? "" : programs.error().to_string()));
    BOOST_TEST(programs->size() == 3u);
    for (const GoldenProgram& program : *programs) {
      const std::string path = "mlx/" + version + "/" + program.name + ".pte";
      const GoldenEntry* entry = manifest->find(path);
      BOOST_TEST_REQUIRE(entry != nullptr, path);
      BOOST_TEST((program.pte == golden(path)), path);
      BOOST_TEST(program.description == read_file(source_path("golden/mlx/" + version + "/" + program.name + ".json")));
      BOOST_TEST(entry->nodes == program.nodes, boost::test_tools::per_element());
      BOOST_TEST(entry->payload_header_name == "MLX0");
      BOOST_TEST(!program.reference.has_value());  // MLX has no reference operators: nothing to run
      ++compared;
    }
  }
  BOOST_TEST(compared == 9u);
}

// Shaped as the exporter writes them: the payload in a segment, 128-byte aligned, version "1", an
// empty data segment, constants in the program's named data under the named slots' names.
BOOST_AUTO_TEST_CASE(golden_programs_are_shaped_as_the_exporter_writes_them) {
  const auto bytes = golden("mlx/v1.3.0/linear_gelu.pte");
  const ProgramView view = *read_program(bytes.data(), bytes.size());
  const ProgramDelegate delegate = mlx_delegate(view);
  BOOST_TEST((delegate.location == DelegateLocation::Segment));
  BOOST_TEST(delegate.file_offset % 128 == 0u);
  auto split = mlx::split_payload(delegate.data, delegate.size);
  BOOST_TEST_REQUIRE(split.ok());
  BOOST_TEST(split->data_size == 0u);
  BOOST_TEST(split->data_offset % 16 == 0u);
  BOOST_TEST(split->data_offset == delegate.size);
  const json graph = mlx_golden_graph("v1.3.0", "linear_gelu");
  BOOST_TEST(graph["version"] == "1");
  BOOST_TEST(graph["named_slots"][0]["name"] == "c0de/linear.weight");
  const std::string text(bytes.begin(), bytes.end());
  BOOST_TEST(text.find("c0de/linear.weight") != std::string::npos);  // Program.named_data's key
}

BOOST_AUTO_TEST_CASE(the_family_is_registered_and_found_by_its_backend_id) {
  const auto names = delegate_family_names();
  BOOST_TEST((std::find(names.begin(), names.end(), "mlx") != names.end()));
  BOOST_TEST(delegate_family_for_backend("MLXBackend") == "mlx");
  BOOST_TEST(delegate_family_for_backend("XnnpackBackend") == "xnnpack");
  BOOST_TEST(delegate_family_for_backend("VulkanBackend").empty());
  auto unknown = delegate_family_without_schemas("vulkan");
  BOOST_TEST_REQUIRE(!unknown.ok());
  BOOST_TEST(unknown.error().message.find("no delegate family named 'vulkan' (fbcompat knows xnnpack, mlx)") == 0u,
             unknown.error().message);
}

BOOST_AUTO_TEST_SUITE_END()
