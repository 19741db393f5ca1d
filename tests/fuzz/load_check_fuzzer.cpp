// Fuzzes the load-time check (load_check.h) with every generated runtime profile. The result must be
// self-consistent whatever the bytes: a NUL-terminated message, counts that agree with the code, and
// a minimum runtime that itself loads what it is named for.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fbcompat/load_check/load_check.h"
#include "fbcompat/load_check/xnnpack_profiles.h"
#include "fuzz_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using fbcompat::fuzz::require;
  using fbcompat::LoadCheckCode;
  const auto& family = fbcompat::xnnpack_profiles::kFamily;
  for (std::size_t v = 0; v < family.version_count; ++v) {
    const fbcompat::LoadCheckResult result = fbcompat::check_xnnpack_payload(data, size, family.versions[v]);
    require(std::memchr(result.message, '\0', sizeof result.message) != nullptr, "the message is NUL-terminated");
    require(result.message[0] != '\0' || result.code == LoadCheckCode::Ok, "every refusal says why");
    const std::uint32_t unknown_types = result.unknown_node_types + result.unknown_value_types +
                                        result.unknown_quantization_types + result.unknown_datatypes;
    if (result.code == LoadCheckCode::UnknownTypes) require(unknown_types > 0, "unknown types are counted");
    if (result.loadable()) require(unknown_types == 0, "a loadable program uses no unknown type");
    if (result.code == LoadCheckCode::Corrupt) require(result.minimum_runtime == nullptr, "corrupt: no minimum runtime");
    if (result.minimum_runtime != nullptr) {
      const fbcompat::LoadCheckResult on_minimum = fbcompat::check_xnnpack_payload(data, size, *result.minimum_runtime);
      require(on_minimum.loadable(), "the minimum runtime named loads the program");
    }
  }
  return 0;
}
