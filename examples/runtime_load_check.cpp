// The load-time check as a runtime calls it: no exceptions, no RTTI, no allocation.
#include <cstdio>
#include <vector>

#include "fbcompat/load_check/load_check.h"

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  std::FILE* file = std::fopen(argv[1], "rb");
  if (file == nullptr) return 2;
  std::vector<unsigned char> payload;
  for (int c; (c = std::fgetc(file)) != EOF;) payload.push_back(static_cast<unsigned char>(c));
  std::fclose(file);
  const fbcompat::RuntimeProfile* runtime = fbcompat::find_runtime_profile(argv[2]);
  if (runtime == nullptr) return 2;
  const fbcompat::LoadCheckResult result = fbcompat::check_xnnpack_payload(payload.data(), payload.size(), *runtime);
  std::printf("%s: %s\n", fbcompat::load_check_code_name(result.code), result.message);
  return result.loadable() ? 0 : 1;
}
