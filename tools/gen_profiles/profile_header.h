// Renders a family history as a C++17 header of constexpr RuntimeProfile data
// (namespace fbcompat::<family>_profiles, see compat/xnnpack/load_check/include/fbcompat/load_check/runtime_profile.h).
#pragma once

#include <string>

#include "family_history.h"

namespace fbcompat::profiles {

// `source` names what the data came from, for the header's opening comment.
std::string render_profile_header(const FamilyHistory& history, const std::string& source);

}  // namespace fbcompat::profiles
