// Compares scalar defaults by value, not by spelling: "0", "0.0" and "0e0" are the same default.
#pragma once

#include "fbcompat/core/schema.h"

namespace fbcompat {

bool same_default(const Field& old_field, const Field& new_field);

}  // namespace fbcompat
