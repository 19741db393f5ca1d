// The load check as a runtime calls it, before it compiles a program's XNNPACK delegate payload: no
// exceptions, no RTTI, no allocation, header-only. A runtime has the payload in memory (ExecuTorch hands
// it to the backend's init); this program reads it from a file to show the call.
//
//   runtime_load_check PAYLOAD RUNTIME_VERSION      e.g. runtime_load_check mlp.xnnpack v1.1.0
//
// Prints the verdict ("ok: ..." or why not, in terms a person can act on) and exits 0 when the
// runtime built from RUNTIME_VERSION's schema can load the payload, 1 when it cannot, 2 on bad input.
#include <cstdio>
#include <vector>

#include "fbcompat/load_check/load_check.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: runtime_load_check PAYLOAD RUNTIME_VERSION\n");
    return 2;
  }
  const fbcompat::RuntimeProfile* runtime = fbcompat::find_runtime_profile(argv[2]);
  if (runtime == nullptr) {
    std::fprintf(stderr, "runtime_load_check: no runtime profile for '%s'\n", argv[2]);
    return 2;
  }
  std::FILE* file = std::fopen(argv[1], "rb");
  if (file == nullptr) {
    std::perror(argv[1]);
    return 2;
  }
  std::vector<unsigned char> payload;  // the runtime's own buffer; the check itself allocates nothing
  for (int c; (c = std::fgetc(file)) != EOF;) payload.push_back(static_cast<unsigned char>(c));
  std::fclose(file);

  const fbcompat::LoadCheckResult result = fbcompat::check_xnnpack_payload(payload.data(), payload.size(), *runtime);
  std::printf("%s: %s\n", fbcompat::load_check_code_name(result.code), result.message);
  return result.loadable() ? 0 : 1;
}
