// A schema family's history as the load-time check needs it, computed from the manifest and each
// version's reader schema: which union and enum members and which table slots every version knows,
// and the version that introduced each.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/manifest.h"

namespace fbcompat::profiles {

struct VersionInfo {
  std::string name;
  std::vector<std::string> releases;  // empty: not released yet
  std::vector<std::string> accepted_identifiers;
  std::string reader_schema;           // the file the runtime of this version reads with
  std::string reader_schema_relative;  // the same, relative to the manifest's directory
};

struct MemberInfo {
  std::int64_t value = 0;
  std::string name;
  std::size_t introduced_in = 0;  // version index
  std::string table;              // unions: qualified table name in the newest schema (empty if none)
};

struct TypeSetInfo {
  std::string name;       // unqualified
  std::string qualified;  // as the schemas spell it
  bool is_union = false;
  std::vector<MemberInfo> members;              // every member any version knew, ascending by value
  std::vector<std::vector<std::int64_t>> known;  // per version: the values its reader knows
};

struct SlotInfo {
  std::string name;  // empty for a slot no field of the newest schema occupies
  std::size_t introduced_in = 0;
};

struct TableInfo {
  std::string name;       // unqualified
  std::string qualified;  // as the schemas spell it
  std::vector<SlotInfo> slots;            // the newest schema's slots
  std::vector<std::uint16_t> slot_counts;  // per version: slots its reader knows (0: table unknown)
};

struct FamilyHistory {
  std::string family;
  std::vector<VersionInfo> versions;  // oldest first
  std::vector<TypeSetInfo> type_sets;  // every union and enum of the newest reader schema
  std::vector<TableInfo> tables;       // every table of the newest reader schema
};

// Loads every version's reader schema (runtime_schema.fbs; schema.fbs for a version without one,
// whose runtime read its only schema and accepted its writer identifier) and computes the history.
Expected<FamilyHistory> build_family_history(const Manifest& manifest);

}  // namespace fbcompat::profiles
