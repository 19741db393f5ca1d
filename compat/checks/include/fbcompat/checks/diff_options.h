// What a diff can be told: the options every evolution rule reads (diff.h takes them).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace fbcompat {

struct DiffOptions {
  // UNION_CAPACITY warns when a union uses more type ids than this (of the 255 a ubyte allows).
  std::size_t union_capacity_warning = 200;
  // Tables that data may start at, besides the schema's root_type (qualified names; the configuration's
  // [diff] root_tables). A schema with neither treats every table as a possible root.
  std::vector<std::string> root_tables;
};

}  // namespace fbcompat
