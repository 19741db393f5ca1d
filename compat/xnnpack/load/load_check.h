// The XNNPACK family's part of `fbcompat load-check` (DelegateFamily::choose_runtime, check_payload):
// the runtime a name stands for, found among the generated runtime profiles, and each payload checked
// on that runtime's profile by the header-only load check (fbcompat/load_check/load_check.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "fbcompat/core/error.h"
#include "fbcompat/executorch/delegate_family.h"

namespace fbcompat::xnnpack {

// A schema version ("v1.1.0", standing for every release that shipped it) or one ExecuTorch release
// ("1.4.1"); an Error naming the known versions and releases when `text` is neither.
Expected<LoadCheckRuntime> choose_load_check_runtime(const std::string& text);

PayloadLoadCheck check_payload_on(const std::uint8_t* data, std::size_t size, const LoadCheckRuntime& runtime);

}  // namespace fbcompat::xnnpack
