// SHA-256 of bytes, as lowercase hex: the fingerprint that pins each golden program.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace fbcompat {

std::string sha256_hex(const std::uint8_t* data, std::size_t size);

}  // namespace fbcompat
