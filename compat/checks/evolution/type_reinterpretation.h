// Type changes whose bytes still fit: the new type reads each old value's bytes at the same place and
// width, so nothing reads garbage; what changes is what some values mean, or only JSON and generated code.
// The field rules class a type change by what really breaks: FIELD_SAME_TYPE (the bytes no longer read
// as the old type), FIELD_TYPE_SAME_WIDTH (same width, some values read differently) and
// FIELD_TYPE_SAME_BYTES (every value reads the same).
#pragma once

#include <string>

#include "fbcompat/core/schema.h"

namespace fbcompat {

enum class Reinterpretation {
  None,       // not one of these: the bytes no longer read as the old type (or the type did not change)
  SameWidth,  // int <-> uint of one width, (u)byte -> bool: some values read as others
  SameBytes,  // bool -> (u)byte, string -> [ubyte]: every value old data holds reads the same
};

struct TypeReinterpretation {
  Reinterpretation kind = Reinterpretation::None;
  std::string values;  // which old values read differently, and as what: "a negative int reads as a uint of 2^32 more"
};

// Of a table field's type, or a vector's elements.
TypeReinterpretation reinterpretation(const Type& old_type, const Type& new_type);

// What the bytes of old data become when read as the new type, for a change that is no reinterpretation:
// "reading garbage or failing verification", or the exact cause where there is one.
std::string wire_break(const Type& old_type, const Type& new_type);

}  // namespace fbcompat
