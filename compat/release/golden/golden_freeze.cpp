#include "fbcompat/release/golden_freeze.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "fbcompat/core/output_file.h"
#include "fbcompat/release/golden_manifest.h"
#include "fbcompat/core/manifest.h"
#include "fbcompat/executorch/program_writer.h"
#include "fbcompat/core/reflected_schema.h"
#include "fbcompat/core/schema_loader.h"
#include "golden/sha256.h"
#include "fbcompat/xnnpack/payload_writer.h"
#include "golden_programs/golden_catalogue.h"
#include "golden_programs/reference_graph.h"

namespace fbcompat {
namespace {

using nlohmann::json;

bool exists(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0;
}

struct PendingFile {
  std::string relative;
  std::string contents;
  bool replace = false;  // only the manifest
};

// Each file complete or absent; a program is created, never replaced (only the manifest is).
std::optional<Error> write_file(const std::string& root, const PendingFile& file) {
  const std::string target = root + "/" + file.relative;
  std::error_code ignored;
  std::filesystem::create_directories(std::filesystem::path(target).parent_path(), ignored);
  return write_output_file(target, file.contents, file.replace ? Overwrite::Allowed : Overwrite::Refused);
}

std::vector<std::int32_t> dims_of(const json& graph, std::uint32_t value_id) {
  for (const json& value : graph.at("xvalues")) {
    const json& tensor = value.at("xvalue_union");
    if (tensor.value("id_out", kXnnInvalidValueId) == value_id) return tensor.at("dims").get<std::vector<std::int32_t>>();
  }
  return {};
}

std::uint32_t external_id_of(const json& graph, std::uint32_t value_id) {
  for (const json& value : graph.at("xvalues")) {
    const json& tensor = value.at("xvalue_union");
    if (tensor.value("id_out", kXnnInvalidValueId) == value_id) return tensor.value("external_id", kXnnInvalidValueId);
  }
  return kXnnInvalidValueId;
}

GoldenTensorRecord record(std::uint32_t value_id, std::uint32_t external_id, const reference::Tensor& tensor) {
  GoldenTensorRecord out;
  out.value_id = value_id;
  out.external_id = external_id;
  out.shape = tensor.dims;
  out.layout = golden_layout_for(tensor.dims.size());
  out.values = tensor.values;
  return out;
}

struct BuiltProgram {
  GoldenEntry entry;
  std::string description;
  std::vector<std::uint8_t> pte;
};

Expected<BuiltProgram> build(const ReflectedSchema& writer, const std::string& version, const GoldenProgramPlan& plan) {
  BuiltProgram built;
  const std::string stem = fmt::format("xnnpack/{}/{}", version, plan.name);
  built.description = plan.graph.dump(2) + "\n";
  auto flatbuffer = writer.encode_json(built.description, stem + ".json");
  if (!flatbuffer) return flatbuffer.error();
  if (!writer.verify(flatbuffer->data(), flatbuffer->size())) {
    return Error{stem + ".json", 0, 0, "encoded graph does not verify against its own writer schema"};
  }
  auto payload = make_xnnpack_payload({flatbuffer->data(), flatbuffer->size(), plan.constant_data.data(),
                                       plan.constant_data.size(), plan.xh00_header});
  if (!payload) return payload.error();

  PlanSpec method;
  for (const json& id : plan.graph.at("input_ids")) method.inputs.push_back({dims_of(plan.graph, id.get<std::uint32_t>())});
  for (const json& id : plan.graph.at("output_ids")) method.outputs.push_back({dims_of(plan.graph, id.get<std::uint32_t>())});
  method.delegates.push_back(DelegateSpec{kXnnpackBackendId, std::move(payload.value()), plan.location});
  ProgramSpec program;
  program.extended_header = plan.extended_header;
  program.plans.push_back(std::move(method));
  auto pte = write_program(program);
  if (!pte) return pte.error();
  built.pte = std::move(pte.value());

  GoldenEntry& entry = built.entry;
  entry.path = stem + ".pte";
  entry.version = version;
  entry.sha256 = sha256_hex(built.pte.data(), built.pte.size());
  entry.size = built.pte.size();
  entry.description = stem + ".json";
  entry.purpose = plan.purpose;
  entry.storage = plan.location;
  entry.xh00_header = plan.xh00_header;
  entry.extended_header = plan.extended_header;
  for (const json& node : plan.graph.at("xnodes")) entry.nodes.push_back(node.at("xnode_union_type").get<std::string>());
  entry.runnable = plan.runnable;
  if (plan.runnable) {
    TensorsById inputs;
    for (const GoldenTensor& input : plan.inputs) {
      inputs.emplace(input.value_id, input.tensor);
      entry.inputs.push_back(record(input.value_id, input.external_id, input.tensor));
    }
    auto outputs = run_reference_graph(plan.graph, {plan.constant_data.data(), plan.constant_data.size()}, inputs);
    if (!outputs) return Error{entry.path, 0, 0, "reference run failed: " + outputs.error().message};
    for (const auto& [id, tensor] : *outputs) entry.expected_outputs.push_back(record(id, external_id_of(plan.graph, id), tensor));
  }
  return built;
}

}  // namespace

Expected<FreezeResult> freeze_golden(const FreezeOptions& options) {
  auto manifest_toml = load_manifest(options.family_dir + "/manifest.toml");
  if (!manifest_toml) return manifest_toml.error();
  if (manifest_toml->find(options.version) == nullptr) {
    return Error{options.family_dir + "/manifest.toml", 0, 0, fmt::format("has no version {}", options.version)};
  }
  const std::string manifest_path = options.golden_dir + "/MANIFEST.json";
  GoldenManifest manifest;
  if (exists(manifest_path)) {
    auto loaded = load_golden_manifest(manifest_path);
    if (!loaded) return loaded.error();
    manifest = std::move(loaded.value());
  }
  for (const GoldenEntry& entry : manifest.entries) {
    if (entry.family == "xnnpack" && entry.version == options.version) {
      return Error{manifest_path, 0, 0, fmt::format("{} is already frozen ({}): golden programs are never rewritten",
                                                    options.version, entry.path)};
    }
  }

  const std::string writer_path = options.family_dir + "/" + options.version + "/schema.fbs";
  auto model = load_schema(writer_path);
  if (!model) return model.error();
  auto writer = ReflectedSchema::load(writer_path);
  if (!writer) return writer.error();
  auto plans = golden_catalogue(*model);
  if (!plans) return plans.error();

  std::vector<PendingFile> pending;
  for (const GoldenProgramPlan& plan : *plans) {
    auto built = build(**writer, options.version, plan);
    if (!built) return built.error();
    pending.push_back({built->entry.description, std::move(built->description)});
    pending.push_back({built->entry.path, std::string(built->pte.begin(), built->pte.end())});
    manifest.entries.push_back(std::move(built->entry));
  }
  for (const PendingFile& file : pending) {
    const std::string target = options.golden_dir + "/" + file.relative;
    if (exists(target)) return Error{target, 0, 0, "exists: golden files are history and freeze never overwrites them"};
  }
  std::sort(manifest.entries.begin(), manifest.entries.end(),
            [](const GoldenEntry& a, const GoldenEntry& b) { return a.path < b.path; });
  pending.push_back({"MANIFEST.json", golden_manifest_json(manifest), true});

  FreezeResult result;
  for (const PendingFile& file : pending) {
    if (auto problem = write_file(options.golden_dir, file)) return *problem;
    result.written.push_back(file.relative);
  }
  return result;
}

}  // namespace fbcompat
