// Every bundled schema file matches the release facts it was written from, field by field.
#include <filesystem>
#include <fstream>

#include <boost/test/unit_test.hpp>

#include "support/facts_comparison.h"
#include "fbcompat/core/manifest.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;
namespace fs = std::filesystem;

namespace {

nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

std::string join(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += "\n  " + line;
  return text;
}

// The version after v1.1.0 (the newest) has no facts of its own while it is not released: it is v1.1.0
// plus XNNDepthToSpace2d appended (facts README).
nlohmann::json facts_for_next_version(nlohmann::json facts) {
  for (auto& declared_union : facts["unions"]) {
    if (declared_union["name"] == "XNodeUnion") {
      declared_union["members"].push_back({48, "XNNDepthToSpace2d", "XNNDepthToSpace2d"});
    }
  }
  nlohmann::json table{{"name", "XNNDepthToSpace2d"}, {"kind", "table"}, {"fields", nlohmann::json::array()}};
  int id = 0;
  for (const char* field : {"input_id", "output_id", "block_size", "flags"}) {
    table["fields"].push_back({{"id", id++}, {"name", field}, {"type", "uint"}});
  }
  facts["tables"].push_back(table);
  return facts;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(schema_facts)

BOOST_AUTO_TEST_CASE(every_bundled_schema_matches_its_facts) {
  const std::string facts_dir = facts_path("executorch/xnnpack");
  BOOST_TEST_REQUIRE(fs::is_directory(facts_dir), "the release facts are missing: " << facts_dir);
  const auto manifest = load_manifest(source_path("schemas/xnnpack/manifest.toml"));
  BOOST_TEST_REQUIRE(manifest.ok());
  int compared = 0;
  for (const ManifestVersion& version : manifest->versions) {
    for (const std::string file : {"schema", "runtime_schema"}) {
      const std::string schema_path = source_path("schemas/xnnpack/" + version.name + "/" + file + ".fbs");
      // The newest version is compared with its own facts once they exist, else with the next version's.
      const bool next_version = version.name == newest_version() && !fs::is_directory(facts_dir + "/" + version.name);
      const std::string facts_file = facts_dir + "/" + (next_version ? "v1.1.0" : version.name) + "/" + file + ".json";
      if (!fs::exists(facts_file)) {
        // The facts say the file did not exist in that release (v0.1.0 had no runtime schema).
        BOOST_TEST(!fs::exists(schema_path), schema_path << " exists but the release had no such file");
        BOOST_TEST(!version.has_reader());
        continue;
      }
      BOOST_TEST_CONTEXT(schema_path) {
        const auto schema = load_schema(schema_path);
        BOOST_TEST_REQUIRE(schema.ok(), (schema.ok() ? "" : schema.error().to_string()));
        nlohmann::json facts = read_json(facts_file);
        if (next_version) facts = facts_for_next_version(std::move(facts));
        const std::vector<std::string> differences = compare_with_facts(*schema, facts);
        BOOST_TEST(differences.empty(), "differences from " << facts_file << ":" << join(differences));
        ++compared;
      }
    }
  }
  BOOST_TEST(compared == 13);  // 7 writers, 6 readers
}

BOOST_AUTO_TEST_CASE(the_comparison_names_each_difference) {
  const nlohmann::json facts = read_json(facts_path("executorch/xnnpack/v1.1.0/runtime_schema.json"));
  std::string text = read_file(source_path("schemas/xnnpack/v1.1.0/runtime_schema.fbs"));
  // Swap two union members and change a field's type: both must be named.
  const auto swap_at = text.find("  XNNFullyConnected,");
  BOOST_TEST_REQUIRE(swap_at != std::string::npos);
  text.replace(swap_at, std::string("  XNNFullyConnected,").size(), "  XNNSoftmax: _XNNNode1x1, XNNFullyConnected,");
  const auto softmax_at = text.find("  XNNSoftmax: _XNNNode1x1,", swap_at + 40);
  BOOST_TEST_REQUIRE(softmax_at != std::string::npos);
  text.erase(softmax_at, std::string("  XNNSoftmax: _XNNNode1x1,").size());
  const auto differences = compare_with_facts(load_text(text), facts);
  const std::string all = join(differences);
  BOOST_TEST(all.find("type id 2 should be XNNFullyConnected") != std::string::npos, all);
  BOOST_TEST(all.find("type id 3 should be XNNSoftmax") != std::string::npos, all);
}

BOOST_AUTO_TEST_SUITE_END()
