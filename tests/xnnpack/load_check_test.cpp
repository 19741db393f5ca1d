#include <boost/test/unit_test.hpp>

#include <cstring>
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "fbcompat/load_check/load_check.h"
#include "fbcompat/core/manifest.h"
#include "fbcompat/core/schema_loader.h"
#include "support/load_check_programs.h"
#include "support/test_support.h"

namespace fbcompat {
// So that Boost.Test can print a code that differs from the one expected.
std::ostream& operator<<(std::ostream& out, LoadCheckCode code) { return out << load_check_code_name(code); }
}  // namespace fbcompat

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

std::string schema_path(const std::string& version, const std::string& file) {
  return source_path("schemas/xnnpack/" + version + "/" + file);
}

// What the runtime of a version reads, straight from the schemas and the manifest: the tests' own
// account, independent of the generated profiles.
struct Reader {
  std::string version;
  std::vector<std::string> identifiers;
  Schema schema;
};

const std::vector<Reader>& readers() {
  static const std::vector<Reader> all = [] {
    std::vector<Reader> result;
    for (const ManifestVersion& version : xnnpack_manifest().versions) {
      const std::string file = version.has_reader() ? "runtime_schema.fbs" : "schema.fbs";
      auto schema = load_schema(schema_path(version.name, file));
      if (!schema.ok()) throw std::runtime_error(schema.error().to_string());
      result.push_back(Reader{version.name,
                              version.has_reader() ? version.reader_identifiers
                                                   : std::vector<std::string>{version.writer_identifier},
                              std::move(schema).value()});
    }
    return result;
  }();
  return all;
}

std::uint16_t slot_count(const Composite& table) {
  std::uint16_t count = 0;
  for (const Field& field : table.fields) count = std::max<std::uint16_t>(count, field.slot + 1);
  return count;
}

// A program an exporter of one version could write: every node type, every quantization type and the
// newest datatype its writer schema has, with every plain field of their tables set. With
// `oldest_types_only`, only the types the oldest version already had (and fp32), so that what an
// older runtime lacks is the newer fields alone.
struct Program {
  std::string version;
  bool oldest_types_only = false;
  std::string identifier;
  Bytes flatbuffer;
  std::map<std::string, std::set<std::int64_t>> used;   // qualified union or enum -> values
  std::set<std::pair<std::string, std::uint16_t>> set_fields;  // qualified table, slot
};

class ProgramWriter {
 public:
  ProgramWriter(const ManifestVersion& version, const Schema& writer, const Schema* oldest)
      : version_(version), writer_(writer), oldest_(oldest) {}

  Program write() {
    program_.version = version_.name;
    program_.oldest_types_only = oldest_ != nullptr;
    program_.identifier = version_.writer_identifier;
    const Enum& datatypes = find_enum("XNNDatatype");
    const EnumValue& datatype = oldest_ != nullptr ? *datatypes.find_value("xnn_datatype_fp32") : datatypes.values.back();
    nlohmann::json graph = {{"version", version_.name}, {"num_externs", 2}, {"input_ids", {0}}, {"output_ids", {1}}};
    for (const EnumValue& member : members("XNodeUnion")) {
      graph["xnodes"].push_back({{"xnode_union_type", member.name}, {"xnode_union", fill(member.table)}});
      use("XNodeUnion", member.value);
    }
    nlohmann::json tensor = fill("fb_xnnpack.XNNTensorValue");
    tensor["datatype"] = datatype.name;
    use("XNNDatatype", datatype.value);
    use("XNNDatatype", 0);  // dq_datatype, unset
    graph["xvalues"].push_back({{"xvalue_union_type", "XNNTensorValue"}, {"xvalue_union", tensor}});
    use("XValueUnion", 1);
    for (const EnumValue& member : members("XNNQuantParams")) {
      nlohmann::json quantized = {{"tensor_value", tensor},
                                  {"quant_params_type", member.name},
                                  {"quant_params", fill(member.table)}};
      graph["xvalues"].push_back({{"xvalue_union_type", "XNNQuantizedTensorValue"}, {"xvalue_union", quantized}});
      use("XValueUnion", 2);
      use("XNNQuantParams", member.value);
    }
    const Composite* root = writer_.find_composite("fb_xnnpack.XNNGraph");
    for (const char* field : {"constant_buffer", "constant_data"}) {
      const Field* vector = root->find_field(field);
      // json::array, not {...}: clang reads a braced single json as a copy of it, GCC as an array.
      if (vector != nullptr && !vector->deprecated) graph[field] = nlohmann::json::array({fill(vector->type.ref)});
    }
    program_.flatbuffer = encode_json(schema_path(version_.name, "schema.fbs"), graph.dump());
    return std::move(program_);
  }

