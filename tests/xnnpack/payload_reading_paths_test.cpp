// The fast way of reading XNNPACK payloads (each version's reader compiled by flatc, comparisons on the
// buffer instead of JSON text) against reflection alone: the same inspection, readings, recorded-field
// comparisons and golden verify findings, on every golden program of every version, on mutated payloads,
// and with a family directory whose schema was changed (which falls back to reflection for that version).
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "fbcompat/executorch/program_inspection.h"
#include "fbcompat/release/golden_verify.h"
#include "fbcompat/xnnpack/delegate.h"
#include "fbcompat/xnnpack/graph.h"
#include "payload/compiled_reader.h"
#include "support/golden_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

std::unique_ptr<DelegateFamily> delegate_family(const std::string& dir, PayloadReadingPath path) {
  auto loaded = xnnpack::load_delegate_family(dir, path);
  BOOST_TEST_REQUIRE(loaded.ok(), (loaded.ok() ? "" : loaded.error().to_string()));
  return std::move(loaded.value());
}

std::string described(const Expected<PayloadInspection>& inspection) {
  if (!inspection) return "error: " + inspection.error().message;
  const PayloadInspection& x = *inspection;
  std::string text = fmt::format("{} {} {} {} {} {} decoded={} with={} nodes={} values={} earliest={} {}", x.identifier,
                                 x.header_name, x.has_header, x.flatbuffer_size, x.constant_data_size,
                                 x.constant_buffer_bytes, x.decoded, x.decoded_with, x.node_count, x.value_count,
                                 x.earliest_version.value_or("none"), x.earliest_release);
  for (const auto& [name, count] : x.nodes_by_name) text += fmt::format(" {}x{}", count, name);
  return text;
}

std::string described(const Expected<PayloadReading>& reading) {
  if (!reading) return "error: " + reading.error().message;
  std::string text = fmt::format("{} accepted={} refused={}", reading->identifier, reading->identifier_accepted,
                                 reading->refused.value_or("no"));
  for (const PayloadNode& node : reading->nodes) text += fmt::format(" {}:{}", node.type_id, node.name);
  return text;
}

std::string described(const Expected<RecordedFields>& fields) {
  if (!fields) return "error: " + fields.error().message;
  return fmt::format("changed [{}] no longer read [{}]", fmt::join(fields->changed, "; "), fmt::join(fields->no_longer_read, "; "));
}

// Coverage programs are refused by the delegate's own checks: the refusal must be the same too.
std::string described(const Expected<ProgramInspection>& inspection) {
  return inspection ? format_inspection_json(*inspection) : "error: " + inspection.error().message;
}

std::string described(const Expected<GoldenVerifyReport>& report) {
  if (!report) return "error: " + report.error().message;
  std::string text = fmt::format("{} programs, {} readings\n", report->programs, report->readings);
  for (const Finding& finding : report->findings) {
    text += fmt::format("{} {} {} | {} | {}\n", finding.rule, finding.subject, finding.file, finding.message, finding.fix);
  }
  return text;
}

