// What the fast way of reading payloads works out once per version's reader schema, when the family
// loads, so that its walks over a buffer skip what cannot matter: the tables from which no union can be
// reached (known_union_members.h), and the tables and unions the reader reads exactly as the newest
// reader does, all the way down, below which no field can be unread (unread_fields.h).
#pragma once

#include <memory>
#include <unordered_set>
#include <vector>

#include "fbcompat/core/reflected_schema.h"

namespace fbcompat {

struct ReaderPlan {
  std::vector<bool> reaches_union;  // by the reader's object index
  std::size_t root = 0;             // the root table's object index
  std::unordered_set<const reflection::Object*> same_as_newest;  // the reader's own objects
};

std::shared_ptr<const ReaderPlan> plan_reader(const ReflectedSchema& reader, const ReflectedSchema& newest);

}  // namespace fbcompat