 private:
  const Enum& find_enum(const std::string& name) const {
    const Enum* found = writer_.find_enum("fb_xnnpack." + name);
    if (found == nullptr) throw std::runtime_error(version_.name + " has no " + name);
    return *found;
  }

  std::vector<EnumValue> members(const std::string& name) const {
    std::vector<EnumValue> selected;
    const Enum* oldest = oldest_ == nullptr ? nullptr : oldest_->find_enum("fb_xnnpack." + name);
    for (const EnumValue& member : find_enum(name).values) {
      if (oldest_ == nullptr || (oldest != nullptr && oldest->find_value(member.name) != nullptr)) {
        selected.push_back(member);
      }
    }
    return selected;
  }

  void use(const std::string& set, std::int64_t value) { program_.used["fb_xnnpack." + set].insert(value); }

  // Every number, string and vector of numbers the table has, set to a value that is not its default.
  nlohmann::json fill(const std::string& table_name) {
    const Composite* table = writer_.find_composite(table_name);
    if (table == nullptr) throw std::runtime_error(version_.name + " has no table " + table_name);
    nlohmann::json object = nlohmann::json::object();
    for (const Field& field : table->fields) {
      if (field.deprecated || !field.type.ref.empty()) continue;  // enums, tables and unions are set by hand
      if (is_scalar(field.type.base) && field.type.base != BaseType::Bool) {
        object[field.name] = 3;
      } else if (field.type.base == BaseType::String) {
        object[field.name] = "key";
      } else if (field.type.base == BaseType::Vector && is_scalar(field.type.element)) {
        object[field.name] = {3};
      } else {
        continue;
      }
      program_.set_fields.insert({table->name, field.slot});
    }
    return object;
  }

  const ManifestVersion& version_;
  const Schema& writer_;
  const Schema* oldest_;
  Program program_;
};

const std::vector<Program>& writer_programs() {
  static const std::vector<Program> all = [] {
    std::vector<Program> result;
    const Schema& oldest = readers().front().schema;
    for (const ManifestVersion& version : xnnpack_manifest().versions) {
      auto writer = load_schema(schema_path(version.name, "schema.fbs"));
      if (!writer.ok()) throw std::runtime_error(writer.error().to_string());
      result.push_back(ProgramWriter(version, *writer, nullptr).write());
      result.push_back(ProgramWriter(version, *writer, &oldest).write());
    }
    return result;
  }();
  return all;
}

bool reader_knows_types(const Reader& reader, const Program& program) {
  for (const auto& [set, values] : program.used) {
    const Enum* known = reader.schema.find_enum(set);
    for (std::int64_t value : values) {
      if (set != "fb_xnnpack.XNNDatatype" && value == 0) continue;
      if (known == nullptr || known->find_number(value) == nullptr) return false;
    }
  }
  return true;
}

bool reader_accepts(const Reader& reader, const std::string& identifier) {
  return std::find(reader.identifiers.begin(), reader.identifiers.end(), identifier) != reader.identifiers.end();
}

LoadCheckCode expected_code(const Reader& reader, const Program& program) {
  if (!reader_accepts(reader, program.identifier)) return LoadCheckCode::IdentifierNotAccepted;
  if (!reader_knows_types(reader, program)) return LoadCheckCode::UnknownTypes;
  for (const auto& [table, slot] : program.set_fields) {
    const Composite* known = reader.schema.find_composite(table);
    if (known == nullptr || slot >= slot_count(*known)) return LoadCheckCode::UnknownFields;
  }
  return LoadCheckCode::Ok;
}

