// What a diff can be told: the options every evolution rule reads (diff.h takes them).
#pragma once

#include <cstddef>

namespace fbcompat {

struct DiffOptions {
  // UNION_CAPACITY warns when a union uses more type ids than this (of the 255 a ubyte allows).
  std::size_t union_capacity_warning = 200;
};

}  // namespace fbcompat
