// What the fast way of reading payloads works out once per version's reader schema, when the family
// loads, so that its walks over a buffer skip what cannot matter: the tables from which no union can be
// reached (known_union_members.h), and the tables and unions the reader reads exactly as the newest
// reader does, all the way down, below which no field can be unread (unread_fields.h).
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_set>
#include <vector>

#include "fbcompat/core/reflected_schema.h"

namespace fbcompat {

struct ReaderPlan {
  std::vector<bool> reaches_union;  // by the reader's object index
  std::size_t root = 0;             // the root table's object index
  std::unordered_set<const reflection::Object*> same_as_newest;  // the reader's own objects

  // The fields of each table through which a union can be reached, read without reflection's
  // indirections (most of a graph's fields are integers, which the union walk never needs).
  struct UnionStep {
    enum Kind : std::uint8_t { Union, Unions, Table, Tables } kind = Union;
    flatbuffers::voffset_t offset = 0;
    std::int32_t index = -1;  // Union, Unions: the union's enum; Table, Tables: the object
  };
  std::vector<std::vector<UnionStep>> union_steps;  // by object index
  // The reader itself, for its unions' members by type id (union_members.h), read as it reads them.
  std::shared_ptr<const ReflectedSchema> reader;
};

std::shared_ptr<const ReaderPlan> plan_reader(std::shared_ptr<const ReflectedSchema> reader, const ReflectedSchema& newest);

}  // namespace fbcompat