const RuntimeProfile& runtime(const std::string& version) {
  const RuntimeProfile* profile = find_runtime_profile(version.c_str());
  BOOST_TEST_REQUIRE(profile != nullptr, "no runtime profile " << version);
  return *profile;
}

LoadCheckResult check(const Bytes& payload, const std::string& version) {
  return check_xnnpack_payload(payload.data(), payload.size(), runtime(version));
}

bool contains(const char* text, const std::string& part) { return std::strstr(text, part.c_str()) != nullptr; }

// flatbuffers' own verdict on the flatbuffer, with the limits the check uses.
bool verifier_accepts(const std::uint8_t* data, std::size_t size) {
  flatbuffers::Verifier verifier(data, size, load_check_verifier_options(size));
  return verifier.VerifyBuffer<fb_xnnpack::XNNGraph>(nullptr);
}

Bytes small_program() {
  GraphSpec spec;
  spec.node_types = {1, 7, 48};
  spec.values = {ValueSpec{1, 1, 0, 0}, ValueSpec{2, 3, 1, 0}, ValueSpec{2, 3, 2, 0}};
  return build_graph(spec);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(load_check)

BOOST_AUTO_TEST_CASE(profiles_say_what_each_versions_reader_schema_says) {
  const ProfileFamily& family = xnnpack_profiles::kFamily;
  BOOST_TEST_REQUIRE(family.version_count == readers().size());
  for (std::size_t v = 0; v < readers().size(); ++v) {
    const Reader& reader = readers()[v];
    const RuntimeProfile* profile = find_runtime_profile(reader.version.c_str());
    BOOST_TEST_REQUIRE(profile != nullptr, reader.version);
    BOOST_TEST(profile->index == v);
    std::vector<std::string> identifiers(profile->accepted_identifiers,
                                         profile->accepted_identifiers + profile->accepted_identifier_count);
    BOOST_TEST(identifiers == reader.identifiers, boost::test_tools::per_element());
    const ManifestVersion& manifest_version = xnnpack_manifest().versions[v];
    BOOST_TEST(profile->released() == manifest_version.released());
    if (manifest_version.released()) {
      BOOST_TEST(profile->first_release == manifest_version.releases.front());
      BOOST_TEST(profile->last_release == manifest_version.releases.back());
    }
    for (std::size_t s = 0; s < family.type_set_count; ++s) {
      const TypeSetHistory& set = family.type_sets[s];
      const Enum* known = reader.schema.find_enum(std::string("fb_xnnpack.") + set.name);
      for (std::int64_t value = 0; value < 256; ++value) {
        const bool in_schema = known != nullptr && known->find_number(value) != nullptr;
        BOOST_TEST(profile->known[s].contains(value) == in_schema,
                   reader.version << " " << set.name << " " << value);
      }
    }
    for (std::size_t t = 0; t < family.table_count; ++t) {
      const Composite* table = reader.schema.find_composite(std::string("fb_xnnpack.") + family.tables[t].name);
      BOOST_TEST(profile->table_slot_counts[t] == (table == nullptr ? 0 : slot_count(*table)),
                 reader.version << " " << family.tables[t].name);
    }
  }
  BOOST_TEST(find_runtime_profile("v9.9.9") == nullptr);
  BOOST_TEST(find_runtime_profile(nullptr) == nullptr);
}

BOOST_AUTO_TEST_CASE(profiles_name_the_version_that_introduced_each_member_and_field) {
  const ProfileFamily& family = xnnpack_profiles::kFamily;
  const TypeSetHistory& nodes = family.type_sets[xnnpack_profiles::kTypeSet_XNodeUnion];
  const MemberHistory* depth_to_space = nodes.find(48);
  BOOST_TEST_REQUIRE(depth_to_space != nullptr);
  BOOST_TEST(depth_to_space->name == std::string("XNNDepthToSpace2d"));
  BOOST_TEST(family.versions[depth_to_space->introduced_in].version == newest_version());  // the version after v1.1.0
  BOOST_TEST(family.versions[nodes.find(45)->introduced_in].version == std::string("v1.1.0"));
  BOOST_TEST(family.versions[nodes.find(37)->introduced_in].version == std::string("v0.4.0"));
  BOOST_TEST(family.versions[nodes.find(1)->introduced_in].version == std::string("v0.1.0"));
  // Each member's introducing version is the oldest reader schema that has it.
  for (std::size_t s = 0; s < family.type_set_count; ++s) {
    const TypeSetHistory& set = family.type_sets[s];
    for (std::size_t m = 0; m < set.member_count; ++m) {
      const MemberHistory& member = set.members[m];
      std::size_t oldest = readers().size();
      for (std::size_t v = 0; v < readers().size() && oldest == readers().size(); ++v) {
        const Enum* known = readers()[v].schema.find_enum(std::string("fb_xnnpack.") + set.name);
        const EnumValue* value = known == nullptr ? nullptr : known->find_number(member.value);
        if (value != nullptr && value->name == member.name) oldest = v;
      }
      BOOST_TEST(member.introduced_in == oldest, set.name << " " << member.name);
    }
  }
  const TableHistory& per_channel = family.tables[xnnpack_profiles::kTable_PerChannelQuant];
  BOOST_TEST(per_channel.slots[2].name == std::string("scale_buffer_idx"));
  BOOST_TEST(family.versions[per_channel.slots[2].introduced_in].version == std::string("v0.7.0"));
  const TableHistory& node = family.tables[xnnpack_profiles::kTable_XNode];
  BOOST_TEST(node.slots[0].name == std::string("xnode_union_type"));
}

BOOST_AUTO_TEST_CASE(every_writer_program_against_every_runtime) {
  std::map<LoadCheckCode, std::size_t> codes;
  for (const Program& program : writer_programs()) {
    const Bytes with_header = with_xh00_header(program.flatbuffer, Bytes{1, 2, 3});
    for (const Reader& reader : readers()) {
      const LoadCheckCode expected = expected_code(reader, program);
      ++codes[expected];
      for (const Bytes* payload : {&program.flatbuffer, &with_header}) {
        const LoadCheckResult result = check(*payload, reader.version.c_str());
        BOOST_TEST_CONTEXT("program " << program.version << (program.oldest_types_only ? " (oldest types)" : "")
                                      << " on runtime " << reader.version
                                      << (payload == &with_header ? " with XH00" : "") << ": " << result.message) {
          BOOST_TEST(load_check_code_name(result.code) == load_check_code_name(expected));
          BOOST_TEST(result.has_header == (payload == &with_header));
          BOOST_TEST(std::string(result.identifier) == program.identifier);
          BOOST_TEST(std::strlen(result.message) > 0u);
        }
        if (expected == LoadCheckCode::UnknownTypes) {
          // The first type the runtime lacks is named first.
          const Enum* known = reader.schema.find_enum("fb_xnnpack.XNodeUnion");
          for (std::int64_t id : program.used.at("fb_xnnpack.XNodeUnion")) {
            if (known->find_number(id) == nullptr) {
              BOOST_TEST(contains(result.message, "node type " + std::to_string(id)), result.message);
              break;
            }
          }
          BOOST_TEST(result.nodes_with_unknown_type + result.values_with_unknown_type > 0u);
        }
        if (expected != LoadCheckCode::IdentifierNotAccepted) {
          // The oldest runtime that can load it: the first that accepts the identifier and knows the types.
          std::string minimum = "none";
          for (const Reader& candidate : readers()) {
            if (reader_accepts(candidate, program.identifier) && reader_knows_types(candidate, program)) {
              minimum = candidate.version;
              break;
            }
          }
          BOOST_TEST((result.minimum_runtime == nullptr ? std::string("none") : result.minimum_runtime->version) ==
                     minimum);
          BOOST_TEST(result.node_count == program.used.at("fb_xnnpack.XNodeUnion").size());
        }
      }
    }
  }
  // The programs exercise every verdict but corrupt.
  BOOST_TEST(codes[LoadCheckCode::Ok] > 0u);
  BOOST_TEST(codes[LoadCheckCode::UnknownFields] > 0u);
  BOOST_TEST(codes[LoadCheckCode::UnknownTypes] > 0u);
  BOOST_TEST(codes[LoadCheckCode::IdentifierNotAccepted] > 0u);
}

BOOST_AUTO_TEST_CASE(depth_to_space_is_refused_by_v1_1_0_with_its_name) {
  const std::string json = R"({"xnodes": [
      {"xnode_union_type": "XNNAdd", "xnode_union": {"input1_id": 0, "input2_id": 1, "output_id": 2}},
      {"xnode_union_type": "XNNDepthToSpace2d", "xnode_union": {"input_id": 2, "output_id": 3, "block_size": 2}}],
    "xvalues": [{"xvalue_union_type": "XNNTensorValue", "xvalue_union": {"datatype": "xnn_datatype_fp32"}}]})";
  // Written by the newest writer: the version after v1.1.0, which added XNNDepthToSpace2d.
  const Bytes program = encode_json(schema_path(newest_version(), "schema.fbs"), json);
  for (const Bytes& payload : {program, with_xh00_header(program)}) {
    const LoadCheckResult old_runtime = check(payload, "v1.1.0");
    BOOST_TEST(old_runtime.code == LoadCheckCode::UnknownTypes);
    BOOST_TEST(!old_runtime.loadable());
    BOOST_TEST(std::string(old_runtime.message) ==
                   "this program needs XNNDepthToSpace2d (node type 48, " + newest_added_in() + "); "
                   "this runtime, v1.1.0 (releases 1.1.0..1.4.1), knows node types 1..47; "
                   "the minimum runtime that can load it is " + newest_with_releases(),
               boost::test_tools::per_element());
    BOOST_TEST(old_runtime.unknown_node_types == 1u);
    BOOST_TEST(old_runtime.nodes_with_unknown_type == 1u);
    BOOST_TEST(old_runtime.node_count == 2u);
    BOOST_TEST_REQUIRE(old_runtime.minimum_runtime != nullptr);
    BOOST_TEST(old_runtime.minimum_runtime->version == newest_version());

    const LoadCheckResult new_runtime = check(payload, newest_version());
    BOOST_TEST(new_runtime.code == LoadCheckCode::Ok, new_runtime.message);
    BOOST_TEST(new_runtime.loadable());
  }
}

