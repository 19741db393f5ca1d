// The MLX delegate family behind the DelegateFamily interface (fbcompat/executorch/delegate_family.h):
// payloads read against every version of schemas/mlx, MLX's own checks when ExecuTorch initialises a
// payload, the load check on one runtime, the golden programs built with a version's schema. MLX runs
// payloads on Apple silicon through Metal: fbcompat decodes and checks them, and runs none.
#pragma once

#include <memory>
#include <string>

#include "fbcompat/core/error.h"
#include "fbcompat/executorch/delegate_family.h"

namespace fbcompat::mlx {

inline constexpr const char* kFamilyName = "mlx";
inline constexpr const char* kBackendId = "MLXBackend";  // the id its programs' delegates carry

// Loads manifest.toml in `family_dir` and every version's schema.
Expected<std::unique_ptr<DelegateFamily>> load_delegate_family(const std::string& family_dir);

// The family without schemas: payloads are split (header, flatbuffer, data segment), not decoded; its
// load checks and load check use what fbcompat compiled in from schemas/mlx.
std::unique_ptr<DelegateFamily> delegate_family_without_schemas();

// MLX's own checks at BackendDelegate::Init (docs/families/mlx.md), release by release.
const BackendLoadChecks& backend_load_checks();

}  // namespace fbcompat::mlx
