#include <boost/test/unit_test.hpp>

#include <sys/stat.h>

#include <filesystem>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "fbcompat/release/golden_verify.h"
#include "fbcompat/xnnpack/reference_ops.h"
#include "fbcompat/core/rule.h"
#include "fbcompat/release/rule_catalogue.h"
#include "fbcompat/core/schema_loader.h"
#include "golden/sha256.h"
#include "fbcompat/xnnpack/delegate.h"
#include "fbcompat/xnnpack/graph.h"
#include "golden_programs/reference_graph.h"
#include "support/golden_support.h"

using namespace fbcompat;
using namespace fbcompat::test;
using nlohmann::json;

namespace {

std::size_t count_rule(const std::vector<Finding>& findings, const std::string& rule) {
  return static_cast<std::size_t>(
      std::count_if(findings.begin(), findings.end(), [&](const Finding& finding) { return finding.rule == rule; }));
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
}

// Replaces the first `from` in the file, or the first after `after` when given.
void replace_once(const std::string& path, const std::string& from, const std::string& to, const std::string& after = "") {
  std::string text = read_file(path);
  const auto start = text.find(after);
  BOOST_TEST_REQUIRE(start != std::string::npos, "'" << after << "' not in " << path);
  const auto at = text.find(from, start);
  BOOST_TEST_REQUIRE(at != std::string::npos, "'" << from << "' not in " << path);
  text.replace(at, from.size(), to);
  write_text(path, text);
}

// A scratch copy of the golden programs and the schemas, to break on purpose.
struct Scratch {
  TempDir dir;
  std::string golden = dir.path() + "/golden";
  std::string schemas = dir.path() + "/xnnpack";
  Scratch() {
    copy_tree(golden_dir(), golden);
    copy_tree(family_dir(), schemas);
  }
  GoldenVerifyReport verify() const {
    GoldenVerifyOptions options;
    options.golden_dir = golden;
    options.family_dir = schemas;
    auto report = verify_golden(options);
    BOOST_TEST_REQUIRE(report.ok(), (report.ok() ? "" : report.error().to_string()));
    return std::move(report.value());
  }
  // The same check by reflection alone, which compares the recorded fields at every reading.
  GoldenVerifyReport verify_comparing_every_reading() const {
    auto family = xnnpack::load_delegate_family(schemas, PayloadReadingPath::Reflection);
    BOOST_TEST_REQUIRE(family.ok(), (family.ok() ? "" : family.error().to_string()));
    GoldenVerifyOptions options;
    options.golden_dir = golden;
    options.family_dir = schemas;
    auto report = verify_golden(options, **family);
    BOOST_TEST_REQUIRE(report.ok(), (report.ok() ? "" : report.error().to_string()));
    return std::move(report.value());
  }
};

std::vector<std::string> worded(const GoldenVerifyReport& report) {
  std::vector<std::string> lines;
  for (const Finding& finding : report.findings) {
    lines.push_back(finding.rule + " " + finding.subject + " " + finding.file + ": " + finding.message);
  }
  return lines;
}

std::set<std::string> member_names(const Schema& schema, const std::string& union_name) {
  std::set<std::string> names;
  const Enum* e = schema.find_enum("fb_xnnpack." + union_name);
  if (e != nullptr) {
    for (const EnumValue& value : e->values) names.insert(value.name);
  }
  return names;
}

void collect_union_types(const json& node, const std::string& key, std::set<std::string>& found) {
  if (node.is_object()) {
    for (const auto& [name, value] : node.items()) {
      if (name == key && value.is_string()) found.insert(value.get<std::string>());
      collect_union_types(value, key, found);
    }
  } else if (node.is_array()) {
    for (const json& element : node) collect_union_types(element, key, found);
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(golden)

BOOST_AUTO_TEST_CASE(every_frozen_program_verifies_with_every_later_reader) {
  GoldenVerifyOptions options;
  options.golden_dir = golden_dir();
  options.family_dir = family_dir();
  const auto report = verify_golden(options);
  BOOST_TEST_REQUIRE(report.ok(), (report.ok() ? "" : report.error().to_string()));
  BOOST_TEST(compatible(report->findings));
  BOOST_TEST(report->programs == golden_manifest().entries.size());
  // Each program is read by its own version's reader and every later one.
  std::size_t expected_readings = 0;
  for (const GoldenEntry& entry : golden_manifest().entries) {
    expected_readings += xnnpack_family().versions().size() - *xnnpack_family().index_of(entry.version);
  }
  BOOST_TEST(report->readings == expected_readings);
  // The only findings. 0.4.0 and 0.6.0 programs set PerChannelGroupQuant.scale_bf16, which 0.7.0
  // deprecated: one warning per program, naming the field and every reader that ignores it.
  std::vector<std::string> ignored_in;
  std::vector<std::string> refusals;
  std::vector<std::string> limits;
  for (const Finding& finding : report->findings) {
    if (finding.rule == "GOLDEN_FIELD_NO_LONGER_READ") {
      BOOST_TEST(finding.subject == "fb_xnnpack.PerChannelGroupQuant.scale_bf16");
      BOOST_TEST(finding.message.find("v0.7.0, v1.1.0, v1.5.0-dev readers deprecated") != std::string::npos,
                 finding.message);
      // From the last "/xnnpack/": the clone's own path may hold "xnnpack/" too.
      ignored_in.push_back(finding.file.substr(finding.file.rfind("/xnnpack/") + 1));
    } else if (finding.rule == "ENVIRONMENT_LIMIT") {
      limits.push_back(finding.message);
    } else {
      BOOST_TEST(finding.rule == "GOLDEN_PROGRAM_REFUSED_BY_RELEASE");
      BOOST_TEST((finding.severity == Severity::Info));
      refusals.push_back(finding.message);
    }
  }
  BOOST_TEST((ignored_in == std::vector<std::string>{"xnnpack/v0.4.0/all_members.pte", "xnnpack/v0.6.0/all_members.pte"}));
  // No library was given: the definitions on XNNPACK are said, once, not to have been checked.
  BOOST_TEST_REQUIRE(limits.size() == 1u);
  BOOST_TEST(limits[0].find("XNNPACK's own definitions of its payloads were not checked") == 0u, limits[0]);
  // The programs frozen first have no compile_specs, which releases before 1.3.0 read unchecked (a
  // crash); the coverage programs' distinct slot values fail the XNNPACK backend's own checks from 1.3.0
  // on. Each is said once, for all the programs and releases it concerns. The *_exported programs, shaped
  // as their release's exporter writes them, load on every release from their own.
  BOOST_TEST_REQUIRE(refusals.size() == 4u);
  BOOST_TEST(refusals[0].find("24 golden programs of v0.1.0, v0.2.0, v0.4.0, v0.6.0, v0.7.0, v1.1.0") == 0u, refusals[0]);
  BOOST_TEST(refusals[0].find("ExecuTorch 0.1.0, 0.2.0, 0.2.1, 0.3.0, 0.4.0, 0.5.0, 0.6.0, 0.7.0, 1.0.0, 1.0.1, 1.1.0, "
                              "1.2.0 (") != std::string::npos,
             refusals[0]);
  BOOST_TEST(refusals[0].find("no compile_specs list") != std::string::npos);
  BOOST_TEST(refusals[0].find("the runtime would crash") != std::string::npos);
  BOOST_TEST(refusals[1].find("3 golden programs of v0.2.0, v0.4.0, v0.6.0") == 0u, refusals[1]);
  BOOST_TEST(refusals[1].find("per channel group quantization") != std::string::npos, refusals[1]);
  BOOST_TEST(refusals[2].find("1 golden program of v0.1.0") == 0u, refusals[2]);
  BOOST_TEST(refusals[2].find("dq_datatype xnn_datatype_fp32") != std::string::npos, refusals[2]);
  BOOST_TEST(refusals[3].find("3 golden programs of v0.7.0, v1.1.0, v1.5.0-dev") == 0u, refusals[3]);
  BOOST_TEST(refusals[3].find("ExecuTorch 1.3.0, 1.3.1, 1.4.0, 1.4.1, the development head (") != std::string::npos,
             refusals[3]);
  for (const std::string& refusal : refusals) BOOST_TEST(refusal.find("Coverage-only") != std::string::npos, refusal);
  for (std::size_t r = 1; r < refusals.size(); ++r) {
    BOOST_TEST(refusals[r].find("XNNPACK delegate's own checks") != std::string::npos, refusals[r]);
  }
}

BOOST_AUTO_TEST_CASE(a_runnable_program_the_newest_release_refuses_is_unreadable) {
  // The coverage exemption covers only delegate checks of programs the manifest marks not runnable:
  // the same refusal for a runnable program fails the verification.
  TempDir scratch;
  const std::string golden = scratch.path() + "/golden";
  std::filesystem::copy(golden_dir(), golden, std::filesystem::copy_options::recursive);
  const std::string manifest_path = golden + "/MANIFEST.json";
  std::string manifest = read_file(manifest_path);
  const std::string key = "\"xnnpack/v1.5.0-dev/all_members.pte\"";
  const std::size_t entry = manifest.find(key);
  BOOST_TEST_REQUIRE(entry != std::string::npos);
  const std::size_t flag = manifest.find("\"runnable\":false", entry);
  BOOST_TEST_REQUIRE(flag != std::string::npos);
  manifest.replace(flag, std::string("\"runnable\":false").size(),
                   "\"runnable\":true,\"inputs\":[],\"expected_outputs\":[],\"tolerance\":{\"absolute\":0,\"relative\":0}");
  scratch.write("golden/MANIFEST.json", manifest);
  GoldenVerifyOptions options;
  options.golden_dir = golden;
  options.family_dir = family_dir();
  const auto report = verify_golden(options);
  BOOST_TEST_REQUIRE(report.ok(), (report.ok() ? "" : report.error().to_string()));
  BOOST_TEST(!compatible(report->findings));
  bool unreadable = false;
  for (const Finding& finding : report->findings) {
    if (finding.rule != "GOLDEN_PROGRAM_UNREADABLE") continue;
    unreadable = true;
    BOOST_TEST(finding.message.find("xnnpack/v1.5.0-dev/all_members.pte does not load: ExecuTorch 1.4.1 refuses it") == 0u,
               finding.message);
    BOOST_TEST(finding.message.find("scale_buffer_idx is 3") != std::string::npos, finding.message);
  }
  BOOST_TEST(unreadable);
}

BOOST_AUTO_TEST_CASE(every_version_is_frozen_and_covers_every_member_and_storage_kind) {
  for (const XnnpackVersion& version : xnnpack_family().versions()) {
    const std::string name = version.info.name;
    const auto writer = load_schema(family_dir() + "/" + name + "/schema.fbs");
    BOOST_TEST_REQUIRE(writer.ok());
    std::set<std::string> nodes, values, quant_params;
    std::set<std::string> storage;
    bool with_header = false, without_header = false, with_constants = false;
    for (const GoldenEntry& entry : golden_manifest().entries) {
      if (entry.version != name) continue;
      nodes.insert(entry.nodes.begin(), entry.nodes.end());
      storage.insert(delegate_location_name(entry.storage));
      (entry.payload_header ? with_header : without_header) = true;
      const json description = json::parse(read_file(golden_dir() + "/" + entry.description));
      collect_union_types(description, "xvalue_union_type", values);
      collect_union_types(description, "quant_params_type", quant_params);
      const json constants = description.contains("constant_data") ? description["constant_data"] : description["constant_buffer"];
      if (constants.size() > 1) with_constants = true;
    }
    BOOST_TEST((nodes == member_names(*writer, "XNodeUnion")), name);
    BOOST_TEST((values == member_names(*writer, "XValueUnion")), name);
    BOOST_TEST((quant_params == member_names(*writer, "XNNQuantParams")), name);
    BOOST_TEST((storage == std::set<std::string>{"INLINE", "SEGMENT"}), name);
    // Payloads with the XH00 header exist from the first writer with XNNGraph.constant_data on (it is
    // what the header points at); before that, every payload is the bare flatbuffer.
    const Composite* graph = writer->find_composite("fb_xnnpack.XNNGraph");
    const Field* constant_data = graph != nullptr ? graph->find_field("constant_data") : nullptr;
    BOOST_TEST(with_header == (constant_data != nullptr && !constant_data->deprecated), name);
    BOOST_TEST(without_header, name);
    BOOST_TEST(with_constants, name);
  }
}

BOOST_AUTO_TEST_CASE(golden_programs_are_small_and_hashed_as_recorded) {
  for (const GoldenEntry& entry : golden_manifest().entries) {
    const auto bytes = golden_bytes(entry);
    BOOST_TEST(bytes.size() == entry.size, entry.path);
    BOOST_TEST(bytes.size() < 16u * 1024u, entry.path);
    BOOST_TEST(sha256_hex(bytes.data(), bytes.size()).value() == entry.sha256, entry.path);
  }
  // A known vector, so that the digest itself is SHA-256.
  const std::string abc = "abc";
  BOOST_TEST(sha256_hex(reinterpret_cast<const std::uint8_t*>(abc.data()), abc.size()).value() ==
             "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

// The payload as a runtime sees it (decoded from the .pte, constants from the payload) gives the
// manifest's expected outputs from the manifest's inputs.
BOOST_AUTO_TEST_CASE(runnable_programs_reproduce_their_expected_outputs_from_the_file) {
  std::size_t runnable = 0;
  for (const GoldenEntry& entry : golden_manifest().entries) {
    if (!entry.runnable) continue;
    ++runnable;
    const auto bytes = golden_bytes(entry);
    const auto view = read_program(bytes.data(), bytes.size());
    BOOST_TEST_REQUIRE(view.ok());
    const ProgramDelegate delegate = xnnpack_delegate(*view);
    const ReflectedSchema& reader = *xnnpack_family().newest().reader;
    const auto graph = read_xnnpack_graph(reader, delegate.data, delegate.size);
    BOOST_TEST_REQUIRE(graph.ok(), entry.path);
    const auto text = reader.to_json(graph->payload.flatbuffer);
    BOOST_TEST_REQUIRE(text.ok());
    TensorsById inputs;
    for (const GoldenTensorRecord& input : entry.inputs) {
      inputs[input.value_id] = reference::Tensor{input.shape, input.values};
      BOOST_TEST(input.layout == golden_layout_for(input.shape.size()));
    }
    const auto outputs = run_reference_graph(json::parse(*text),
                                             {graph->payload.constant_data, static_cast<std::size_t>(graph->payload.constant_data_size)}, inputs);
    BOOST_TEST_REQUIRE(outputs.ok(), entry.path << ": " << (outputs.ok() ? "" : outputs.error().message));
    BOOST_TEST_REQUIRE(outputs->size() == entry.expected_outputs.size());
    for (const GoldenTensorRecord& expected : entry.expected_outputs) {
      const reference::Tensor& actual = outputs->at(expected.value_id);
      BOOST_TEST((actual.dims == expected.shape), entry.path);
      BOOST_TEST_REQUIRE(actual.values.size() == expected.values.size());
      for (std::size_t i = 0; i < actual.values.size(); ++i) {
        BOOST_TEST(reference::close_enough(expected.values[i], actual.values[i]), entry.path << "[" << i << "]");
      }
    }
  }
  // Three networks per version, four in the newest, each twice: as frozen first, and as exported.
  BOOST_TEST(runnable == 2u * (6u * 3u + 4u));
}

BOOST_AUTO_TEST_CASE(upsample_program_is_a_nearest_neighbour_upsample) {
  // The upsample needs XNNDepthToSpace2d: a program of the newest version, the one after v1.1.0.
  const GoldenEntry* entry = golden_manifest().find(newest_golden("upsample_nearest_x2.pte"));
  BOOST_TEST_REQUIRE(entry != nullptr);
  const std::vector<std::string> nodes{"XNNConcatenate4", "XNNDepthToSpace2d", "XNNConv2d"};
  BOOST_TEST(entry->nodes == nodes, boost::test_tools::per_element());
  const GoldenTensorRecord& input = entry->inputs.at(0);
  BOOST_TEST((input.shape == std::vector<std::size_t>{1, 3, 3, 2}));
  const auto upsampled = std::find_if(entry->expected_outputs.begin(), entry->expected_outputs.end(),
                                      [](const GoldenTensorRecord& t) { return t.shape == std::vector<std::size_t>{1, 6, 6, 2}; });
  BOOST_TEST_REQUIRE((upsampled != entry->expected_outputs.end()));
  for (std::size_t y = 0; y < 6; ++y) {
    for (std::size_t x = 0; x < 6; ++x) {
      for (std::size_t c = 0; c < 2; ++c) {
        BOOST_TEST(upsampled->values[(y * 6 + x) * 2 + c] == input.values[((y / 2) * 3 + x / 2) * 2 + c]);
      }
    }
  }
  // Older versions have no depth-to-space, so no upsample program.
  BOOST_TEST(golden_manifest().find("xnnpack/v1.1.0/upsample_nearest_x2.pte") == nullptr);
}

BOOST_AUTO_TEST_CASE(a_changed_golden_program_is_reported) {
  Scratch scratch;
  const std::string path = scratch.golden + "/xnnpack/v0.4.0/mlp.pte";
  std::string bytes = read_file(path);
  bytes[bytes.size() - 20] ^= 0x40;  // a constant's bits: still a valid program
  write_text(path, bytes);
  const auto report = scratch.verify();
  BOOST_TEST(count_rule(report.findings, "GOLDEN_SHA256_CHANGED") == 1u);
  BOOST_TEST(!compatible(report.findings));
  const auto cli = run_cli({"golden", "verify", scratch.golden, "--schemas", scratch.schemas});
  BOOST_TEST(cli.exit_code == 1);
  BOOST_TEST(cli.out.find("[GOLDEN_SHA256_CHANGED]") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_member_inserted_mid_union_decodes_old_programs_as_other_nodes) {
  Scratch scratch;
  // Inserted in the newest reader: every program read with it decodes the members after XNNAdd wrongly.
  replace_once(scratch.schemas + "/" + newest_version() + "/runtime_schema.fbs", "  XNNAdd: _XNNNode2x1,",
               "  XNNFoo: _XNNNode2x1,\n  XNNAdd: _XNNNode2x1,");
  const auto report = scratch.verify();
  const std::size_t misdecoded = count_rule(report.findings, "GOLDEN_NODE_DECODES_DIFFERENTLY");
  BOOST_TEST(misdecoded > 50u);
  bool named = false;
  for (const Finding& finding : report.findings) {
    if (finding.rule == "GOLDEN_NODE_DECODES_DIFFERENTLY" && finding.subject == "fb_xnnpack.XNodeUnion.XNNFullyConnected" &&
        finding.message.find("decodes as XNNAdd") != std::string::npos &&
        finding.message.find(newest_version() + " reader") != std::string::npos) {
      named = true;
    }
  }
  BOOST_TEST(named);
}

BOOST_AUTO_TEST_CASE(swapped_fields_change_recorded_values) {
  Scratch scratch;
  replace_once(scratch.schemas + "/v1.1.0/runtime_schema.fbs", "table _XNNNode2x1 {\n  input1_id:uint;\n  input2_id:uint;",
               "table _XNNNode2x1 {\n  input2_id:uint;\n  input1_id:uint;");
  const auto report = scratch.verify();
  const std::size_t changed = count_rule(report.findings, "GOLDEN_FIELD_VALUE_CHANGED");
  BOOST_TEST(changed > 5u);
  for (const Finding& finding : report.findings) {
    if (finding.rule != "GOLDEN_FIELD_VALUE_CHANGED") continue;
    BOOST_TEST(finding.message.find("v1.1.0 reader") != std::string::npos);
    BOOST_TEST(finding.message.find("input1_id") != std::string::npos);
  }
}

// Golden verify keeps a reader's comparison for the readers after it that only add to it: a change in
// the newest reader alone must still be found in every program the readers before it read cleanly.
BOOST_AUTO_TEST_CASE(a_change_in_the_newest_reader_is_found_after_readers_that_only_add) {
  Scratch scratch;
  replace_once(scratch.schemas + "/" + newest_version() + "/runtime_schema.fbs",
               "table _XNNNode2x1 {\n  input1_id:uint;\n  input2_id:uint;", "table _XNNNode2x1 {\n  input2_id:uint;\n  input1_id:uint;");
  const auto report = scratch.verify();
  std::set<std::string> versions;
  for (const Finding& finding : report.findings) {
    if (finding.rule != "GOLDEN_FIELD_VALUE_CHANGED") continue;
    BOOST_TEST(finding.message.find(newest_version() + " reader") != std::string::npos, finding.message);
    for (const char* version : {"v0.4.0", "v0.6.0", "v1.1.0"}) {
      if (finding.message.find(std::string("(written by ") + version + ")") != std::string::npos) versions.insert(version);
    }
  }
  BOOST_TEST(versions.size() == 3u);
  BOOST_TEST(worded(report) == worded(scratch.verify_comparing_every_reading()), boost::test_tools::per_element());
}

// A value the earlier reader has no name for is rendered as a number; a later reader that names it
// renders the name, so the earlier comparison does not hold for it, however much the later one only adds.
BOOST_AUTO_TEST_CASE(a_value_a_later_reader_names_is_compared_again) {
  Scratch scratch;
  std::string description = read_file(scratch.golden + "/xnnpack/v1.1.0/all_members.json");
  for (auto at = description.find("\"xnn_datatype_qint8\""); at != std::string::npos;
       at = description.find("\"xnn_datatype_qint8\"")) {
    description.replace(at, std::string("\"xnn_datatype_qint8\"").size(), "3");
  }
  write_text(scratch.golden + "/xnnpack/v1.1.0/all_members.json", description);
  replace_once(scratch.schemas + "/v1.1.0/runtime_schema.fbs", "  xnn_datatype_qint8,     // 3\n  xnn_datatype_quint8,",
               "  xnn_datatype_quint8 = 4,");
  const auto report = scratch.verify();
  bool named_again = false;
  for (const Finding& finding : report.findings) {
    if (finding.rule != "GOLDEN_FIELD_VALUE_CHANGED") continue;
    const bool v1_1_0_program = finding.message.find("(written by v1.1.0)") != std::string::npos;
    const bool newest_reader = finding.message.find(newest_version() + " reader") != std::string::npos;
    BOOST_TEST((!v1_1_0_program || newest_reader), finding.message);
    if (finding.message.find("xnnpack/v1.1.0/all_members.pte (written by v1.1.0)") != std::string::npos &&
        finding.message.find("recorded 3, reads \"xnn_datatype_qint8\"") != std::string::npos) {
      named_again = true;
    }
  }
  BOOST_TEST(named_again);
  BOOST_TEST(worded(report) == worded(scratch.verify_comparing_every_reading()), boost::test_tools::per_element());
}

// A name put before an existing value's in the newest reader: every program read with it now reads that
// value under the new name, though the newest keeps every value the reader before it has.
BOOST_AUTO_TEST_CASE(a_name_put_before_an_existing_value_is_found_after_readers_that_only_add) {
  Scratch scratch;
  replace_once(scratch.schemas + "/" + newest_version() + "/runtime_schema.fbs", "  xnn_datatype_fp32,",
               "  xnn_datatype_f32 = 1,\n  xnn_datatype_fp32 = 1,");
  const auto report = scratch.verify();
  std::size_t renamed = 0;
  for (const Finding& finding : report.findings) {
    if (finding.rule == "GOLDEN_FIELD_VALUE_CHANGED" &&
        finding.message.find("recorded \"xnn_datatype_fp32\", reads \"xnn_datatype_f32\"") != std::string::npos) {
      ++renamed;
    }
  }
  BOOST_TEST(renamed == report.programs);
  BOOST_TEST(worded(report) == worded(scratch.verify_comparing_every_reading()), boost::test_tools::per_element());
}

// A description that is not JSON is named with the place where it stops being JSON (a missing comma,
// bytes that are not UTF-8), and one whose root is not an object as describing nothing; one nested
// deeper than a recursive parser's stack is read and compared. The other programs are still checked.
BOOST_AUTO_TEST_CASE(a_description_that_is_not_json_is_reported_where_it_stops_being_json) {
  Scratch scratch;
  const std::string mlp = scratch.golden + "/xnnpack/v0.7.0/mlp.json";
  replace_once(mlp, "      \"offset\": 0,\n      \"size\": 0", "      \"offset\": 0\n      \"size\": 0");
  write_text(scratch.golden + "/xnnpack/v0.7.0/elementwise.json", "[" + read_file(scratch.golden + "/xnnpack/v0.7.0/elementwise.json") + "]");
  // Nested deeper than a recursive parser's stack allows: JSON, but not this payload's.
  write_text(scratch.golden + "/xnnpack/v0.6.0/elementwise.json",
             "{\"xnodes\": " + std::string(1'000'000, '[') + std::string(1'000'000, ']') + "}");
  replace_once(scratch.golden + "/xnnpack/v0.6.0/mlp.json", "\"xnn_datatype_fp32\"", "\"xnn_datatype_\xff\"");
  const auto report = scratch.verify();
  std::vector<std::string> unparsed;
  for (const Finding& finding : report.findings) {
    if (finding.rule == "GOLDEN_FILE_MISSING") unparsed.push_back(finding.file + ": " + finding.message);
  }
  BOOST_TEST_REQUIRE(unparsed.size() == 3u);
  std::sort(unparsed.begin(), unparsed.end());
  BOOST_TEST(unparsed[0] == scratch.golden + "/xnnpack/v0.6.0/mlp.json: the JSON description xnnpack/v0.6.0/mlp.json cannot "
                            "be read: not JSON at line 83, column 35: Invalid encoding in string.");
  BOOST_TEST(unparsed[1] == scratch.golden + "/xnnpack/v0.7.0/elementwise.json: the JSON description "
                            "xnnpack/v0.7.0/elementwise.json cannot be read: its root is not a JSON object, so it describes "
                            "no payload (a description is the payload's root table)");
  BOOST_TEST(unparsed[2] == scratch.golden + "/xnnpack/v0.7.0/mlp.json: the JSON description xnnpack/v0.7.0/mlp.json cannot "
                            "be read: not JSON at line 5, column 7: Missing a comma or '}' after an object member.");
  std::vector<std::string> changed;
  for (const Finding& finding : report.findings) {
    if (finding.rule == "GOLDEN_FIELD_VALUE_CHANGED") changed.push_back(finding.message);
  }
  BOOST_TEST(changed.size() == 4u);  // one for each reader from v0.6.0 on
  for (const std::string& message : changed) {
    BOOST_TEST(message.find("xnnpack/v0.6.0/elementwise.pte (written by v0.6.0) reads differently") == 0u, message);
    BOOST_TEST(message.find("1 field value(s): XNNGraph.xnodes: recorded an array of 1 element, reads an array of ") !=
                   std::string::npos,
               message);
  }
  BOOST_TEST(report.programs == scratch.verify_comparing_every_reading().programs);
}

// RapidJSON keeps every member of a duplicated key, nlohmann the last: the comparison on the buffer
// proves nothing unless every one is the same, and the comparison that words differences reads the last,
// as before. A key with a NUL in it names no field either way.
BOOST_AUTO_TEST_CASE(duplicated_keys_and_keys_with_a_nul_are_judged_as_the_json_comparison_judges_them) {
  Scratch scratch;
  const std::string conv = scratch.golden + "/xnnpack/v1.1.0/conv_pool_fc.json";
  replace_once(conv, "        \"padding_top\": 1,", "        \"padding_top\": 1,\n        \"padding_top\": 7,");
  replace_once(conv, "        \"padding_top\": 0,", "        \"padding_top\\u0000\": 0,");
  const auto report = scratch.verify();
  std::vector<std::string> changed;
  for (const Finding& finding : report.findings) {
    if (finding.rule == "GOLDEN_FIELD_VALUE_CHANGED") changed.push_back(finding.message);
  }
  BOOST_TEST_REQUIRE(!changed.empty());
  for (const std::string& message : changed) {
    BOOST_TEST(message.find("xnnpack/v1.1.0/conv_pool_fc.pte (written by v1.1.0)") != std::string::npos, message);
    BOOST_TEST(message.find("padding_top: recorded 7, reads 1") != std::string::npos, message);
    BOOST_TEST(message.find("xnode_union.\"padding_top\\x00\": the reader has no field _XNNPooling2D.\"padding_top\\x00\"") !=
                   std::string::npos,
               message);
  }
  BOOST_TEST(worded(report) == worded(scratch.verify_comparing_every_reading()), boost::test_tools::per_element());
}

// Programs are checked on several threads and their findings merged in manifest order: the report is
// the same, finding for finding, on one thread and on many, whatever finishes first.
BOOST_AUTO_TEST_CASE(the_report_is_the_same_on_one_thread_and_on_many) {
  Scratch scratch;
  replace_once(scratch.schemas + "/v1.1.0/runtime_schema.fbs", "table _XNNNode2x1 {\n  input1_id:uint;\n  input2_id:uint;",
               "table _XNNNode2x1 {\n  input2_id:uint;\n  input1_id:uint;");
  replace_once(scratch.golden + "/xnnpack/v0.7.0/mlp.json", "      \"offset\": 0,\n      \"size\": 0", "      \"offset\": 0\n      \"size\": 0");
  std::filesystem::copy_file(scratch.golden + "/xnnpack/v0.7.0/mlp.pte", scratch.golden + "/xnnpack/v0.7.0/stray.pte");
  const auto verify_on = [&](unsigned threads) {
    GoldenVerifyOptions options;
    options.golden_dir = scratch.golden;
    options.family_dir = scratch.schemas;
    options.threads = threads;
    auto report = verify_golden(options);
    BOOST_TEST_REQUIRE(report.ok(), (report.ok() ? "" : report.error().to_string()));
    return std::move(report.value());
  };
  const GoldenVerifyReport one = verify_on(1);
  BOOST_TEST(count_rule(one.findings, "GOLDEN_FIELD_VALUE_CHANGED") > 5u);
  BOOST_TEST(count_rule(one.findings, "GOLDEN_FILE_MISSING") == 1u);
  BOOST_TEST(count_rule(one.findings, "GOLDEN_FILE_UNRECORDED") == 1u);
  BOOST_TEST(count_rule(one.findings, "GOLDEN_PROGRAM_REFUSED_BY_RELEASE") > 0u);
  for (const unsigned threads : {0u, 2u, 7u}) {
    const GoldenVerifyReport many = verify_on(threads);
    BOOST_TEST(many.programs == one.programs);
    BOOST_TEST(many.readings == one.readings);
    BOOST_TEST(worded(many) == worded(one), boost::test_tools::per_element());
  }
}

// A description past the golden-file-size limit is not parsed; the other programs are still checked.
BOOST_AUTO_TEST_CASE(a_description_past_the_golden_file_size_limit_is_not_read) {
  Scratch scratch;
  const std::string mlp = scratch.golden + "/xnnpack/v0.7.0/mlp.json";
  write_text(mlp, read_file(mlp) + std::string(120'000, ' '));
  GoldenVerifyOptions options;
  options.golden_dir = scratch.golden;
  options.family_dir = scratch.schemas;
  options.max_golden_file_bytes = 100'000;  // above the manifest's size, below the padded description's
  const auto report = verify_golden(options);
  BOOST_TEST_REQUIRE(report.ok(), (report.ok() ? "" : report.error().to_string()));
  std::vector<std::string> missing;
  for (const Finding& finding : report->findings) {
    if (finding.rule == "GOLDEN_FILE_MISSING") missing.push_back(finding.message);
  }
  BOOST_TEST_REQUIRE(missing.size() == 1u);
  BOOST_TEST(missing[0].find("the JSON description xnnpack/v0.7.0/mlp.json cannot be read: the file is ") == 0u, missing[0]);
  BOOST_TEST(missing[0].find("above the golden-file-size limit of 100000") != std::string::npos, missing[0]);
  BOOST_TEST(count_rule(report->findings, "GOLDEN_FIELD_VALUE_CHANGED") == 0u);
}

// Golden files are opened without a stat when the listing of the directory found them regular; one that
// is not a regular file (a FIFO, which opening could free a waiting writer of, or a directory) is never
// read and is named as such, and a missing one as missing. The other programs are still checked.
BOOST_AUTO_TEST_CASE(golden_files_that_are_not_regular_files_are_named_and_not_read) {
  Scratch scratch;
  const std::string program = scratch.golden + "/xnnpack/v0.7.0/mlp.pte";
  const std::string description = scratch.golden + "/xnnpack/v0.6.0/mlp.json";
  std::filesystem::remove(program);
  BOOST_TEST_REQUIRE(::mkfifo(program.c_str(), 0600) == 0);
  std::filesystem::remove(description);
  std::filesystem::create_directory(description);
  std::filesystem::remove(scratch.golden + "/xnnpack/v0.4.0/mlp.pte");
  const auto report = scratch.verify();
  std::vector<std::string> missing;
  for (const Finding& finding : report.findings) {
    if (finding.rule == "GOLDEN_FILE_MISSING") missing.push_back(finding.message);
  }
  std::sort(missing.begin(), missing.end());
  BOOST_TEST_REQUIRE(missing.size() == 3u);
  BOOST_TEST(missing[0] == "the JSON description of xnnpack/v0.6.0/mlp.pte (xnnpack/v0.6.0/mlp.json) is missing, so its "
                           "field values cannot be checked");
  BOOST_TEST(missing[1] == "xnnpack/v0.4.0/mlp.pte cannot be read: cannot open: No such file or directory");
  BOOST_TEST(missing[2] == "xnnpack/v0.7.0/mlp.pte cannot be read: not a regular file");
  BOOST_TEST(report.programs == golden_manifest().entries.size());
}

// The directory is searched while the manifest is read: a link that loops is passed over, and a
// manifest that cannot be read is the error, with a link like that beside it or not.
BOOST_AUTO_TEST_CASE(a_looping_link_in_the_golden_directory_is_passed_over) {
  Scratch scratch;
  std::filesystem::create_symlink("loop.pte", scratch.golden + "/xnnpack/loop.pte");
  const auto report = scratch.verify();
  BOOST_TEST(report.programs == golden_manifest().entries.size());
  BOOST_TEST(count_rule(report.findings, "GOLDEN_FILE_UNRECORDED") == 0u);
  write_text(scratch.golden + "/MANIFEST.json", "{\"format\": 1, \"programs\": ");
  GoldenVerifyOptions options;
  options.golden_dir = scratch.golden;
  options.family_dir = scratch.schemas;
  for (const unsigned threads : {1u, 2u}) {
    options.threads = threads;
    const auto broken = verify_golden(options);
    BOOST_TEST_REQUIRE(!broken.ok());
    BOOST_TEST(broken.error().message.find("not valid JSON") == 0u, broken.error().to_string());
  }
}

// The root table is read through by every comparison: a change to it in the newest reader alone must
// be compared again in every program, however much the readers before only add.
BOOST_AUTO_TEST_CASE(a_change_to_the_root_table_is_compared_again_in_every_program) {
  Scratch scratch;
  replace_once(scratch.schemas + "/" + newest_version() + "/runtime_schema.fbs", "  input_ids:[uint];\n  output_ids:[uint];",
               "  output_ids:[uint];\n  input_ids:[uint];");
  const auto report = scratch.verify();
  std::set<std::string> programs;
  for (const Finding& finding : report.findings) {
    if (finding.rule != "GOLDEN_FIELD_VALUE_CHANGED") continue;
    BOOST_TEST(finding.message.find(newest_version() + " reader") != std::string::npos, finding.message);
    programs.insert(finding.message.substr(0, finding.message.find(' ')));
  }
  BOOST_TEST(programs.size() == report.programs);
  BOOST_TEST(worded(report) == worded(scratch.verify_comparing_every_reading()), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_reader_that_drops_an_identifier_or_a_type_is_reported) {
  Scratch scratch;
  // The newest reader stops accepting XN00, and v1.1.0's reads a tensor's dims as a table.
  replace_once(scratch.schemas + "/manifest.toml", "reader_identifiers = [\"XN00\", \"XN01\"]", "reader_identifiers = [\"XN01\"]",
               "name = \"" + newest_version() + "\"\n");
  replace_once(scratch.schemas + "/v1.1.0/runtime_schema.fbs", "  dims:[uint];", "  dims:PerTensorQuant;");
  const auto report = scratch.verify();
  // Only the v0.1.0 programs carry XN00: four frozen first, three as 0.1.0's exporter wrote them.
  BOOST_TEST(count_rule(report.findings, "GOLDEN_IDENTIFIER_REJECTED") == 7u);
  BOOST_TEST(count_rule(report.findings, "GOLDEN_VERIFY_FAILED") > 0u);
}

BOOST_AUTO_TEST_CASE(missing_and_unrecorded_files_and_unfrozen_versions_are_reported) {
  Scratch scratch;
  std::filesystem::remove(scratch.golden + "/xnnpack/v0.7.0/elementwise.json");
  std::filesystem::copy_file(scratch.golden + "/xnnpack/v0.7.0/mlp.pte", scratch.golden + "/xnnpack/v0.7.0/stray.pte");
  // A version after the newest, without golden programs.
  std::filesystem::copy(scratch.schemas + "/" + newest_version(), scratch.schemas + "/v1.6.0");
  write_text(scratch.schemas + "/manifest.toml", read_file(scratch.schemas + "/manifest.toml") +
                                                    "\n[[version]]\nname = \"v1.6.0\"\nreleases = []\nwriter_identifier = \"XN01\"\n"
                                                    "reader_identifiers = [\"XN00\", \"XN01\"]\n");
  const auto report = scratch.verify();
  BOOST_TEST(count_rule(report.findings, "GOLDEN_FILE_MISSING") == 1u);
  BOOST_TEST(count_rule(report.findings, "GOLDEN_FILE_UNRECORDED") == 1u);
  BOOST_TEST(count_rule(report.findings, "GOLDEN_VERSION_NOT_FROZEN") == 1u);
}

BOOST_AUTO_TEST_CASE(freeze_never_overwrites_and_only_appends_to_the_manifest) {
  Scratch scratch;
  // The top-level manifest is frozen history; the family's own manifest is the one a freeze adds to.
  const std::string top_before = read_file(scratch.golden + "/MANIFEST.json");
  const std::string manifest_before = read_file(scratch.golden + "/xnnpack/MANIFEST.json");
  const std::string program_before = read_file(scratch.golden + "/xnnpack/v1.1.0/mlp.pte");
  const auto again = run_cli({"golden", "freeze", scratch.golden, "--version", "v1.1.0", "--schemas", scratch.schemas});
  BOOST_TEST(again.exit_code == 2);
  BOOST_TEST(again.err.find("already frozen") != std::string::npos);
  BOOST_TEST(read_file(scratch.golden + "/xnnpack/MANIFEST.json") == manifest_before);
  BOOST_TEST(read_file(scratch.golden + "/xnnpack/v1.1.0/mlp.pte") == program_before);

  // A new version (after the newest) whose directory already holds a file of the same name: refused,
  // nothing written.
  std::filesystem::copy(scratch.schemas + "/" + newest_version(), scratch.schemas + "/v1.6.0");
  write_text(scratch.schemas + "/manifest.toml", read_file(scratch.schemas + "/manifest.toml") +
                                                    "\n[[version]]\nname = \"v1.6.0\"\nreleases = []\nwriter_identifier = \"XN01\"\n"
                                                    "reader_identifiers = [\"XN00\", \"XN01\"]\n");
  std::filesystem::create_directories(scratch.golden + "/xnnpack/v1.6.0");
  write_text(scratch.golden + "/xnnpack/v1.6.0/mlp.pte", "not mine");
  const auto blocked = run_cli({"golden", "freeze", scratch.golden, "--version", "v1.6.0", "--schemas", scratch.schemas});
  BOOST_TEST(blocked.exit_code == 2);
  BOOST_TEST(blocked.err.find("never overwrites") != std::string::npos);
  BOOST_TEST(read_file(scratch.golden + "/xnnpack/v1.6.0/mlp.pte") == "not mine");
  BOOST_TEST(!std::filesystem::exists(scratch.golden + "/xnnpack/v1.6.0/conv_pool_fc.pte"));
  BOOST_TEST(read_file(scratch.golden + "/xnnpack/MANIFEST.json") == manifest_before);

  std::filesystem::remove(scratch.golden + "/xnnpack/v1.6.0/mlp.pte");
  const auto frozen = run_cli({"golden", "freeze", scratch.golden, "--version", "v1.6.0", "--schemas", scratch.schemas});
  BOOST_TEST_REQUIRE(frozen.exit_code == 0, frozen.err);
  const std::string manifest_after = read_file(scratch.golden + "/xnnpack/MANIFEST.json");
  // Every old line is still there, unchanged and in order, before the new ones (paths relative to it).
  const std::string old_body = manifest_before.substr(0, manifest_before.rfind("\n}}"));
  BOOST_TEST(manifest_after.rfind(old_body, 0) == 0u);
  BOOST_TEST(manifest_after.find("\"v1.6.0/upsample_nearest_x2.pte\"") != std::string::npos);
  BOOST_TEST(read_file(scratch.golden + "/MANIFEST.json") == top_before);
  const auto verified = run_cli({"golden", "verify", scratch.golden, "--schemas", scratch.schemas, "--format", "json"});
  BOOST_TEST(verified.exit_code == 0, verified.out);
  const json report = json::parse(verified.out);
  BOOST_TEST(report.at("compatible").get<bool>());
}

BOOST_AUTO_TEST_CASE(golden_rules_are_registered_with_pages) {
  std::size_t golden_rules = 0;
  for (const RuleInfo& rule : all_rules()) {
    if (rule.scope != RuleScope::Golden && rule.scope != RuleScope::GoldenRun) continue;
    ++golden_rules;
    const std::string page(rule_page(rule.id));
    BOOST_TEST(page.rfind("# " + std::string(rule.id), 0) == 0u, rule.id);
    BOOST_TEST(page.find("## Why it matters") != std::string::npos, rule.id);
  }
  BOOST_TEST(golden_rules == 17u);
}

// A manifest that cannot be read is refused with the entry and the member at fault (or, for text that
// is not JSON, the line and column), never read in part or with a default in place of a wrong value.
BOOST_AUTO_TEST_CASE(a_manifest_that_cannot_be_read_names_the_entry_and_the_reason) {
  const std::string bundled = read_file(golden_dir() + "/MANIFEST.json");
  const std::string first = "xnnpack/v0.1.0/all_members.pte";
  // Every member is read: written again, the bundled manifest is the same text.
  const auto loaded = load_golden_manifest(golden_dir() + "/MANIFEST.json");
  BOOST_TEST_REQUIRE(loaded.ok());
  BOOST_TEST(golden_manifest_json(*loaded) == bundled);
  // A whole number written with a point is a whole number, as nlohmann read it.
  {
    TempDir dir;
    std::string text = bundled;
    text.replace(text.find("\"size\":3488"), 11, "\"size\":3488.0");
    write_text(dir.path() + "/MANIFEST.json", text);
    const auto pointed = load_golden_manifest(dir.path() + "/MANIFEST.json");
    BOOST_TEST_REQUIRE(pointed.ok(), (pointed.ok() ? "" : pointed.error().to_string()));
    BOOST_TEST(pointed->find(first)->size == 3488u);
    // Past the golden-file-size limit, nothing is parsed.
    const auto limited = load_golden_manifest(dir.path() + "/MANIFEST.json", 1000);
    BOOST_TEST_REQUIRE(!limited.ok());
    BOOST_TEST(limited.error().message.find("above the golden-file-size limit of 1000") != std::string::npos,
               limited.error().message);
  }
  const std::string conv = "xnnpack/v0.1.0/conv_pool_fc.pte";
  const auto first_line = bundled.substr(bundled.find('\n') + 1, bundled.find('\n', bundled.find('\n') + 1) - bundled.find('\n') - 1);
  struct Case {
    std::string from, to, expected;
  };
  const std::vector<Case> cases = {
      {"\"version\":\"v0.1.0\",", "", "entry " + first + ": \"version\" is missing"},
      {"\"size\":3488", "\"size\":-1", "entry " + first + ": \"size\" must be an unsigned integer"},
      {"\"runnable\":false,\"sha256\":\"98b1f6b4", "\"runnable\":\"no\",\"sha256\":\"98b1f6b4",
       "entry " + first + ": \"runnable\" must be true or false"},
      {"\"nodes\":[\"XNNAdd\"", "\"nodes\":[1", "entry " + first + ": \"nodes\" must be an array of strings"},
      {"\"shape\":[1,1,1,3]", "\"shape\":[1,\"1\",1,3]", "entry " + conv + ": expected_outputs[0]: \"shape\" must be an array of unsigned integers"},
      {"\"value_id\":12,", "\"value_id\":4294967296,", "entry " + conv + ": expected_outputs[0]: \"value_id\" must be an unsigned 32-bit integer"},
      {"\"format\": 1", "\"format\": 2", "unknown manifest format (expected \"format\": 1)"},
      {first_line, first_line + "\n, " + first_line.substr(2), "entry " + first + " is listed twice"},
      {"\"programs\": {", "\"programs\": {{", "not valid JSON: Missing a name for object member."},
      {"\"version\":\"v0.1.0\",", "\"version\":\"v0.1.0\",\"version\":\"v9.9.9\",", "entry " + first + ": \"version\" is given twice"},
      {"\"format\": 1,", "\"format\": 1, \"format\": 2,", "\"format\" is given twice"},
      {"\"relative\":", "\"relative\":1,\"relative\":", "entry " + conv + ": tolerance: \"relative\" is given twice"},
  };
  for (const Case& c : cases) {
    TempDir dir;
    std::string text = bundled;
    const auto at = text.find(c.from);
    BOOST_TEST_REQUIRE(at != std::string::npos, c.from);
    text.replace(at, c.from.size(), c.to);
    write_text(dir.path() + "/MANIFEST.json", text);
    const auto manifest = load_golden_manifest(dir.path() + "/MANIFEST.json");
    BOOST_TEST_REQUIRE(!manifest.ok(), c.expected);
    BOOST_TEST(manifest.error().message == c.expected);
    BOOST_TEST(manifest.error().file == dir.path() + "/MANIFEST.json");
    if (c.expected == "not valid JSON: Missing a name for object member.") {
      BOOST_TEST(manifest.error().line == 1u);
      BOOST_TEST(manifest.error().column == 28u);  // the second '{'
    }
  }
}

BOOST_AUTO_TEST_CASE(verify_without_a_manifest_is_bad_input) {
  TempDir empty;
  const auto cli = run_cli({"golden", "verify", empty.path(), "--schemas", family_dir()});
  BOOST_TEST(cli.exit_code == 2);
  BOOST_TEST(cli.err.find("MANIFEST.json") != std::string::npos);
  BOOST_TEST(cli.out.empty());
}

BOOST_AUTO_TEST_SUITE_END()