BOOST_AUTO_TEST_CASE(identifier_not_accepted_names_what_was_found_and_what_is_accepted) {
  GraphSpec spec;
  spec.node_types = {1};
  spec.identifier = "XXXX";
  const LoadCheckResult result = check(build_graph(spec), "v1.1.0");
  BOOST_TEST(result.code == LoadCheckCode::IdentifierNotAccepted);
  BOOST_TEST(std::string(result.message) ==
             "identifier 'XXXX' is not one this runtime, v1.1.0 (releases 1.1.0..1.4.1), accepts (XN00, XN01)");
  BOOST_TEST(result.minimum_runtime == nullptr);

  spec.identifier = std::string("X\x01N\x7f", 4);
  const LoadCheckResult unprintable = check(build_graph(spec), "v1.1.0");
  BOOST_TEST(unprintable.code == LoadCheckCode::IdentifierNotAccepted);
  BOOST_TEST(contains(unprintable.message, "'X\\x01N\\x7f'"), unprintable.message);

  // The 0.1.0 runtime read only its own identifier.
  spec.identifier = "XN01";
  const LoadCheckResult first_runtime = check(build_graph(spec), "v0.1.0");
  BOOST_TEST(first_runtime.code == LoadCheckCode::IdentifierNotAccepted);
  BOOST_TEST(contains(first_runtime.message, "accepts (XN00)"), first_runtime.message);
  BOOST_TEST(check(build_graph(spec), "v0.2.0").code == LoadCheckCode::Ok);
}

