#include "payload/versions.h"

#include <fmt/format.h>

namespace fbcompat::mlx {

std::string SchemaVersion::op_name(std::uint32_t type_id) const {
  return type_id >= 1 && type_id <= ops.size() ? ops[type_id - 1] : std::string();
}

Expected<SchemaVersions> SchemaVersions::load(const std::string& family_dir) {
  auto manifest = load_manifest(family_dir + "/manifest.toml");
  if (!manifest) return manifest.error();
  SchemaVersions loaded;
  loaded.manifest_ = std::move(manifest.value());
  for (const ManifestVersion& info : loaded.manifest_.versions) {
    const std::string path = family_dir + "/" + info.name + "/schema.fbs";
    auto schema = ReflectedSchema::load(path);
    if (!schema) return schema.error();
    const reflection::Enum* nodes = (*schema)->find_enum(kNodeUnion);
    if (nodes == nullptr) return Error{path, 0, 0, fmt::format("declares no union {}", kNodeUnion)};
    SchemaVersion version{info, std::move(schema.value()), {}};
    // Type ids by position: a union's members are numbered 1, 2, ... as declared.
    for (const reflection::EnumVal* member : *nodes->values()) {
      if (member->value() == 0) continue;
      if (member->value() != static_cast<std::int64_t>(version.ops.size()) + 1) {
        return Error{path, 0, 0, fmt::format("{} skips type ids at {}", kNodeUnion, member->name()->str())};
      }
      version.ops.push_back(member->name()->str());
    }
    loaded.versions_.push_back(std::move(version));
  }
  return loaded;
}

}  // namespace fbcompat::mlx
