#include "fbcompat/core/version.h"

namespace fbcompat {

// Set by the build from project(VERSION) in CMakeLists.txt.
const char* fbcompat_version() { return FBCOMPAT_VERSION; }

}  // namespace fbcompat
