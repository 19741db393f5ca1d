// fbcompat's own version (the project's, from CMake): `--version`, SARIF's tool version, bug reports.
#pragma once

namespace fbcompat {

const char* fbcompat_version();  // "0.1.0"

}  // namespace fbcompat
