#include "fbcompat/release/golden_manifest.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace fbcompat {
namespace {

using nlohmann::json;

json tensor_json(const GoldenTensorRecord& tensor) {
  json values = json::array();
  for (float value : tensor.values) values.push_back(static_cast<double>(value));
  return {{"value_id", tensor.value_id}, {"external_id", tensor.external_id}, {"shape", tensor.shape},
          {"dtype", tensor.dtype},       {"layout", tensor.layout},           {"values", values}};
}

GoldenTensorRecord tensor_from(const json& j) {
  GoldenTensorRecord tensor;
  tensor.value_id = j.at("value_id").get<std::uint32_t>();
  tensor.external_id = j.at("external_id").get<std::uint32_t>();
  tensor.shape = j.at("shape").get<std::vector<std::size_t>>();
  tensor.dtype = j.at("dtype").get<std::string>();
  tensor.layout = j.value("layout", "");
  for (const json& value : j.at("values")) tensor.values.push_back(value.get<float>());
  return tensor;
}

json entry_json(const GoldenEntry& entry) {
  json out{{"family", entry.family},
           {"version", entry.version},
           {"sha256", entry.sha256},
           {"size", entry.size},
           {"description", entry.description},
           {"purpose", entry.purpose},
           {"storage", delegate_location_name(entry.storage)},
           {"xh00_header", entry.xh00_header},
           {"extended_header", entry.extended_header},
           {"nodes", entry.nodes},
           {"runnable", entry.runnable}};
  if (entry.runnable) {
    json inputs = json::array();
    for (const auto& tensor : entry.inputs) inputs.push_back(tensor_json(tensor));
    json outputs = json::array();
    for (const auto& tensor : entry.expected_outputs) outputs.push_back(tensor_json(tensor));
    out["inputs"] = inputs;
    out["expected_outputs"] = outputs;
    out["tolerance"] = {{"relative", static_cast<double>(entry.relative_tolerance)},
                        {"absolute", static_cast<double>(entry.absolute_tolerance)}};
  }
  return out;
}

GoldenEntry entry_from(const std::string& path, const json& j) {
  GoldenEntry entry;
  entry.path = path;
  entry.family = j.value("family", "xnnpack");
  entry.version = j.at("version").get<std::string>();
  entry.sha256 = j.at("sha256").get<std::string>();
  entry.size = j.value("size", std::uint64_t{0});
  entry.description = j.value("description", "");
  entry.purpose = j.value("purpose", "");
  entry.storage = j.value("storage", "INLINE") == "SEGMENT" ? DelegateLocation::Segment : DelegateLocation::Inline;
  entry.xh00_header = j.value("xh00_header", true);
  entry.extended_header = j.value("extended_header", true);
  entry.nodes = j.at("nodes").get<std::vector<std::string>>();
  entry.runnable = j.value("runnable", false);
  if (entry.runnable) {
    for (const json& tensor : j.at("inputs")) entry.inputs.push_back(tensor_from(tensor));
    for (const json& tensor : j.at("expected_outputs")) entry.expected_outputs.push_back(tensor_from(tensor));
    if (const auto tolerance = j.find("tolerance"); tolerance != j.end()) {
      entry.relative_tolerance = tolerance->value("relative", entry.relative_tolerance);
      entry.absolute_tolerance = tolerance->value("absolute", entry.absolute_tolerance);
    }
  }
  return entry;
}

}  // namespace

const GoldenEntry* GoldenManifest::find(const std::string& path) const {
  for (const GoldenEntry& entry : entries) {
    if (entry.path == path) return &entry;
  }
  return nullptr;
}

Expected<GoldenManifest> load_golden_manifest(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{path, 0, 0, "cannot open the golden manifest"};
  std::ostringstream text;
  text << in.rdbuf();
  json document = json::parse(text.str(), nullptr, false);
  if (document.is_discarded() || !document.is_object()) return Error{path, 0, 0, "not valid JSON"};
  if (document.value("format", 0) != GoldenManifest::kFormat) {
    return Error{path, 0, 0, fmt::format("unknown manifest format (expected \"format\": {})", GoldenManifest::kFormat)};
  }
  GoldenManifest manifest;
  const auto programs = document.find("programs");
  if (programs == document.end() || !programs->is_object()) return Error{path, 0, 0, "has no \"programs\" object"};
  for (const auto& [program_path, entry] : programs->items()) {
    try {
      manifest.entries.push_back(entry_from(program_path, entry));
    } catch (const json::exception& problem) {
      return Error{path, 0, 0, fmt::format("entry {}: {}", program_path, problem.what())};
    }
  }
  std::sort(manifest.entries.begin(), manifest.entries.end(),
            [](const GoldenEntry& a, const GoldenEntry& b) { return a.path < b.path; });
  return manifest;
}

// One line per entry, in path order: freezing a version adds lines and changes none.
std::string golden_manifest_json(const GoldenManifest& manifest) {
  std::string text = fmt::format("{{\"format\": {}, \"programs\": {{", GoldenManifest::kFormat);
  for (std::size_t i = 0; i < manifest.entries.size(); ++i) {
    const GoldenEntry& entry = manifest.entries[i];
    // The separator leads the line, so that the previous line stays as it was.
    text += fmt::format("\n{}{}: {}", i == 0 ? "  " : ", ", json(entry.path).dump(-1, ' ', false, json::error_handler_t::replace),
                        entry_json(entry).dump(-1, ' ', false, json::error_handler_t::replace));
  }
  text += "\n}}\n";
  return text;
}

}  // namespace fbcompat