std::unique_ptr<RecordedDescription> description_of(const DelegateFamily& family, const GoldenEntry& entry) {
  std::ifstream in(golden_dir() + "/" + entry.description, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  auto parsed = family.read_description(text.str());
  BOOST_TEST_REQUIRE(parsed.ok(), (parsed.ok() ? "" : parsed.error().to_string()));
  return std::move(parsed.value());
}

// Both families read the payload alike: inspection, and each version's reading and field comparison.
void same_reading(const DelegateFamily& fast, const DelegateFamily& reflection, const std::vector<std::uint8_t>& payload,
                  const RecordedDescription& description, const std::string& what) {
  const BufferLimits limits;
  BOOST_TEST(described(fast.inspect_payload(payload.data(), payload.size(), limits)) ==
                 described(reflection.inspect_payload(payload.data(), payload.size(), limits)),
             what);
  // Read by every reader at once, as golden verify reads, it reads as each reader alone reads it, at
  // the default limits and at limits the payload exceeds.
  for (const BufferLimits& at : {limits, BufferLimits{2, 1000000}, BufferLimits{64, 3}}) {
    const auto all = fast.read_payload_from(0, payload.data(), payload.size(), at);
    for (std::size_t v = 0; v < fast.manifest().versions.size(); ++v) {
      const auto alone = fast.read_payload(v, payload.data(), payload.size(), at);
      const std::string together = all ? (v < all->size() ? described(Expected<PayloadReading>((*all)[v])) : "missing")
                                       : described(Expected<PayloadReading>(all.error()));
      BOOST_TEST(together == described(alone), what << " read by version " << v << " with every reader");
    }
  }
  // The verdict at the given limits is shared between readers, not the retries that name the limit.
  const std::size_t newest = fast.manifest().versions.size() - 1;
  const auto read_by_newest = fast.read_payload(newest, payload.data(), payload.size(), limits);
  if (read_by_newest.ok() && !read_by_newest->refused) {
    const auto shallow = fast.read_payload(newest, payload.data(), payload.size(), {2, 1000000});
    BOOST_TEST_REQUIRE(shallow.ok());
    BOOST_TEST(shallow->refused.value_or("").find("tables nest more than 2 deep, the nesting-depth limit") != std::string::npos,
               what << ": " << shallow->refused.value_or("read"));
  }
  for (std::size_t v = 0; v < fast.manifest().versions.size(); ++v) {
    const auto fast_reading = fast.read_payload(v, payload.data(), payload.size(), limits);
    const auto reflection_reading = reflection.read_payload(v, payload.data(), payload.size(), limits);
    BOOST_TEST(described(fast_reading) == described(reflection_reading), what << " read by version " << v);
    if (!fast_reading || fast_reading->refused || !reflection_reading || reflection_reading->refused) continue;
    BOOST_TEST(described(fast.compare_recorded_fields(v, payload.data(), payload.size(), description)) ==
                   described(reflection.compare_recorded_fields(v, payload.data(), payload.size(), description)),
               what << " compared by version " << v);
  }
}

std::vector<std::uint8_t> payload_of(const std::vector<std::uint8_t>& program) {
  auto view = read_program(program.data(), program.size());
  BOOST_TEST_REQUIRE(view.ok());
  const ProgramDelegate delegate = xnnpack_delegate(*view);
  return std::vector<std::uint8_t>(delegate.data, delegate.data + delegate.size);
}

// Where the first node's union type id is, found by the newest reader's reflection schema.
std::size_t first_node_type_offset(const std::vector<std::uint8_t>& payload) {
  const XnnpackVersion& newest = xnnpack_family().newest();
  const auto split = split_xnnpack_payload(payload.data(), payload.size());
  BOOST_TEST_REQUIRE(split.ok());
  const reflection::Schema& schema = newest.reader->schema();
  const reflection::Field& xnodes = *newest.reader->root().fields()->LookupByKey("xnodes");
  const reflection::Object& node = *schema.objects()->Get(static_cast<flatbuffers::uoffset_t>(xnodes.type()->index()));
  const reflection::Field& type = *node.fields()->LookupByKey("xnode_union_type");
  const auto* nodes = flatbuffers::GetFieldV<flatbuffers::Offset<flatbuffers::Table>>(*flatbuffers::GetAnyRoot(split->flatbuffer), xnodes);
  BOOST_TEST_REQUIRE(nodes != nullptr);
  BOOST_TEST_REQUIRE(nodes->size() > 0u);
  const std::uint8_t* at = nodes->Get(0)->GetAddressOf(type.offset());
  BOOST_TEST_REQUIRE(at != nullptr);
  return static_cast<std::size_t>(at - payload.data());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(payload_reading_paths)

BOOST_AUTO_TEST_CASE(every_version_of_the_family_is_read_by_its_compiled_reader) {
  for (const XnnpackVersion& version : xnnpack_family().versions()) {
    BOOST_TEST_REQUIRE(version.compiled != nullptr, version.info.name);
    BOOST_TEST(version.compiled->version == version.info.name);
  }
  auto reflection = XnnpackFamily::load(family_dir(), PayloadReadingPath::Reflection);
  BOOST_TEST_REQUIRE(reflection.ok());
  for (const XnnpackVersion& version : reflection->versions()) BOOST_TEST(version.compiled == nullptr);
}

BOOST_AUTO_TEST_CASE(every_golden_program_reads_alike_both_ways) {
  const auto fast = delegate_family(family_dir(), PayloadReadingPath::Fast);
  const auto reflection = delegate_family(family_dir(), PayloadReadingPath::Reflection);
  for (const GoldenEntry& entry : golden_manifest().entries) {
    const std::vector<std::uint8_t> program = golden_bytes(entry);
    BOOST_TEST(described(inspect_program(program.data(), program.size(), {fast.get()})) ==
                   described(inspect_program(program.data(), program.size(), {reflection.get()})),
               entry.path);
    same_reading(*fast, *reflection, payload_of(program), *description_of(*fast, entry), entry.path);
  }
  GoldenVerifyOptions options;
  options.golden_dir = golden_dir();
  options.family_dir = family_dir();
  BOOST_TEST(described(verify_golden(options, *fast)) == described(verify_golden(options, *reflection)));
}

BOOST_AUTO_TEST_CASE(mutated_payloads_read_alike_both_ways) {
  const auto fast = delegate_family(family_dir(), PayloadReadingPath::Fast);
  const auto reflection = delegate_family(family_dir(), PayloadReadingPath::Reflection);
  for (const GoldenEntry& entry : golden_manifest().entries) {
    // A program shaped as its release exported it holds the graph of the frozen one beside it: its payload's
    // mutations would repeat those (and double the slowest test under the sanitizers).
    if (!entry.exported_as.empty()) continue;
    const std::vector<std::uint8_t> payload = payload_of(golden_bytes(entry));
    const std::unique_ptr<RecordedDescription> description = description_of(*fast, entry);
    for (std::size_t size : {payload.size() - 1, payload.size() * 3 / 4, payload.size() / 2, std::size_t{40}}) {
      const std::vector<std::uint8_t> truncated(payload.begin(), payload.begin() + static_cast<std::ptrdiff_t>(size));
      same_reading(*fast, *reflection, truncated, *description, fmt::format("{} truncated to {}", entry.path, size));
    }
    // Every byte of the smaller payloads, a spread of the larger ones, each flipped.
    const std::size_t step = std::max<std::size_t>(1, payload.size() / 400);
    for (std::size_t i = 0; i < payload.size(); i += step) {
      std::vector<std::uint8_t> flipped = payload;
      flipped[i] ^= 0xff;
      same_reading(*fast, *reflection, flipped, *description, fmt::format("{} byte {} flipped", entry.path, i));
    }
    // The first node as every type id: known to all, to some versions, to none.
    const std::size_t type_at = first_node_type_offset(payload);
    for (unsigned type_id = 0; type_id < 256; ++type_id) {
      std::vector<std::uint8_t> retyped = payload;
      retyped[type_at] = static_cast<std::uint8_t>(type_id);
      same_reading(*fast, *reflection, retyped, *description, fmt::format("{} first node type {}", entry.path, type_id));
    }
  }
}

BOOST_AUTO_TEST_CASE(a_changed_schema_is_read_by_reflection_and_alike) {
  TempDir scratch;
  const std::string dir = scratch.path() + "/xnnpack";
  copy_tree(family_dir(), dir);
  // v1.1.0's runtime reads one more field in a node table: no longer the schema compiled into fbcompat.
  const std::string path = dir + "/v1.1.0/runtime_schema.fbs";
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  in.close();
  std::string schema = text.str();
  const std::string table = "table _XNNNode2x1 {\n";
  const auto at = schema.find(table);
  BOOST_TEST_REQUIRE(at != std::string::npos);
  const auto end = schema.find("}", at);
  schema.insert(end, "  added_by_the_test:int = 7;\n");
  std::ofstream(path, std::ios::binary | std::ios::trunc) << schema;

  auto family = XnnpackFamily::load(dir);
  BOOST_TEST_REQUIRE(family.ok());
  for (const XnnpackVersion& version : family->versions()) {
    BOOST_TEST((version.compiled == nullptr) == (version.info.name == "v1.1.0"), version.info.name);
  }
  const auto fast = delegate_family(dir, PayloadReadingPath::Fast);
  const auto reflection = delegate_family(dir, PayloadReadingPath::Reflection);
  for (const GoldenEntry& entry : golden_manifest().entries) {
    const std::vector<std::uint8_t> program = golden_bytes(entry);
    same_reading(*fast, *reflection, payload_of(program), *description_of(*fast, entry), entry.path);
  }
  GoldenVerifyOptions options;
  options.golden_dir = golden_dir();
  options.family_dir = dir;
  BOOST_TEST(described(verify_golden(options, *fast)) == described(verify_golden(options, *reflection)));
}

BOOST_AUTO_TEST_SUITE_END()
