#include "fbcompat/xnnpack/family.h"

#include <sys/stat.h>

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "fbcompat/xnnpack/graph.h"
#include "payload/compiled_reader.h"
#include "payload/generated_verification.h"
#include "payload/known_union_members.h"
#include "payload/reader_extension.h"
#include "payload/reader_plan.h"
#include "payload/schema_fingerprint.h"
#include "payload/unread_fields.h"

namespace fbcompat {
namespace {

bool file_exists(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

// The first key path set in `newest` that `older` lacks: a field the older runtime does not read.
std::optional<std::string> first_unread_field(const nlohmann::json& newest, const nlohmann::json& older, const std::string& path) {
  if (newest.is_object()) {
    if (!older.is_object()) return path;
    for (const auto& [key, value] : newest.items()) {
      const auto found = older.find(key);
      if (found == older.end()) return path + "." + key;
      if (auto deeper = first_unread_field(value, *found, path + "." + key)) return deeper;
    }
  } else if (newest.is_array() && older.is_array()) {
    for (std::size_t i = 0; i < newest.size() && i < older.size(); ++i) {
      if (auto deeper = first_unread_field(newest[i], older[i], fmt::format("{}[{}]", path, i))) return deeper;
    }
  }
  return std::nullopt;
}

Expected<nlohmann::json> sparse_json(const ReflectedSchema& schema, const XnnpackPayload& payload) {
  auto text = schema.to_json(payload.flatbuffer, ReflectedSchema::Defaults::Omitted);
  if (!text) return text.error();
  auto parsed = nlohmann::json::parse(*text, nullptr, false);
  if (parsed.is_discarded()) return Error{schema.path(), 0, 0, "flatbuffers produced JSON that does not parse"};
  return parsed;
}

}  // namespace

bool XnnpackVersion::accepts(const std::string& identifier) const {
  return std::find(accepted_identifiers.begin(), accepted_identifiers.end(), identifier) != accepted_identifiers.end();
}

bool XnnpackVersion::verify(const std::uint8_t* buffer, std::size_t size, const BufferLimits& limits) const {
  if (compiled == nullptr) return reader->verify(buffer, size, limits);
  if (buffer == nullptr || size < 8 || size > FLATBUFFERS_MAX_BUFFER_SIZE) return false;
  return compiled->verify(buffer, size, limits.max_depth, limits::table_count_limit(limits.max_tables, size)) &&
         union_members_known(*plan, buffer);
}

bool XnnpackVersion::reads_as_previous(const std::vector<std::string>& types) const {
  if (extends_previous_reader) return true;
  if (plan == nullptr || changed_from_previous.empty() || changed_from_previous.front().empty()) return false;
  return std::none_of(changed_from_previous.begin(), changed_from_previous.end(),
                      [&](const std::string& changed) { return std::binary_search(types.begin(), types.end(), changed); });
}

Expected<XnnpackFamily> XnnpackFamily::load(const std::string& family_dir, PayloadReadingPath path) {
  XnnpackFamily family;
  family.path_ = path;
  auto manifest = load_manifest(family_dir + "/manifest.toml");
  if (!manifest) return manifest.error();
  family.manifest_ = std::move(manifest.value());
  if (family.manifest_.versions.empty()) return Error{family_dir + "/manifest.toml", 0, 0, "lists no versions"};
  std::string previous_fingerprint;
  for (const ManifestVersion& info : family.manifest_.versions) {
    XnnpackVersion version;
    version.info = info;
    const std::string directory = family_dir + "/" + info.name;
    auto writer = ReflectedSchema::load(directory + "/schema.fbs");
    if (!writer) return writer.error();
    version.writer = writer.value();
    const std::string runtime_path = directory + "/runtime_schema.fbs";
    if (info.has_reader()) {
      if (!file_exists(runtime_path)) {
        return Error{runtime_path, 0, 0, fmt::format("missing: manifest.toml gives {} reader identifiers", info.name)};
      }
      auto reader = ReflectedSchema::load(runtime_path);
      if (!reader) return reader.error();
      version.reader = reader.value();
      version.accepted_identifiers = info.reader_identifiers;
    } else {
      version.reader = version.writer;
      version.accepted_identifiers = {info.writer_identifier};
    }
    if (path == PayloadReadingPath::Fast) {
      const std::string fingerprint = schema_fingerprint(version.reader->schema());
      version.compiled = compiled_reader_for(fingerprint);
      if (!family.versions_.empty()) {
        version.changed_from_previous = changed_declarations(previous_fingerprint, fingerprint);
        version.extends_previous_reader = version.changed_from_previous.empty();
      }
      previous_fingerprint = fingerprint;
    }
    family.versions_.push_back(std::move(version));
  }
  if (path == PayloadReadingPath::Fast) {
    for (XnnpackVersion& version : family.versions_) version.plan = plan_reader(version.reader, *family.newest().reader);
  }
  return family;
}

const XnnpackVersion* XnnpackFamily::find(const std::string& name) const {
  for (const XnnpackVersion& version : versions_) {
    if (version.info.name == name) return &version;
  }
  return nullptr;
}

namespace {

// The newest reader's view of the payload, decoded once however many versions are asked about.
class PayloadReader {
 public:
  PayloadReader(const XnnpackFamily& family, const XnnpackPayload& payload, const BufferLimits& limits)
      : family_(family), payload_(payload), limits_(limits) {}

