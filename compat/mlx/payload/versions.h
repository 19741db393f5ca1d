// Every version of the MLX schema history (schemas/mlx/manifest.toml), each with its schema.fbs loaded
// for reflection: the writer and the reader of that version, since the exporter and the runtime read
// the same file. Golden verify reads each program with every later version's schema.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/manifest.h"
#include "fbcompat/core/reflected_schema.h"

namespace fbcompat::mlx {

inline constexpr const char* kNodeUnion = "mlx_delegate.OpNode";

struct SchemaVersion {
  ManifestVersion info;
  std::shared_ptr<const ReflectedSchema> schema;
  std::vector<std::string> ops;  // OpNode members by type id - 1

  // The member type id `type_id` is in this schema; empty when it has none.
  std::string op_name(std::uint32_t type_id) const;
};

class SchemaVersions {
 public:
  static Expected<SchemaVersions> load(const std::string& family_dir);

  const Manifest& manifest() const { return manifest_; }
  const std::vector<SchemaVersion>& versions() const { return versions_; }  // oldest first

 private:
  Manifest manifest_;
  std::vector<SchemaVersion> versions_;
};

}  // namespace fbcompat::mlx
