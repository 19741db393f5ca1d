#include "golden/sha256.h"

#include <openssl/evp.h>

#include <fmt/format.h>

#include "fbcompat/support/on_demand_library.h"

namespace fbcompat {
namespace {

struct Libcrypto {
  decltype(&::EVP_Digest) digest = nullptr;
  decltype(&::EVP_sha256) sha256 = nullptr;
  std::string problem;  // empty when bound
};

const Libcrypto& libcrypto() {
  static const Libcrypto bound = [] {
    static OnDemandLibrary library(FBCOMPAT_LIBCRYPTO_SONAME, "the SHA-256 of golden programs (golden verify and freeze)");
    const char* const names[] = {"EVP_Digest", "EVP_sha256"};
    void* addresses[2] = {};
    Libcrypto functions;
    functions.problem = library.bind(names, addresses, 2);
    functions.digest = reinterpret_cast<decltype(&::EVP_Digest)>(addresses[0]);
    functions.sha256 = reinterpret_cast<decltype(&::EVP_sha256)>(addresses[1]);
    return functions;
  }();
  return bound;
}

}  // namespace

Expected<std::string> sha256_hex(const std::uint8_t* data, std::size_t size) {
  const Libcrypto& crypto = libcrypto();
  if (!crypto.problem.empty()) return Error{FBCOMPAT_LIBCRYPTO_SONAME, 0, 0, crypto.problem};
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  static const std::uint8_t kEmpty = 0;
  if (crypto.digest(size == 0 ? &kEmpty : data, size, digest, &length, crypto.sha256(), nullptr) != 1) {
    return Error{FBCOMPAT_LIBCRYPTO_SONAME, 0, 0, "EVP_Digest failed to compute a SHA-256"};
  }
  std::string hex;
  hex.reserve(length * 2);
  for (unsigned int i = 0; i < length; ++i) hex += fmt::format("{:02x}", digest[i]);
  return hex;
}

}  // namespace fbcompat
