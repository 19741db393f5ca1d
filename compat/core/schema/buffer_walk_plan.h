// The fields of each object that a walk over a verified buffer has to visit to tell whether the
// buffer renders plainly (ReflectedSchema::renders_plainly): floats, strings, tables and unions, with
// their offsets and the objects they lead to, worked out once when the schema loads. The same plan
// guards reflection's Verify from the unions it would crash on or misread (fit_for_reflection_verify).
//
// Reflection's own form is a sorted table of every field, reached through several offsets each; most
// of an XNNPACK graph's fields are integers, which such a walk never needs. Reading this plan instead
// took the walk from a sixth of `inspect` to a small part of it (docs/benchmarks.md).
#pragma once

#include <cstdint>
#include <vector>

#include <flatbuffers/reflection.h>

#include "fbcompat/core/union_members.h"

namespace fbcompat {

class BufferWalkPlan {
 public:
  // `members` must outlive the plan.
  BufferWalkPlan(const reflection::Schema& schema, const UnionMembers& members);

  // Whether a buffer not yet verified is free of the unions flatbuffers' reflection Verify crashes on or
  // misreads: every vector of unions has its vector of types beside it, as long as it is (Verify reads
  // that vector without checking, through 23.5.26), and every union type id but NONE names a member
  // whose position and value agree (Verify takes the member at that position, every other reader the
  // member with that value: union_members.h). Every access goes through a Verifier with the given limits; only
  // tables from which such a vector or union can be reached are visited, so for most schemas (every
  // XNNPACK schema) this returns at once.
  bool fit_for_reflection_verify(const std::uint8_t* buffer, std::size_t size, std::uint32_t max_depth,
                                 std::uint32_t max_tables) const;

  // Whether every union value in a buffer of the schema's root type has a known type, and with
  // `plain`, also every float is finite and every string printable ASCII. The buffer has been verified
  // against the schema, so every access is in range.
  bool unions_have_types(const std::uint8_t* verified_buffer, bool plain) const;

 private:
  enum class Kind : std::uint8_t { Float, Double, String, Strings, Floats, Doubles, Struct, Structs, Table, Tables, Union,
                             Unions };
  struct Step {
    flatbuffers::voffset_t offset = 0;
    Kind kind = Kind::Float;
    std::int32_t index = -1;          // the object (Struct, Structs, Table, Tables) or the union's enum (Union, Unions)
    std::uint32_t struct_size = 0;    // Structs: each element's size
  };

  void mark_tables_reflection_misreads();
  bool table(std::size_t index, const flatbuffers::Table& table, bool plain) const;
  bool union_value(std::int32_t union_index, std::uint8_t type_id, const std::uint8_t* value, bool plain) const;
  bool plain_struct(std::int32_t index, const std::uint8_t* data) const;
  bool table_fit(std::size_t index, const flatbuffers::Table& table, flatbuffers::Verifier& verifier) const;
  bool member_fit(std::int32_t union_index, std::uint8_t type_id, const std::uint8_t* value,
                  flatbuffers::Verifier& verifier) const;

  const reflection::Schema& schema_;
  const UnionMembers& members_;
  std::size_t root_ = 0;                          // the root table's object index
  std::vector<std::vector<Step>> steps_;          // by object index
  std::vector<bool> struct_has_floats_;           // by object index, through nested structs
  // By object index: a vector of unions, or a union with gaps in its values, is in or below it.
  std::vector<bool> reaches_misread_;
};

}  // namespace fbcompat
