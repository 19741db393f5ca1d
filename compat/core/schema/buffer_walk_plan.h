// The fields of each object that a walk over a verified buffer has to visit to tell whether the
// buffer renders plainly (ReflectedSchema::renders_plainly): floats, strings, tables and unions, with
// their offsets and the objects they lead to, worked out once when the schema loads.
//
// Reflection's own form is a sorted table of every field, reached through several offsets each; most
// of an XNNPACK graph's fields are integers, which such a walk never needs. Reading this plan instead
// took the walk from a sixth of `inspect` to a small part of it (docs/benchmarks.md).
#pragma once

#include <cstdint>
#include <vector>

#include <flatbuffers/reflection.h>

namespace fbcompat {

class BufferWalkPlan {
 public:
  explicit BufferWalkPlan(const reflection::Schema& schema);

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
  // A union's members by type id: the member's object index, or one of these.
  static constexpr std::int32_t kUnknownMember = -1;
  static constexpr std::int32_t kStructMember = -2;
  // A string member (`union U { T, S: string }`), which the default parser accepts.
  static constexpr std::int32_t kStringMember = -3;

  bool table(std::size_t index, const flatbuffers::Table& table, bool plain) const;
  bool union_value(std::int32_t union_index, std::uint8_t type_id, const std::uint8_t* value, bool plain) const;
  bool plain_struct(std::int32_t index, const std::uint8_t* data) const;

  const reflection::Schema& schema_;
  std::size_t root_ = 0;                            // the root table's object index
  std::vector<std::vector<Step>> steps_;            // by object index
  std::vector<bool> struct_has_floats_;             // by object index, through nested structs
  std::vector<std::vector<std::int32_t>> members_;  // by enum index, then type id
};

}  // namespace fbcompat