BOOST_AUTO_TEST_CASE(unknown_value_quantization_and_data_types_are_named) {
  GraphSpec spec;
  spec.node_types = {1};
  spec.values = {ValueSpec{3, 1, 0, 0}};
  const LoadCheckResult value_type = check(build_graph(spec), newest_version());
  BOOST_TEST(value_type.code == LoadCheckCode::UnknownTypes);
  BOOST_TEST(contains(value_type.message, "value type 3 (unknown to every version up to " + newest_version() + ")"),
             value_type.message);
  BOOST_TEST(contains(value_type.message, "knows value types 1..2"), value_type.message);
  BOOST_TEST(contains(value_type.message, "no runtime up to " + newest_version() + " can load it"), value_type.message);
  BOOST_TEST(value_type.unknown_value_types == 1u);
  BOOST_TEST(value_type.values_with_unknown_type == 1u);
  BOOST_TEST(value_type.minimum_runtime == nullptr);

  spec.values = {ValueSpec{2, 3, 4, 0}, ValueSpec{2, 3, 4, 0}, ValueSpec{1, 1, 0, 0}};
  const LoadCheckResult quantization = check(build_graph(spec), "v0.1.0");
  BOOST_TEST(quantization.code == LoadCheckCode::UnknownTypes);
  BOOST_TEST(contains(quantization.message,
                      "PerChannelGroupQuant (quantization type 4, added in v0.2.0, first release 0.2.0)"),
             quantization.message);
  BOOST_TEST(contains(quantization.message, "knows quantization types 1..2"), quantization.message);
  BOOST_TEST(quantization.unknown_quantization_types == 1u);
  BOOST_TEST(quantization.values_with_unknown_type == 2u);
  BOOST_TEST_REQUIRE(quantization.minimum_runtime != nullptr);
  BOOST_TEST(quantization.minimum_runtime->version == std::string("v0.2.0"));

  spec.values = {ValueSpec{2, 3, 9, 0}};
  const LoadCheckResult no_such_quantization = check(build_graph(spec), newest_version());
  BOOST_TEST(contains(no_such_quantization.message, "quantization type 9 (unknown to every version"),
             no_such_quantization.message);

  spec.values = {ValueSpec{1, 14, 0, 0}, ValueSpec{1, -1, 0, 0}, ValueSpec{1, 300, 0, 0}};
  const LoadCheckResult datatypes = check(build_graph(spec), "v0.6.0");
  BOOST_TEST(datatypes.code == LoadCheckCode::UnknownTypes);
  BOOST_TEST(contains(datatypes.message, "xnn_datatype_bf16 (datatype 14, added in v0.7.0, first release 0.7.0)"),
             datatypes.message);
  BOOST_TEST(contains(datatypes.message, "datatype -1 (unknown"), datatypes.message);
  BOOST_TEST(contains(datatypes.message, "datatype 300 (unknown"), datatypes.message);
  BOOST_TEST(contains(datatypes.message, "knows datatypes 0..10"), datatypes.message);
  BOOST_TEST(datatypes.unknown_datatypes == 3u);
  BOOST_TEST(datatypes.values_with_unknown_type == 3u);
}

