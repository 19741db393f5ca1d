#include "golden/sha256.h"

#include <openssl/evp.h>

#include <fmt/format.h>

namespace fbcompat {

std::string sha256_hex(const std::uint8_t* data, std::size_t size) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  static const std::uint8_t kEmpty = 0;
  if (EVP_Digest(size == 0 ? &kEmpty : data, size, digest, &length, EVP_sha256(), nullptr) != 1) return {};
  std::string hex;
  hex.reserve(length * 2);
  for (unsigned int i = 0; i < length; ++i) hex += fmt::format("{:02x}", digest[i]);
  return hex;
}

}  // namespace fbcompat
