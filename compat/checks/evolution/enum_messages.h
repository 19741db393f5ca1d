// Phrases the enum rules share.
#pragma once

#include <cstdint>
#include <string>

#include "evolution/evolution_context.h"

namespace fbcompat {

// "Old data holding 3 (Green) now reads as Teal." or the unknown-value case.
std::string old_value_now_reads_as(const EnumPair& pair, std::int64_t number);

}  // namespace fbcompat
