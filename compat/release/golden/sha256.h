// SHA-256 of bytes, as lowercase hex: the fingerprint that pins each golden program.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "fbcompat/core/error.h"

namespace fbcompat {

// OpenSSL's libcrypto computes it, loaded the first time a digest is asked for (only golden verify and
// freeze ask; support/on_demand_library.h says why): the Error names libcrypto when it cannot be loaded.
Expected<std::string> sha256_hex(const std::uint8_t* data, std::size_t size);

}  // namespace fbcompat
