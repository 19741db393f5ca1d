// Each union's members by type id, as every reader of a verified buffer must agree to take them.
//
// flatbuffers reads a union's type id two ways: reflection's Verify takes the member at that position
// in the union's list, while the text generator (and generated code) takes the member with that
// value. In a union whose values are not 1, 2, 3, ... (`union U { A = 1, B = 3 }`) the two differ, and
// a buffer verified as one member would be read as another, out of range of what was verified. So a
// type id names a member here only where the position and the value agree; any other is unknown, and
// ReflectedSchema::verify refuses a buffer holding it.
#pragma once

#include <cstdint>
#include <vector>

#include <flatbuffers/reflection.h>

namespace fbcompat {

class UnionMembers {
 public:
  explicit UnionMembers(const reflection::Schema& schema);

  enum class Kind : std::uint8_t { Unknown, Table, Struct, String };
  struct Member {
    Kind kind = Kind::Unknown;
    std::int32_t object = -1;  // Table and Struct: the object's index in the schema
  };

  // The member of union `union_index` (an enum index) with `type_id`. NONE (0) is Unknown.
  Member member(std::int32_t union_index, std::uint8_t type_id) const {
    const std::vector<Member>& members = by_union_[static_cast<std::size_t>(union_index)];
    return type_id < members.size() ? members[type_id] : Member{};
  }

  // Whether some member of union `union_index` has a value other than its position.
  bool has_gaps(std::int32_t union_index) const { return has_gaps_[static_cast<std::size_t>(union_index)]; }

 private:
  std::vector<std::vector<Member>> by_union_;  // by enum index, then type id; empty for enums
  std::vector<bool> has_gaps_;                 // by enum index
};

}  // namespace fbcompat
