#include "fbcompat/mlx/delegate.h"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "fbcompat/executorch/recorded_fields.h"
#include "fbcompat/mlx/payload.h"
#include "golden_programs/golden_catalogue.h"
#include "load/load_check.h"
#include "load/runtime_versions.h"
#include "payload/decoded_payload.h"
#include "payload/versions.h"

namespace fbcompat::mlx {
namespace {

std::string count_of(std::uint64_t count, const char* what) {
  return fmt::format("{} {}{}", count, what, count == 1 ? "" : "s");
}

// What the graph says besides its nodes, in the order the runtime reads it.
std::vector<PayloadFact> facts_of(const DecodedPayload& payload) {
  const GraphView& graph = payload.graph;
  std::vector<PayloadFact> facts;
  facts.push_back({"schema version", graph.version ? fmt::format("\"{}\"", *graph.version) : "absent (read as 1)"});
  facts.push_back({"chains", fmt::format("{} (main {}, init {})", graph.chains.size(), graph.main_chain_idx,
                                         graph.init_chain_idx < 0 ? std::string("none") : std::to_string(graph.init_chain_idx))});
  facts.push_back({"tensors", fmt::format("{} constant, {} input, {} output, {} mutable buffer, {} temporary",
                                          graph.num_constant_tensors, graph.num_input_tensors, graph.num_output_tensors,
                                          graph.num_mutable_buffer_tensors, graph.num_temp_tensors)});
  facts.push_back({"named slots", count_of(graph.named_slots.size(), "name")});
  if (!payload.parts.data_inside) {
    facts.push_back({"data segment", fmt::format("the header's {} bytes at offset {} run past the payload; the runtime never "
                                                 "reads them",
                                                 payload.parts.data_size, payload.parts.data_offset)});
  }
  return facts;
}

class MlxDelegate final : public DelegateFamily {
 public:
  explicit MlxDelegate(std::optional<SchemaVersions> versions) : versions_(std::move(versions)) {}

  std::string_view name() const override { return kFamilyName; }
  std::string_view display_name() const override { return "MLX"; }
  std::string_view backend_id() const override { return kBackendId; }
  const Manifest& manifest() const override { return versions_ ? versions_->manifest() : empty_manifest_; }
  const BackendLoadChecks& load_checks() const override { return backend_load_checks(); }
  const std::vector<const RuleInfo*>& rules() const override { return family_rules(); }
  std::string runs_on() const override {
    return "an MLX runtime, which runs only on Apple silicon (ExecuTorch's MLX backend needs Metal)";
  }

  // Decoded with what fbcompat compiled in from the newest schema: with or without a schema directory,
  // the nodes get today's names.
  Expected<PayloadInspection> inspect_payload(const std::uint8_t* data, std::size_t size,
                                              const BufferLimits& limits) const override {
    auto split = split_payload(data, size);
    if (!split) return Error{"", 0, 0, "the MLX payload's header is bad: " + split.error().message};
    PayloadInspection out;
    out.header_name = std::string(kMagic, sizeof kMagic);
    out.has_header = true;
    out.flatbuffer_size = split->flatbuffer_size;
    out.data_name = "data segment";
    out.constant_data_size = split->data_size;
    auto decoded = decode_payload(data, size, limits);
    if (!decoded) return Error{"", 0, 0, "the MLX payload cannot be decoded: " + decoded.error().message};
    out.decoded = true;
    out.decoded_with = runtime_versions().back().name;
    out.node_count = decoded->graph.node_count();
    for (const auto& chain : decoded->graph.chains) {
      for (const GraphOp& op : chain) count(out.nodes_by_name, node_name(op));
    }
    out.value_count = decoded->graph.num_values;
    out.facts = facts_of(*decoded);
    if (const auto earliest = decoded->earliest_runtime()) {
      const RuntimeVersion& version = runtime_versions()[*earliest];
      out.earliest_version = version.name;
      out.earliest_release = version.released() ? version.first->text() : version.name;
    }
    return out;
  }

  Expected<PayloadReading> read_payload(std::size_t version, const std::uint8_t* data, std::size_t size,
                                        const BufferLimits& limits) const override {
    auto readings = read_payload_from(version, data, size, limits);
    if (!readings) return readings.error();
    return std::move(readings->front());
  }

  Expected<std::vector<PayloadReading>> read_payload_from(std::size_t first, const std::uint8_t* data, std::size_t size,
                                                          const BufferLimits& limits) const override {
    auto split = split_payload(data, size);
    if (!split) return split.error();
    auto decoded = decode_payload(data, size, limits);
    std::vector<PayloadReading> readings;
    for (std::size_t v = first; v < versions_->versions().size(); ++v) {
      readings.push_back(reading(versions_->versions()[v], *split, decoded, limits));
    }
    return readings;
  }