BOOST_AUTO_TEST_CASE(fields_a_runtime_does_not_know_are_informational) {
  GraphSpec spec;
  spec.node_types = {1};
  spec.values = {ValueSpec{2, 3, 1, 5}};
  const Bytes program = build_graph(spec);
  const LoadCheckResult old_runtime = check(program, "v0.6.0");
  BOOST_TEST(old_runtime.code == LoadCheckCode::UnknownFields);
  BOOST_TEST(old_runtime.loadable());
  BOOST_TEST(old_runtime.tables_with_unknown_fields == 1u);
  BOOST_TEST(contains(old_runtime.message,
                      "PerChannelQuant.scale_buffer_idx (added in v0.7.0, first release 0.7.0)"),
             old_runtime.message);
  BOOST_TEST(contains(old_runtime.message, "v0.6.0 (release 0.6.0)"), old_runtime.message);
  BOOST_TEST(check(program, "v0.7.0").code == LoadCheckCode::Ok);

  spec.values = {ValueSpec{1, 1, 0, 0}};
  spec.node_future_field = true;
  spec.node_types = {1, 2, 3};
  const LoadCheckResult future = check(build_graph(spec), newest_version());
  BOOST_TEST(future.code == LoadCheckCode::UnknownFields);
  BOOST_TEST(future.tables_with_unknown_fields == 3u);
  BOOST_TEST(contains(future.message, "XNode field slot 4 (unknown to every version up to " + newest_version() + ")"),
             future.message);

  // Unknown types take precedence; the fields are still counted and mentioned.
  spec.node_types = {48};
  const LoadCheckResult both = check(build_graph(spec), "v1.1.0");
  BOOST_TEST(both.code == LoadCheckCode::UnknownTypes);
  BOOST_TEST(both.tables_with_unknown_fields == 1u);
  BOOST_TEST(contains(both.message, "it also sets fields this runtime does not know in 1 tables"), both.message);
}

