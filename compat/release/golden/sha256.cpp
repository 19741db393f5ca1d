#include "golden/sha256.h"

#include <openssl/evp.h>

#include <fmt/format.h>

#include "git/shared_library.h"

namespace fbcompat {
namespace {

// libcrypto's one-shot digest, from the library opened at first use (see shared_library.h).
struct Crypto {
  decltype(&EVP_Digest) digest = nullptr;
  decltype(&EVP_sha256) sha256 = nullptr;
};

const Crypto& crypto() {
  static const Crypto functions = [] {
    Crypto loaded;
    auto library = SharedLibrary::open(FBCOMPAT_LIBCRYPTO_SONAME);
    if (!library) return loaded;
    loaded.digest = reinterpret_cast<decltype(&EVP_Digest)>((*library)->symbol("EVP_Digest"));
    loaded.sha256 = reinterpret_cast<decltype(&EVP_sha256)>((*library)->symbol("EVP_sha256"));
    return loaded;
  }();
  return functions;
}

}  // namespace

std::string sha256_hex(const std::uint8_t* data, std::size_t size) {
  const Crypto& functions = crypto();
  if (functions.digest == nullptr || functions.sha256 == nullptr) return {};
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  static const std::uint8_t kEmpty = 0;
  if (functions.digest(size == 0 ? &kEmpty : data, size, digest, &length, functions.sha256(), nullptr) != 1) return {};
  std::string hex;
  hex.reserve(length * 2);
  for (unsigned int i = 0; i < length; ++i) hex += fmt::format("{:02x}", digest[i]);
  return hex;
}

}  // namespace fbcompat
