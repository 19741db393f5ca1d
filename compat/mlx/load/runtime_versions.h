// What MLX's runtime of each release knows and refuses, compiled into fbcompat (compiled_versions.h, from
// schemas/mlx) with the one fact its schema does not hold, the payload schema versions each accepts
// (MLXBackend.cpp's kMaxSupportedVersion), in one table (runtime_versions.cpp). docs/families/mlx.md
// gives each fact with its release.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fbcompat/executorch/runtime_release.h"

namespace fbcompat::mlx {

// The first release with the MLX backend: before it a runtime has no backend registered as MLXBackend.
inline constexpr RuntimeRelease kFirstRelease{1, 3, 0};

struct RuntimeVersion {
  std::string name;                      // "v1.4.0"
  std::optional<RuntimeRelease> first;   // nullopt: not released yet
  std::optional<RuntimeRelease> last;
  std::uint32_t op_count = 0;            // it knows OpNode type ids 1..op_count
  std::int64_t max_schema_version = 1;   // the highest MLXGraph.version it loads

  bool released() const { return first.has_value(); }
  // "v1.4.0 (releases 1.4.0 .. 1.4.1)", "v1.5.0-dev (not released yet)"
  std::string described() const;
  // As the version something was added in: "v1.4.0, released in 1.4.0", "v1.5.0-dev, not released yet".
  std::string introduced() const;
};

// Every version fbcompat was built with, oldest first.
const std::vector<RuntimeVersion>& runtime_versions();

// The version whose runtime a release runs. From the newest release the loader rules describe on, the
// newest version (released or not) stands for it, as an unreleased version stands for that release
// everywhere in fbcompat (runtime_releases_from). Nullopt before the MLX backend's first release.
std::optional<std::size_t> version_at(const RuntimeRelease& release);

// The oldest version that introduced OpNode type id `type_id`; nullopt when no version knows it.
std::optional<std::size_t> version_introducing(std::uint32_t type_id);

// MLXGraph.version as the runtime reads it (std::stoi: leading spaces, a sign, digits, anything after
// them ignored; empty means 1); nullopt when it is no integer the runtime can read.
std::optional<std::int64_t> schema_version_of(const std::optional<std::string>& text);

}  // namespace fbcompat::mlx
