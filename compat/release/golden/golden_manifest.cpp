#include "fbcompat/release/golden_manifest.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "fbcompat/core/input_limits.h"
#include "fbcompat/core/regular_file.h"
#include "fbcompat/support/json_document.h"

namespace fbcompat {
namespace {

using nlohmann::json;

json tensor_json(const GoldenTensorRecord& tensor) {
  json values = json::array();
  for (float value : tensor.values) values.push_back(static_cast<double>(value));
  return {{"value_id", tensor.value_id}, {"external_id", tensor.external_id}, {"shape", tensor.shape},
          {"dtype", tensor.dtype},       {"layout", tensor.layout},           {"values", values}};
}

// Whether the payload has its family's header is recorded under the header's magic: "xh00_header",
// "mlx0_header".
std::string payload_header_key(const std::string& header_name) {
  std::string key;
  for (char c : header_name) key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key + "_header";
}

json entry_json(const GoldenEntry& entry) {
  json out{{"family", entry.family},
           {"version", entry.version},
           {"sha256", entry.sha256},
           {"size", entry.size},
           {"description", entry.description},
           {"purpose", entry.purpose},
           {"storage", delegate_location_name(entry.storage)},
           {"extended_header", entry.extended_header},
           {"nodes", entry.nodes},
           {"runnable", entry.runnable}};
  if (!entry.payload_header_name.empty()) out[payload_header_key(entry.payload_header_name)] = entry.payload_header;
  if (!entry.exported_as.empty()) out["exported_as"] = entry.exported_as;
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

bool read_text(const rapidjson::Value& element, std::string& out) {
  if (!element.IsString()) return false;
  out.assign(element.GetString(), element.GetStringLength());
  return true;
}

bool read_bool(const rapidjson::Value& element, bool& out) {
  if (!element.IsBool()) return false;
  out = element.GetBool();
  return true;
}

// An unsigned integer, written as one or as a number with nothing after the point ("3488.0"), as
// nlohmann read it.
bool read_size(const rapidjson::Value& element, std::size_t& out) {
  if (element.IsUint64()) {
    out = static_cast<std::size_t>(element.GetUint64());
    return true;
  }
  const double value = element.IsDouble() ? element.GetDouble() : -1;
  if (!(value >= 0 && value < 18446744073709551616.0 && std::floor(value) == value)) return false;
  out = static_cast<std::size_t>(value);
  return true;
}

bool read_float(const rapidjson::Value& element, float& out) {
  if (!element.IsNumber()) return false;
  out = static_cast<float>(element.GetDouble());
  return true;
}

// One entry's members, read with the first that is missing or of another type remembered: the entry is
// then refused with that reason.
class MemberReader {
 public:
  explicit MemberReader(const rapidjson::Value& object) : object_(object) {
    if (const char* twice = support::repeated_key(object)) problem_ = fmt::format("\"{}\" is given twice", twice);
  }

  const std::optional<std::string>& problem() const { return problem_; }

  std::string text(const char* key, std::optional<std::string> fallback = std::nullopt) {
    return one<std::string>(key, "a string", read_text, std::move(fallback));
  }
  bool flag(const char* key, bool fallback) { return one<bool>(key, "true or false", read_bool, fallback); }
  std::uint64_t count(const char* key, std::optional<std::uint64_t> fallback = std::nullopt) {
    return one<std::size_t>(key, "an unsigned integer", read_size, fallback);
  }
  float number(const char* key, float fallback) { return one<float>(key, "a number", read_float, fallback); }

  std::uint32_t id(const char* key) {
    const std::uint64_t value = count(key);
    if (value > UINT32_MAX) {
      fail(key, "an unsigned 32-bit integer");
      return 0;
    }
    return static_cast<std::uint32_t>(value);
  }

  // A member read by `read(value, out)`, which returns false when it is not `what`; `fallback` when the
  // member is absent (without one, it must be there).
  template <typename T, typename Read>
  T one(const char* key, const char* what, Read read, std::optional<T> fallback = std::nullopt) {
    const rapidjson::Value* value = member(key, fallback.has_value());
    if (value == nullptr) return fallback.value_or(T{});
    T out{};
    if (!read(*value, out)) fail(key, what);
    return out;
  }

  // The elements of an array member, each read by `read(element)`, which returns false when it is not
  // of the element type (`what`).
  template <typename T, typename Read>
  std::vector<T> list(const char* key, const char* what, Read read) {
    std::vector<T> out;
    const rapidjson::Value* value = member(key, false);
    if (value == nullptr) return out;
    if (!value->IsArray()) {
      fail(key, fmt::format("an array of {}", what));
      return out;
    }
    out.reserve(value->Size());
    for (const rapidjson::Value& element : value->GetArray()) {
      T item{};
      if (!read(element, item)) {
      fail(key, fmt::format("an array of {}", what));
      return out;
    }
      out.push_back(std::move(item));
    }
    return out;
  }

  // An object member, or nullptr when it is absent (then `required` makes that the problem).
  const rapidjson::Value* object(const char* key, bool required) {
    const rapidjson::Value* value = member(key, !required);
    if (value != nullptr && !value->IsObject()) {
      fail(key, "an object");
      return nullptr;
    }
    return value;
  }

  // An array of objects.
  const rapidjson::Value* objects(const char* key) {
    const rapidjson::Value* value = member(key, false);
    if (value == nullptr) return nullptr;
    const bool all_objects = value->IsArray() && std::all_of(value->Begin(), value->End(), [](const rapidjson::Value& element) {
                               return element.IsObject();
                             });
    if (!all_objects) {
      fail(key, "an array of objects");
      return nullptr;
    }
    return value;
  }

 private:
  const rapidjson::Value* member(const char* key, bool optional) {
    const auto found = object_.FindMember(key);
    if (found != object_.MemberEnd()) return &found->value;
    if (!optional && !problem_) problem_ = fmt::format("\"{}\" is missing", key);
    return nullptr;
  }

  void fail(const char* key, const std::string& expected) {
    if (!problem_) problem_ = fmt::format("\"{}\" must be {}", key, expected);
  }

  const rapidjson::Value& object_;
  std::optional<std::string> problem_;
};

std::optional<std::string> tensor_from(const rapidjson::Value& object, GoldenTensorRecord& tensor) {
  MemberReader read(object);
  tensor.value_id = read.id("value_id");
  tensor.external_id = read.id("external_id");
  tensor.shape = read.list<std::size_t>("shape", "unsigned integers", read_size);
  tensor.dtype = read.text("dtype");
  tensor.layout = read.text("layout", "");
  tensor.values = read.list<float>("values", "numbers", read_float);
  return read.problem();
}

std::optional<std::string> tensors_from(MemberReader& read, const char* key, std::vector<GoldenTensorRecord>& tensors) {
  const rapidjson::Value* list = read.objects(key);
  if (list == nullptr) return read.problem();
  for (const rapidjson::Value& object : list->GetArray()) {
    GoldenTensorRecord tensor;
    if (auto problem = tensor_from(object, tensor)) return fmt::format("{}[{}]: {}", key, tensors.size(), *problem);
    tensors.push_back(std::move(tensor));
  }
  return std::nullopt;
}

// The one "<magic>_header" member besides "extended_header", if any: whether the payload has its family's
// header, and that header's name.
void read_payload_header(const rapidjson::Value& object, GoldenEntry& entry) {
  constexpr std::string_view kSuffix = "_header";
  for (const auto& member : object.GetObject()) {
    const std::string_view key(member.name.GetString(), member.name.GetStringLength());
    if (key == "extended_header" || key.size() <= kSuffix.size() || !member.value.IsBool() ||
        key.substr(key.size() - kSuffix.size()) != kSuffix) {
      continue;
    }
    entry.payload_header_name.clear();
    for (char c : key.substr(0, key.size() - kSuffix.size())) {
      entry.payload_header_name += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    entry.payload_header = member.value.GetBool();
    return;
  }
}

// The entry, or why it cannot be read.
std::optional<std::string> entry_from(const rapidjson::Value& object, GoldenEntry& entry) {
  if (!object.IsObject()) return "not an object";
  MemberReader read(object);
  // Older manifests may leave it out: a program's path starts with its family's directory.
  entry.family = read.text("family", entry.path.substr(0, entry.path.find('/')));
  entry.version = read.text("version");
  entry.sha256 = read.text("sha256");
  entry.size = read.count("size", 0);
  entry.description = read.text("description", "");
  entry.purpose = read.text("purpose", "");
  entry.storage = read.text("storage", "INLINE") == "SEGMENT" ? DelegateLocation::Segment : DelegateLocation::Inline;
  read_payload_header(object, entry);
  entry.extended_header = read.flag("extended_header", true);
  entry.nodes = read.list<std::string>("nodes", "strings", read_text);
  entry.runnable = read.flag("runnable", false);
  entry.exported_as = read.text("exported_as", "");
  if (read.problem() || !entry.runnable) return read.problem();
  if (auto problem = tensors_from(read, "inputs", entry.inputs)) return problem;
  if (auto problem = tensors_from(read, "expected_outputs", entry.expected_outputs)) return problem;
  if (const rapidjson::Value* tolerance = read.object("tolerance", false)) {
    MemberReader bounds(*tolerance);
    entry.relative_tolerance = bounds.number("relative", entry.relative_tolerance);
    entry.absolute_tolerance = bounds.number("absolute", entry.absolute_tolerance);
    if (bounds.problem()) return "tolerance: " + *bounds.problem();
  }
  return read.problem();
}

// A program's or description's path is relative to the golden directory and stays inside it: refused
// by name as the manifest is read, so that neither verify nor the audit reads (nor freeze records) a
// file elsewhere.
std::optional<std::string> path_problem(const std::string& relative) {
  if (relative.empty()) return "is empty";
  if (relative.front() == '/') return "is absolute: paths in the golden manifest are relative to its directory";
  std::size_t start = 0;
  while (start <= relative.size()) {
    std::size_t end = relative.find('/', start);
    if (end == std::string::npos) end = relative.size();
    const std::string_view part(relative.data() + start, end - start);
    if (part == "..") return "leads outside the golden directory ('..')";
    if (part.empty() || part == ".") return "is not written plainly (an empty or '.' part): give it as freeze writes it";
    start = end + 1;
  }
  for (const char c : relative) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) return "holds a control character";
  }
  return std::nullopt;
}

}  // namespace

const GoldenEntry* GoldenManifest::find(const std::string& path) const {
  for (const GoldenEntry& entry : entries) {
    if (entry.path == path) return &entry;
  }
  return nullptr;
}

namespace {

namespace fs = std::filesystem;

// One manifest file's entries, their paths (and descriptions') prefixed with `prefix`, the directory the
// file is in relative to the golden directory.
Expected<GoldenManifest> load_manifest_file(const std::string& path, std::uint64_t max_bytes, const std::string& prefix,
                                           bool with_families) {
  std::string text;
  const RegularFileRead read = read_regular_file(path, max_bytes, text);
  if (read.outcome == RegularFileRead::Outcome::TooLarge) {
    return Error{path, 0, 0, limits::exceeded("the golden manifest is", read.size, "byte", limits::kGoldenFileSizeName, max_bytes)};
  }
  if (read.outcome != RegularFileRead::Outcome::Read) return Error{path, 0, 0, "cannot open the golden manifest"};
  rapidjson::Document document;
  if (const auto problem = support::parse_json(text, document)) {
    return Error{path, problem->line, problem->column, fmt::format("not valid JSON: {}", problem->message)};
  }
  if (!document.IsObject()) return Error{path, 0, 0, "not a JSON object"};
  if (const char* twice = support::repeated_key(document)) return Error{path, 0, 0, fmt::format("\"{}\" is given twice", twice)};
  const auto format = document.FindMember("format");
  std::size_t format_number = 0;
  if (format == document.MemberEnd() || !read_size(format->value, format_number) || format_number != GoldenManifest::kFormat) {
    return Error{path, 0, 0, fmt::format("unknown manifest format (expected \"format\": {})", GoldenManifest::kFormat)};
  }
  const auto programs = document.FindMember("programs");
  if (programs == document.MemberEnd() || !programs->value.IsObject()) return Error{path, 0, 0, "has no \"programs\" object"};
  GoldenManifest manifest;
  manifest.entries.reserve(programs->value.MemberCount());
  for (const auto& member : programs->value.GetObject()) {
    GoldenEntry entry;
    entry.path.assign(member.name.GetString(), member.name.GetStringLength());
    if (const auto problem = path_problem(entry.path)) {
      return Error{path, 0, 0, fmt::format("entry {}: its path {}", entry.path, *problem)};
    }
    if (const auto problem = entry_from(member.value, entry)) {
      return Error{path, 0, 0, fmt::format("entry {}: {}", entry.path, *problem)};
    }
    if (const auto problem = entry.description.empty() ? std::nullopt : path_problem(entry.description)) {
      return Error{path, 0, 0, fmt::format("entry {}: its description {} {}", entry.path, entry.description, *problem)};
    }
    entry.path = prefix + entry.path;
    if (!entry.description.empty()) entry.description = prefix + entry.description;
    manifest.entries.push_back(std::move(entry));
  }
  if (with_families) {
    // A family directory may hold a manifest of its own (golden/mlx/MANIFEST.json): a family added later
    // lists its programs there, leaving the frozen top-level manifest as it was.
    std::error_code error;
    const fs::path directory = fs::path(path).parent_path();
    std::vector<std::string> families;
    for (fs::directory_iterator it(directory.empty() ? fs::path(".") : directory, error), end; !error && it != end;
         it.increment(error)) {
      if (it->is_directory(error) && fs::is_regular_file(it->path() / "MANIFEST.json", error)) {
        families.push_back(it->path().filename().string());
      }
    }
    std::sort(families.begin(), families.end());
    for (const std::string& family : families) {
      auto nested = load_manifest_file((directory / family / "MANIFEST.json").string(), max_bytes, family + "/", false);
      if (!nested) return nested.error();
      for (GoldenEntry& entry : nested->entries) manifest.entries.push_back(std::move(entry));
    }
  }
  std::sort(manifest.entries.begin(), manifest.entries.end(),
            [](const GoldenEntry& a, const GoldenEntry& b) { return a.path < b.path; });
  // A JSON object may name a key twice; which of the two entries would count is nowhere said.
  const auto twice = std::adjacent_find(manifest.entries.begin(), manifest.entries.end(),
                                        [](const GoldenEntry& a, const GoldenEntry& b) { return a.path == b.path; });
  if (twice != manifest.entries.end()) return Error{path, 0, 0, fmt::format("entry {} is listed twice", twice->path)};
  return manifest;
}

}  // namespace

Expected<GoldenManifest> load_golden_manifest(const std::string& path, std::uint64_t max_bytes) {
  return load_manifest_file(path, max_bytes, "", false);
}

Expected<GoldenManifest> load_golden_manifests(const std::string& golden_dir, std::uint64_t max_bytes) {
  return load_manifest_file(golden_dir + "/MANIFEST.json", max_bytes, "", true);
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
