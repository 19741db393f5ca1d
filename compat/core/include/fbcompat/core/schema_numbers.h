// Everything in a schema that data refers to by number: union members by type id, table fields by slot,
// enum values by value. The history, the lock and the audit all key things this way.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>

#include "fbcompat/core/schema.h"

namespace fbcompat {

// Which thing a number names: a union member (by type id), a table field (by slot), an enum value.
enum class EntryKind { UnionMember, Field, EnumValue };

const char* entry_kind_name(EntryKind kind);  // "union member", "field", "enum value"

using NumberKey = std::tuple<EntryKind, std::string, std::int64_t>;  // kind, qualified owner, number

struct Numbered {
  std::string name;
  std::string type;  // a member's table, a field's type; empty for enum values
  bool deprecated = false;
  SourceLocation location;
};

std::map<NumberKey, Numbered> numbered_things(const Schema& schema);

}  // namespace fbcompat
