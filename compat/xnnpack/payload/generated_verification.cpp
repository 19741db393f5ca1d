#include "payload/generated_verification.h"

#include "fbcompat/xnnpack/runtime_schema_generated.h"

namespace fbcompat {

bool passes_generated_xnnpack_verifier(const std::uint8_t* buffer, std::size_t size, const BufferLimits& limits) {
  if (buffer == nullptr || size < 8 || size > FLATBUFFERS_MAX_BUFFER_SIZE) return false;
  flatbuffers::Verifier verifier(buffer, size, limits.max_depth, limits::table_count_limit(limits.max_tables, size));
  return verifier.VerifyBuffer<fb_xnnpack::XNNGraph>(nullptr);
}

}  // namespace fbcompat
