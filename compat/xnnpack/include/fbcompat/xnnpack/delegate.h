// The XNNPACK delegate family behind the DelegateFamily interface (fbcompat/executorch/delegate_family.h):
// payloads read against every version of schemas/xnnpack, the golden programs' catalogue built with
// a version's writer schema, the nodes of XNodeUnion.
#pragma once

#include <memory>
#include <string>

#include "fbcompat/core/error.h"
#include "fbcompat/executorch/delegate_family.h"
#include "fbcompat/xnnpack/family.h"

namespace fbcompat::xnnpack {

inline constexpr const char* kFamilyName = "xnnpack";
inline constexpr const char* kBackendId = "XnnpackBackend";  // the id its programs' delegates carry

// Loads manifest.toml in `family_dir` and every version's schemas.
Expected<std::unique_ptr<DelegateFamily>> load_delegate_family(const std::string& family_dir);
// The same, reading payloads the given way (tests compare the fast way with reflection alone).
Expected<std::unique_ptr<DelegateFamily>> load_delegate_family(const std::string& family_dir, PayloadReadingPath path);

// The family without schemas: payloads are split (header, identifier), not decoded.
std::unique_ptr<DelegateFamily> delegate_family_without_schemas();

}  // namespace fbcompat::xnnpack
