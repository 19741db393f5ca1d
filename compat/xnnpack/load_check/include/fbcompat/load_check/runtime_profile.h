// What a runtime built from one schema version knows, as constant data the load-time check reads.
// The data itself is generated at build time from the versioned schemas and the manifest
// (tools/gen_profiles writes fbcompat/xnnpack_profiles.h); this header only gives it a shape.
// Header-only, no allocation, no exceptions: a runtime can embed it as is.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace fbcompat {

// A set of small ids: a union's type ids (always 0..255) or an enum's values. Values 0..255 are bits;
// the few others a history can hold (an enum with negative or large values) are listed.
struct KnownValues {
  std::uint64_t bits[4];
  const std::int64_t* others;  // values outside 0..255, ascending
  std::size_t other_count;

  constexpr bool contains(std::int64_t value) const {
    if (value >= 0 && value < 256) return ((bits[value >> 6] >> (value & 63)) & 1u) != 0;
    for (std::size_t i = 0; i < other_count; ++i) {
      if (others[i] == value) return true;
    }
    return false;
  }
};

// One member of a union or enum as the family's history knows it: the newest name for the value
// and the oldest version whose reader knew the value under that name.
struct MemberHistory {
  std::int64_t value;
  const char* name;
  std::uint16_t introduced_in;  // index into ProfileFamily::versions
};

// Marks a union type id that names no table in the newest schema.
constexpr std::uint16_t kNoTable = 0xFFFF;

// A union or enum across every version: each member any version's reader knew, ascending by value.
struct TypeSetHistory {
  const char* name;  // unqualified: "XNodeUnion"
  bool is_union;
  const MemberHistory* members;
  std::size_t member_count;
  // Unions: the table (index into ProfileFamily::tables) each of the 256 type ids names in the newest
  // schema, or kNoTable. Enums: null.
  const std::uint16_t* member_tables;

  constexpr const MemberHistory* find(std::int64_t value) const {
    for (std::size_t i = 0; i < member_count; ++i) {
      if (members[i].value == value) return &members[i];
    }
    return nullptr;
  }
};

// A field slot of a table in the newest schema, and the oldest version whose reader knew it.
struct SlotHistory {
  const char* name;  // a union's hidden type slot is "<field>_type"
  std::uint16_t introduced_in;
};

// A table of the newest schema: its slots in order, so that the check can name a field set in a
// program that a runtime's version does not know.
struct TableHistory {
  const char* name;  // unqualified: "XNNTensorValue"
  const SlotHistory* slots;
  std::size_t slot_count;
};

// The reader of one schema version. Everything is indexed like the family's type sets and tables.
struct RuntimeProfile {
  const char* version;        // "v1.1.0"
  std::uint16_t index;        // position in the family, oldest first
  const char* first_release;  // "1.1.0"; null when the version is not released yet
  const char* last_release;   // "1.4.1"; null when not released yet
  const char* const* accepted_identifiers;
  std::size_t accepted_identifier_count;
  const KnownValues* known;              // per type set of the family
  const std::uint16_t* table_slot_counts;  // per table of the family; 0: the table is unknown here

  bool released() const { return first_release != nullptr; }

  // `identifier` points at 4 bytes (not NUL-terminated).
  bool accepts_identifier(const std::uint8_t* identifier) const {
    for (std::size_t i = 0; i < accepted_identifier_count; ++i) {
      if (std::memcmp(accepted_identifiers[i], identifier, 4) == 0) return true;
    }
    return false;
  }
};

// A schema family's history: every version's profile, oldest first, and the names they share.
struct ProfileFamily {
  const char* name;  // "xnnpack"
  const RuntimeProfile* versions;
  std::size_t version_count;
  const TypeSetHistory* type_sets;
  std::size_t type_set_count;
  const TableHistory* tables;
  std::size_t table_count;

  const RuntimeProfile* find(const char* version_name) const {
    if (version_name == nullptr) return nullptr;
    for (std::size_t i = 0; i < version_count; ++i) {
      if (std::strcmp(versions[i].version, version_name) == 0) return &versions[i];
    }
    return nullptr;
  }
  const RuntimeProfile& newest() const { return versions[version_count - 1]; }
};

}  // namespace fbcompat