  Expected<LoadVerdict> loads_on(const XnnpackVersion& version) {
    const std::string identifier = xnnpack_identifier(payload_);
    if (!version.accepts(identifier)) {
      return LoadVerdict{false, fmt::format("its runtime does not accept identifier '{}'", identifier)};
    }
    if (!sound_) {
      sound_ = passes_generated_xnnpack_verifier(payload_.flatbuffer, payload_.flatbuffer_size, limits_);
    }
    if (!*sound_ || !version.verify(payload_.flatbuffer, payload_.flatbuffer_size, limits_)) {
      return LoadVerdict{false, "the payload does not verify against its reader schema (a node or value it does not know?)"};
    }
    const XnnpackVersion& newest = family_.newest();
    if (&newest == &version) return LoadVerdict{true, ""};
    if (!newest_verifies_) newest_verifies_ = newest.verify(payload_.flatbuffer, payload_.flatbuffer_size, limits_);
    if (!*newest_verifies_) return LoadVerdict{true, ""};
    if (auto unread = fast_unread_field(newest, version)) {
      if (!*unread) return LoadVerdict{true, ""};
      return LoadVerdict{false, fmt::format("its runtime does not read {}, which the payload sets", **unread)};
    }
    if (!newest_json_) {
      auto decoded = sparse_json(*newest.reader, payload_);
      if (!decoded) return decoded.error();
      newest_json_ = std::move(decoded.value());
    }
    auto own_json = sparse_json(*version.reader, payload_);
    if (!own_json) return own_json.error();
    if (auto unread = first_unread_field(*newest_json_, *own_json, "XNNGraph")) {
      return LoadVerdict{false, fmt::format("its runtime does not read {}, which the payload sets", *unread)};
    }
    return LoadVerdict{true, ""};
  }

 private:
  // The buffer read by reflection with both readers (unread_fields.h), when it renders plainly with both.
  std::optional<std::optional<std::string>> fast_unread_field(const XnnpackVersion& newest, const XnnpackVersion& version) {
    if (version.plan == nullptr) return std::nullopt;
    if (!newest_plain_) newest_plain_ = newest.reader->renders_plainly(payload_.flatbuffer);
    if (!*newest_plain_ || !version.reader->renders_plainly(payload_.flatbuffer)) return std::nullopt;
    return first_unread_field_in_buffer(*newest.reader, *version.reader, *version.plan, payload_.flatbuffer, "XNNGraph");
  }

  const XnnpackFamily& family_;
  const XnnpackPayload& payload_;
  const BufferLimits& limits_;
  std::optional<bool> newest_verifies_;
  std::optional<bool> newest_plain_;
  std::optional<nlohmann::json> newest_json_;
  std::optional<bool> sound_;  // passes the generated verifier (generated_verification.h)
};

}  // namespace

Expected<LoadVerdict> runtime_loads(const XnnpackFamily& family, const XnnpackVersion& version,
                                    const std::uint8_t* payload, std::size_t size, const BufferLimits& limits) {
  auto split = split_xnnpack_payload(payload, size);
  if (!split) return split.error();
  return PayloadReader(family, *split, limits).loads_on(version);
}

Expected<std::optional<std::size_t>> earliest_loading_version(const XnnpackFamily& family, const std::uint8_t* payload,
                                                              std::size_t size, const BufferLimits& limits) {
  auto split = split_xnnpack_payload(payload, size);
  if (!split) return split.error();
  PayloadReader reading(family, *split, limits);
  for (std::size_t i = 0; i < family.versions().size(); ++i) {
    auto verdict = reading.loads_on(family.versions()[i]);
    if (!verdict) return verdict.error();
    if (verdict->loads) return std::optional<std::size_t>(i);
  }
  return std::optional<std::size_t>();
}

}  // namespace fbcompat
