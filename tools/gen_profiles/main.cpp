// fbcompat_gen_profiles MANIFEST OUTPUT: writes the runtime profiles of a schema family (what each
// version's reader knows) as a C++ header, for the load-time check. Run by the build, never by hand.
#include <cstdio>
#include <filesystem>
#include <string>

#include <fmt/format.h>

#include "family_history.h"
#include "fbcompat/core/manifest.h"
#include "fbcompat/core/output_file.h"
#include "profile_header.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: fbcompat_gen_profiles MANIFEST.toml OUTPUT.h\n");
    return 2;
  }
  const std::string manifest_path = argv[1];
  const std::string output_path = argv[2];
  const auto manifest = fbcompat::load_manifest(manifest_path);
  if (!manifest.ok()) {
    std::fprintf(stderr, "fbcompat_gen_profiles: %s\n", manifest.error().to_string().c_str());
    return 2;
  }
  const auto history = fbcompat::profiles::build_family_history(*manifest);
  if (!history.ok()) {
    std::fprintf(stderr, "fbcompat_gen_profiles: %s\n", history.error().to_string().c_str());
    return 2;
  }
  const std::string source = fmt::format("schemas/{}/manifest.toml", manifest->family);
  std::error_code ignored;
  std::filesystem::create_directories(std::filesystem::path(output_path).parent_path(), ignored);
  // Complete or absent: a failed run never leaves half a header behind.
  if (auto error = fbcompat::write_output_file(output_path, fbcompat::profiles::render_profile_header(*history, source))) {
    std::fprintf(stderr, "fbcompat_gen_profiles: %s\n", error->to_string().c_str());
    return 2;
  }
  return 0;
}
