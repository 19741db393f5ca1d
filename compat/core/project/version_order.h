// Orders version-like names the way people read them: v1.10.0 after v1.9.2, 1.4.1 before 1.5.0-dev,
// and a pre-release before its release: v1.0.0-rc1 before v1.0.0.
#pragma once

#include <string>

namespace fbcompat {

bool version_less(const std::string& a, const std::string& b);

}  // namespace fbcompat
