// The MLX family's part of `fbcompat load-check` (DelegateFamily::choose_runtime, check_payload): which
// runtime a name stands for, and each payload as that runtime loads it: the ops it lacks, the schema
// version it refuses. What fbcompat compiled in from schemas/mlx is enough: no schemas are read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/rule.h"
#include "fbcompat/executorch/delegate_family.h"

namespace fbcompat::mlx {

extern const RuleInfo kLoadMlxOpsUnknown;
extern const RuleInfo kLoadMlxSchemaVersionRefused;
const std::vector<const RuleInfo*>& family_rules();

// A version ("v1.4.0", standing for every release that shipped it) or one ExecuTorch release ("1.4.1");
// a release before MLX's first has no MLX runtime (an empty version), which its loader then says; an
// Error naming the known versions and releases when `text` is neither.
Expected<LoadCheckRuntime> choose_load_check_runtime(const std::string& text);

PayloadLoadCheck check_payload_on(const std::uint8_t* data, std::size_t size, const LoadCheckRuntime& runtime);

}  // namespace fbcompat::mlx
