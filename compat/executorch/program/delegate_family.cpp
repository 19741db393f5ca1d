#include "fbcompat/executorch/delegate_family.h"

#include <algorithm>

namespace fbcompat {

std::vector<RuntimeRelease> runtime_releases_from(const Manifest& manifest, std::size_t version) {
  std::vector<RuntimeRelease> releases;
  const auto add = [&](RuntimeRelease release) {
    if (std::find(releases.begin(), releases.end(), release) == releases.end()) releases.push_back(release);
  };
  for (std::size_t v = version; v < manifest.versions.size(); ++v) {
    if (!manifest.versions[v].released()) add(RuntimeRelease::development_head());
    for (const std::string& name : manifest.versions[v].releases) {
      if (const auto release = RuntimeRelease::parse(name)) add(*release);
    }
  }
  return releases;
}

std::string golden_layout_for(std::size_t rank) {
  if (rank == 4) return "NHWC";
  if (rank == 2) return "NC";
  return "ROW_MAJOR";
}

}  // namespace fbcompat
