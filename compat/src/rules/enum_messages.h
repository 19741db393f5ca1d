// Phrases the enum rules share.
#pragma once

#include <cstdint>
#include <string>

#include "rules/evolution_context.h"

namespace fbcompat {

// "Old data holding 3 (Green) now reads as Teal." or the unknown-value case.
std::string old_value_now_reads_as(const EnumPair& pair, std::int64_t number);
// The first value after every value of both versions, for a fix.
std::int64_t next_free_value(const EnumPair& pair);

}  // namespace fbcompat
