#include "fbcompat/core/union_members.h"

namespace fbcompat {

UnionMembers::UnionMembers(const reflection::Schema& schema)
    : by_union_(schema.enums()->size()), has_gaps_(schema.enums()->size()) {
  const auto* objects = schema.objects();
  for (flatbuffers::uoffset_t i = 0; i < schema.enums()->size(); ++i) {
    const reflection::Enum& e = *schema.enums()->Get(i);
    if (!e.is_union()) continue;
    std::vector<Member>& members = by_union_[i];
    members.resize(e.values()->size());
    for (flatbuffers::uoffset_t position = 1; position < e.values()->size(); ++position) {
      const reflection::EnumVal& value = *e.values()->Get(position);
      const reflection::Type* type = value.union_type();
      if (value.value() != static_cast<std::int64_t>(position)) {
        has_gaps_[i] = true;
        continue;
      }
      if (type == nullptr) continue;
      if (type->base_type() == reflection::String) {
        members[position].kind = Kind::String;
      } else if (type->base_type() == reflection::Obj && type->index() >= 0 &&
                 static_cast<flatbuffers::uoffset_t>(type->index()) < objects->size()) {
        members[position].kind = objects->Get(static_cast<flatbuffers::uoffset_t>(type->index()))->is_struct()
                                     ? Kind::Struct
                                     : Kind::Table;
        members[position].object = type->index();
      }
    }
  }
}

}  // namespace fbcompat
