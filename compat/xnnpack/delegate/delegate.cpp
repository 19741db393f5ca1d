#include "fbcompat/xnnpack/delegate.h"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "fbcompat/core/schema_loader.h"
#include "fbcompat/executorch/recorded_fields.h"
#include "fbcompat/xnnpack/backend_load_checks.h"
#include "fbcompat/xnnpack/family.h"
#include "fbcompat/xnnpack/graph.h"
#include "fbcompat/xnnpack/rules.h"
#include "golden_programs/golden_catalogue.h"
#include "golden_programs/golden_program_builder.h"
#include "load/load_check.h"

namespace fbcompat::xnnpack {
namespace {

constexpr const char* kNodeUnion = "XNodeUnion";

// The node union in the schema's namespace: "fb_xnnpack.XNodeUnion".
std::string node_union_name(const ReflectedSchema& schema) {
  const std::string root = schema.root().name()->str();
  const auto dot = root.rfind('.');
  return (dot == std::string::npos ? "" : root.substr(0, dot + 1)) + kNodeUnion;
}

PayloadInspection split_only(const XnnpackPayload& payload) {
  PayloadInspection out;
  out.identifier = xnnpack_identifier(payload);
  out.header_name = "XH00";
  out.has_header = payload.has_header;
  out.flatbuffer_size = payload.flatbuffer_size;
  out.constant_data_size = payload.constant_data_size;
  return out;
}

class XnnpackDelegate final : public DelegateFamily {
 public:
  explicit XnnpackDelegate(std::optional<XnnpackFamily> family) : family_(std::move(family)) {}

  std::string_view name() const override { return kFamilyName; }
  std::string_view display_name() const override { return "XNNPACK"; }
  std::string_view backend_id() const override { return kBackendId; }
  const BackendLoadChecks& load_checks() const override { return backend_load_checks(); }
  const Manifest& manifest() const override { return family_ ? family_->manifest() : empty_manifest_; }
  const std::vector<const RuleInfo*>& rules() const override { return family_rules(); }
  std::string runs_on() const override {
    return "fbcompat's reference runtime on XNNPACK, which builds without it (FBCOMPAT_LEAN, "
           "FBCOMPAT_WITH_REFERENCE_RUNTIME=OFF) leave out";
  }
  std::string_view node_declaration() const override { return kNodeUnion; }
  // ExecuTorch's XNNCompiler.cpp: `case fb_xnnpack::XNodeUnion::XNNAdd:` labels, and definer
  // registrations through `_DEFINE(Add)`.
  RuntimeDispatch runtime_dispatch() const override {
    RuntimeDispatch dispatch;
    dispatch.union_name = kNodeUnion;
    dispatch.scan.case_prefixes = {std::string(kNodeUnion) + "::"};
    dispatch.scan.macros = {"_DEFINE"};
    dispatch.scan.macro_member_prefix = "XNN";
    return dispatch;
  }

  Expected<LoadCheckRuntime> choose_runtime(const std::string& text) const override {
    return choose_load_check_runtime(text);
  }
  PayloadLoadCheck check_payload(const std::uint8_t* data, std::size_t size, const LoadCheckRuntime& runtime) const override {
    return check_payload_on(data, size, runtime);
  }

  // Reads the graph with the newest reader that verifies it, so that nodes get today's names.
  Expected<PayloadInspection> inspect_payload(const std::uint8_t* data, std::size_t size,
                                              const BufferLimits& limits) const override {
    auto split = split_xnnpack_payload(data, size);
    if (!split) return split.error();
    PayloadInspection out = split_only(*split);
    if (!family_) return out;

    std::optional<Error> last_error;
    std::optional<bool> passes_newest;  // the same for every reader
    for (std::size_t i = family_->versions().size(); i-- > 0;) {
      const XnnpackVersion& version = family_->versions()[i];
      auto graph = read_xnnpack_graph(version, data, size, limits, &passes_newest);
      if (!graph) {
        if (!last_error) last_error = graph.error();
        continue;
      }
      out.decoded = true;
      out.decoded_with = version.info.name;
      out.node_count = graph->nodes.size();
      for (const XnnpackNode& node : graph->nodes) {
        const std::string name = node.name.empty() ? fmt::format("<type id {}>", node.type_id) : node.name;
        auto found = std::find_if(out.nodes_by_name.begin(), out.nodes_by_name.end(),
                                  [&](const auto& counted) { return counted.first == name; });
        if (found == out.nodes_by_name.end()) {
          out.nodes_by_name.emplace_back(name, 1);
        } else {
          ++found->second;
        }
      }
      out.value_count = graph->value_count;
      out.constant_buffer_bytes = graph->constant_buffer_bytes;
      break;
    }
    if (!out.decoded) {
      return Error{"", 0, 0,
                   fmt::format("the XNNPACK payload verifies against no known reader schema ({} to {}): {}",
                               family_->versions().front().info.name, family_->newest().info.name, last_error->message)};
    }
    auto earliest = earliest_loading_version(*family_, data, size, limits);
    if (!earliest) return earliest.error();
    if (*earliest) {
      const ManifestVersion& info = family_->versions()[**earliest].info;
      out.earliest_version = info.name;
      out.earliest_release = info.first_release();
    }
    return out;
  }

