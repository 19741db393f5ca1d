#include "golden/sha256.h"

#include <openssl/evp.h>
#include <openssl/opensslv.h>

#include "fbcompat/support/on_demand_library.h"

namespace fbcompat {
namespace {

struct Libcrypto {
  decltype(&::EVP_Digest) digest = nullptr;
  // OpenSSL 3: fetched once, since EVP_sha256() makes EVP_Digest look the algorithm up among the
  // providers at every call, which cost more than hashing a golden program. OpenSSL 1.1 (still some
  // distributions' libcrypto) has no providers and no EVP_MD_fetch.
  const EVP_MD* sha256 = nullptr;
  std::string problem;  // empty when bound
};

const Libcrypto& libcrypto() {
  static const Libcrypto bound = [] {
    static OnDemandLibrary library(FBCOMPAT_LIBCRYPTO_SONAME, "the SHA-256 of golden programs (golden verify and freeze)");
#if OPENSSL_VERSION_MAJOR >= 3
    const char* const names[] = {"EVP_Digest", "EVP_MD_fetch"};
#else
    const char* const names[] = {"EVP_Digest", "EVP_sha256"};
#endif
    void* addresses[2] = {};
    Libcrypto functions;
    functions.problem = library.bind(names, addresses, 2);
    if (!functions.problem.empty()) return functions;
    functions.digest = reinterpret_cast<decltype(&::EVP_Digest)>(addresses[0]);
#if OPENSSL_VERSION_MAJOR >= 3
    functions.sha256 = reinterpret_cast<decltype(&::EVP_MD_fetch)>(addresses[1])(nullptr, "SHA256", nullptr);
#else
    functions.sha256 = reinterpret_cast<decltype(&::EVP_sha256)>(addresses[1])();
#endif
    if (functions.sha256 == nullptr) functions.problem = "libcrypto offers no SHA-256";
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
  if (crypto.digest(size == 0 ? &kEmpty : data, size, digest, &length, crypto.sha256, nullptr) != 1) {
    return Error{FBCOMPAT_LIBCRYPTO_SONAME, 0, 0, "EVP_Digest failed to compute a SHA-256"};
  }
  static constexpr char kHexDigits[] = "0123456789abcdef";
  std::string hex(length * 2, '0');
  for (unsigned int i = 0; i < length; ++i) {
    hex[2 * i] = kHexDigits[digest[i] >> 4];
    hex[2 * i + 1] = kHexDigits[digest[i] & 0xf];
  }
  return hex;
}

}  // namespace fbcompat