BOOST_AUTO_TEST_CASE(truncation_at_every_offset_is_corrupt) {
  const Bytes program = small_program();
  const Bytes with_header = with_xh00_header(program);
  for (const Bytes* payload : {&program, &with_header}) {
    for (std::size_t size = 0; size < payload->size(); ++size) {
      const Bytes truncated(payload->begin(), payload->begin() + static_cast<std::ptrdiff_t>(size));
      const LoadCheckResult result =
          check_xnnpack_payload(truncated.data(), truncated.size(), runtime(newest_version()));
      BOOST_TEST(result.code == LoadCheckCode::Corrupt, "size " << size << ": " << result.message);
      BOOST_TEST(std::strncmp(result.message, "corrupt: ", 9) == 0, result.message);
    }
  }
  BOOST_TEST(check_xnnpack_payload(nullptr, 0, runtime("v1.1.0")).code == LoadCheckCode::Corrupt);
}

BOOST_AUTO_TEST_CASE(corrupt_messages_say_where) {
  const Bytes program = small_program();
  // Cutting off the end loses the tables written first: the first node's payload.
  const LoadCheckResult cut = check_xnnpack_payload(program.data(), program.size() - 4, runtime(newest_version()));
  BOOST_TEST(contains(cut.message, "corrupt: XNNGraph.xnodes[0] (XNNAdd node): an offset, size or vtable is out of "
                                   "bounds, misaligned or malformed"),
             cut.message);

  Bytes bad_root = program;
  bad_root[0] = 0xff;
  bad_root[1] = 0xff;
  const LoadCheckResult root = check(bad_root, newest_version());
  BOOST_TEST(std::string(root.message) ==
             "corrupt: the root offset points outside the " + std::to_string(program.size()) + "-byte flatbuffer");

  Bytes bad_header = with_xh00_header(program);
  bad_header[8] = 10;  // header length below 30
  const LoadCheckResult header = check(bad_header, newest_version());
  BOOST_TEST(header.code == LoadCheckCode::Corrupt);
  BOOST_TEST(contains(header.message, "XH00 header length"), header.message);
}