  std::vector<std::string> node_types(std::size_t version) const override {
    return versions_ ? versions_->versions().at(version).ops : std::vector<std::string>();
  }
  std::string node_subject(std::string_view node) const override { return fmt::format("{}.{}", kNodeUnion, node); }
  std::string_view node_declaration() const override { return "OpNode"; }
  // The runtime's loader, generated from the schema (MLXLoader.cpp): `case mlx_delegate::OpNode_AddNode:`.
  RuntimeDispatch runtime_dispatch() const override {
    RuntimeDispatch dispatch;
    dispatch.union_name = "OpNode";
    dispatch.scan.case_prefixes = {"OpNode_", "OpNode::"};
    return dispatch;
  }

  Expected<LoadCheckRuntime> choose_runtime(const std::string& text) const override {
    return choose_load_check_runtime(text);
  }
  PayloadLoadCheck check_payload(const std::uint8_t* data, std::size_t size, const LoadCheckRuntime& runtime) const override {
    return check_payload_on(data, size, runtime);
  }

  Expected<std::vector<GoldenProgram>> golden_programs(std::size_t version) const override {
    return golden_catalogue(versions_->versions().at(version));
  }

  Expected<std::unique_ptr<RecordedDescription>> read_description(std::string text) const override {
    return parse_recorded_description(std::move(text));
  }

  Expected<RecordedFields> compare_recorded_fields(std::size_t version, const std::uint8_t* data, std::size_t size,
                                                   const RecordedDescription& description) const override {
    auto split = split_payload(data, size);
    if (!split) return split.error();
    std::vector<std::uint8_t> aligned;
    return fbcompat::compare_recorded_fields(description, aligned_flatbuffer(*split, aligned),
                                             *versions_->versions().at(version).schema);
  }

 private:
  static std::string node_name(const GraphOp& op) {
    if (!op.present) return "<no node: loads as NoopNode>";
    const std::string name = newest_op_name(op.type);
    return name.empty() ? fmt::format("<op type {}>", op.type) : name;
  }

  static void count(std::vector<std::pair<std::string, std::size_t>>& counted, const std::string& name) {
    auto found = std::find_if(counted.begin(), counted.end(), [&](const auto& entry) { return entry.first == name; });
    if (found == counted.end()) {
      counted.emplace_back(name, 1);
    } else {
      ++found->second;
    }
  }

  // The payload as the runtime of `version` reads it: every op type must be one of its schema's members
  // (its loader refuses any other), and the flatbuffer must verify against its schema.
  static PayloadReading reading(const SchemaVersion& version, const Payload& split, const Expected<DecodedPayload>& decoded,
                                const BufferLimits& limits) {
    PayloadReading reading;
    reading.identifier_accepted = true;  // the schema declares no identifier: the header's magic stands for it
    if (!decoded) {
      reading.refused = decoded.error().message;
      return reading;
    }
    for (std::uint8_t type : decoded->type_ids) {
      if (type >= 1 && type <= version.ops.size()) continue;
      const std::string newest = newest_op_name(type);
      reading.refused = fmt::format("op type {}{} is no OpNode member of {}, which has {}", type,
                                    newest.empty() ? "" : " (" + newest + ")", version.info.name, version.ops.size());
      return reading;
    }
    std::vector<std::uint8_t> aligned;
    if (!version.schema->verify(aligned_flatbuffer(split, aligned), split.flatbuffer_size, limits)) {
      reading.refused = fmt::format("the MLXGraph flatbuffer fails verification against {}'s schema", version.info.name);
      return reading;
    }
    for (const auto& chain : decoded->graph.chains) {
      for (const GraphOp& op : chain) {
        if (op.present) reading.nodes.push_back({op.type, version.op_name(op.type)});
      }
    }
    return reading;
  }

  std::optional<SchemaVersions> versions_;
  Manifest empty_manifest_;
};

}  // namespace

Expected<std::unique_ptr<DelegateFamily>> load_delegate_family(const std::string& family_dir) {
  auto versions = SchemaVersions::load(family_dir);
  if (!versions) return versions.error();
  return std::unique_ptr<DelegateFamily>(std::make_unique<MlxDelegate>(std::move(versions.value())));
}

std::unique_ptr<DelegateFamily> delegate_family_without_schemas() { return std::make_unique<MlxDelegate>(std::nullopt); }

}  // namespace fbcompat::mlx