  Expected<PayloadReading> read_payload(std::size_t version, const std::uint8_t* data, std::size_t size,
                                        const BufferLimits& limits) const override {
    auto split = split_xnnpack_payload(data, size);
    if (!split) return split.error();
    std::optional<bool> passes_newest;
    return reading(family_->versions().at(version), *split, data, size, limits, passes_newest);
  }

  Expected<std::vector<PayloadReading>> read_payload_from(std::size_t first, const std::uint8_t* data, std::size_t size,
                                                          const BufferLimits& limits) const override {
    auto split = split_xnnpack_payload(data, size);
    if (!split) return split.error();
    std::optional<bool> passes_newest;  // the same for every reader
    std::vector<PayloadReading> readings;
    for (std::size_t version = first; version < family_->versions().size(); ++version) {
      readings.push_back(reading(family_->versions()[version], *split, data, size, limits, passes_newest));
    }
    return readings;
  }

  Expected<std::unique_ptr<RecordedDescription>> read_description(std::string text) const override {
    return parse_recorded_description(std::move(text));
  }

  Expected<RecordedFields> compare_recorded_fields(std::size_t version, const std::uint8_t* data, std::size_t size,
                                                   const RecordedDescription& description) const override {
    const ReflectedSchema& reader = *family_->versions().at(version).reader;
    auto split = split_xnnpack_payload(data, size);
    if (!split) return split.error();
    return fbcompat::compare_recorded_fields(description, split->flatbuffer, reader,
                                             family_->reading_path() == PayloadReadingPath::Fast
                                                 ? RecordedComparison::BufferFirst
                                                 : RecordedComparison::TextOnly);
  }

  // Each version after `earlier` up to `later` keeps every type the comparison read through (worked out
  // when the family loads), and `later`'s reader renders the payload plainly, as the buffer comparison
  // requires.
  bool reads_recorded_fields_alike(std::size_t earlier, std::size_t later, const RecordedFields& comparison,
                                   const std::uint8_t* data, std::size_t size) const override {
    const auto& versions = family_->versions();
    if (earlier >= later || later >= versions.size()) return false;
    for (std::size_t version = earlier + 1; version <= later; ++version) {
      if (!versions[version].reads_as_previous(comparison.types_read)) return false;
    }
    auto split = split_xnnpack_payload(data, size);
    return split && versions[later].reader->renders_plainly(split->flatbuffer);
  }

  std::vector<std::string> node_types(std::size_t version) const override {
    std::vector<std::string> names;
    const ReflectedSchema& writer = *family_->versions().at(version).writer;
    const reflection::Enum* nodes = writer.find_enum(node_union_name(writer));
    if (nodes == nullptr) return names;
    for (const reflection::EnumVal* member : *nodes->values()) {
      if (member->value() != 0) names.push_back(member->name()->str());
    }
    return names;
  }

  std::string node_subject(std::string_view node) const override {
    const std::string qualified = family_ ? node_union_name(*family_->newest().reader) : std::string("fb_xnnpack.") + kNodeUnion;
    return fmt::format("{}.{}", qualified, node);
  }

  Expected<std::vector<GoldenProgram>> golden_programs(std::size_t version) const override {
    const XnnpackVersion& writer = family_->versions().at(version);
    auto model = load_schema(writer.writer->path());
    if (!model) return model.error();
    const std::optional<RuntimeRelease> first =
        writer.info.released() ? RuntimeRelease::parse(writer.info.first_release()) : std::nullopt;
    auto plans = golden_catalogue(*model, first.value_or(RuntimeRelease::development_head()));
    if (!plans) return plans.error();
    std::vector<GoldenProgram> programs;
    for (const GoldenProgramPlan& plan : *plans) {
      auto built = build_golden_program(*writer.writer, plan, fmt::format("{}/{}/{}", kFamilyName, writer.info.name, plan.name));
      if (!built) return built.error();
      programs.push_back(std::move(built.value()));
    }
    return programs;
  }

 private:
  static PayloadReading reading(const XnnpackVersion& reader, const XnnpackPayload& split, const std::uint8_t* data,
                                std::size_t size, const BufferLimits& limits, std::optional<bool>& passes_newest) {
    PayloadReading reading;
    reading.identifier = xnnpack_identifier(split);
    reading.identifier_accepted = reader.accepts(reading.identifier);
    reading.accepted_identifiers = reader.accepted_identifiers;
    auto graph = read_xnnpack_graph(reader, data, size, limits, &passes_newest);
    if (!graph) {
      reading.refused = graph.error().message;
      return reading;
    }
    reading.nodes.reserve(graph->nodes.size());
    for (XnnpackNode& node : graph->nodes) reading.nodes.push_back({node.type_id, std::move(node.name)});
    return reading;
  }

  std::optional<XnnpackFamily> family_;
  Manifest empty_manifest_;
};

}  // namespace

Expected<std::unique_ptr<DelegateFamily>> load_delegate_family(const std::string& family_dir) {
  return load_delegate_family(family_dir, PayloadReadingPath::Fast);
}

Expected<std::unique_ptr<DelegateFamily>> load_delegate_family(const std::string& family_dir, PayloadReadingPath path) {
  auto family = XnnpackFamily::load(family_dir, path);
  if (!family) return family.error();
  return std::unique_ptr<DelegateFamily>(std::make_unique<XnnpackDelegate>(std::move(family.value())));
}

std::unique_ptr<DelegateFamily> delegate_family_without_schemas() {
  return std::make_unique<XnnpackDelegate>(std::nullopt);
}

}  // namespace fbcompat::xnnpack