BOOST_AUTO_TEST_CASE(bit_flips_never_crash_and_agree_with_the_verifier) {
  for (const Bytes& program : {small_program(), writer_programs()[writer_programs().size() - 2].flatbuffer}) {
    std::size_t corrupt = 0;
    for (std::size_t bit = 0; bit < program.size() * 8; ++bit) {
      Bytes flipped = program;
      flipped[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
      const LoadCheckResult result = check(flipped, newest_version());
      BOOST_TEST(std::strlen(result.message) < kLoadCheckMessageSize);
      BOOST_TEST(std::strlen(result.message) > 0u);
      if (result.code == LoadCheckCode::IdentifierNotAccepted) continue;
      const bool verifies = verifier_accepts(flipped.data(), flipped.size());
      BOOST_TEST((result.code != LoadCheckCode::Corrupt) == verifies, "bit " << bit << ": " << result.message);
      if (result.code == LoadCheckCode::Corrupt) ++corrupt;
    }
    BOOST_TEST(corrupt > 0u);
  }
}

BOOST_AUTO_TEST_CASE(one_pass_collects_what_a_second_walk_collects) {
  std::vector<Bytes> programs;
  for (const Program& program : writer_programs()) programs.push_back(program.flatbuffer);
  programs.push_back(small_program());
  for (const Bytes& program : programs) {
    for (const std::string& version : {std::string("v0.1.0"), std::string("v0.6.0"), newest_version()}) {
      GraphUsage fused;
      GraphScanner fused_scanner(runtime(version), fused);
      flatbuffers::Verifier verifier(program.data(), program.size(), load_check_verifier_options(program.size()));
      VerificationFailure failure;
      BOOST_TEST_REQUIRE(verify_and_scan_graph(verifier, program.data(), program.size(), fused_scanner, failure));
      GraphUsage walked;
      GraphScanner walk_scanner(runtime(version), walked);
      BOOST_TEST_REQUIRE(verifier_accepts(program.data(), program.size()));
      scan_verified_graph(flatbuffers::GetRoot<fb_xnnpack::XNNGraph>(program.data()), walk_scanner);
      for (std::size_t set = 0; set < xnnpack_profiles::kTypeSetCount; ++set) {
        BOOST_TEST((fused.used[set] == walked.used[set]));
      }
      BOOST_TEST(fused.node_count == walked.node_count);
      BOOST_TEST(fused.value_count == walked.value_count);
      BOOST_TEST(fused.tables_with_unknown_fields == walked.tables_with_unknown_fields);
      for (std::size_t table = 0; table < xnnpack_profiles::kTableCount; ++table) {
        BOOST_TEST(fused.unknown_slots[table] == walked.unknown_slots[table]);
      }
      BOOST_TEST(fused.node_count > 0u);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_program_with_more_tables_than_the_limit_is_corrupt) {
  // One node referenced 1.2 million times: small buffer, 3.6 million table visits.
  flatbuffers::FlatBufferBuilder builder;
  const auto payload = fb_xnnpack::Create_XNNNode1x1(builder, 0, 1, 0);
  const auto node = fb_xnnpack::CreateXNode(builder, fb_xnnpack::XNodeUnion::XNNSoftmax, payload.Union(), 1,
                                            fb_xnnpack::CreateOutputMinMax(builder, 0.0f, 6.0f));
  const std::vector<flatbuffers::Offset<fb_xnnpack::XNode>> nodes(1200000, node);
  builder.Finish(fb_xnnpack::CreateXNNGraphDirect(builder, nullptr, &nodes), "XN00");
  const LoadCheckResult result =
      check_xnnpack_payload(builder.GetBufferPointer(), builder.GetSize(), runtime(newest_version()));
  BOOST_TEST(result.code == LoadCheckCode::Corrupt);
  BOOST_TEST(contains(result.message, "tables, the verifier's limit"), result.message);
}

BOOST_AUTO_TEST_CASE(a_long_message_is_cut_with_an_ellipsis) {
  GraphSpec spec;
  for (int id = 49; id < 256; ++id) spec.node_types.push_back(static_cast<std::uint8_t>(id));
  const LoadCheckResult result = check(build_graph(spec), newest_version());
  BOOST_TEST(result.code == LoadCheckCode::UnknownTypes);
  BOOST_TEST(result.unknown_node_types == 207u);
  BOOST_TEST(std::strlen(result.message) == kLoadCheckMessageSize - 1);
  BOOST_TEST(std::string(result.message).substr(kLoadCheckMessageSize - 4) == "...");
}

// A payload one byte off a 4-byte boundary in memory: flatbuffers reads its offsets in place, so the
// check refuses it rather than make misaligned loads (found by fuzzing under UBSan).
BOOST_AUTO_TEST_CASE(a_misaligned_payload_is_refused_not_read) {
  const Bytes program = small_program();
  for (const Bytes& payload : {program, with_xh00_header(program, Bytes{1, 2, 3})}) {
    std::vector<std::uint32_t> storage(payload.size() / 4 + 2);  // 4-byte aligned
    auto* shifted = reinterpret_cast<std::uint8_t*>(storage.data()) + 1;
    std::memcpy(shifted, payload.data(), payload.size());
    const LoadCheckResult result =
        check_xnnpack_payload(shifted, payload.size(), *find_runtime_profile(newest_version().c_str()));
    BOOST_TEST((result.code == LoadCheckCode::Corrupt));
    BOOST_TEST(contains(result.message, "4-byte boundary"), result.message);
    BOOST_TEST(check(payload, newest_version()).loadable());  // the same bytes, aligned
  }
}

BOOST_AUTO_TEST_SUITE_END()
