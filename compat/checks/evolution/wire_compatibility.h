// Whether data written with one type reads correctly as another, following the FlatBuffers wire
// format: scalars by base type and size, structs by byte layout, tables by slot, unions by type id.
// Used where a name changed but the bytes might not have (an enum field that became its integer, a
// union member pointed at a different but identical table), to tell a SOURCE change from a WIRE break.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "evolution/declaration_matching.h"
#include "fbcompat/core/schema.h"

namespace fbcompat {

class WireCompatibility {
 public:
  WireCompatibility(const Schema& old_schema, const Schema& new_schema, const DeclarationMatching& matching)
      : old_(old_schema), new_(new_schema), matching_(matching) {}

  // Data written as old_type (in the old schema) reads as new_type (in the new schema). When not,
  // `reason` (if given) says why, in a phrase such as "slot 2 was int and is float".
  bool types(const Type& old_type, const Type& new_type, std::string* reason = nullptr);
  // The two types have the same shape: everything but the name they refer to (base and element type,
  // array length, table or struct, offset width). The diff's and the pair check's first question.
  static bool same_shape(const Type& old_type, const Type& new_type) {
    return old_type.base == new_type.base && old_type.element == new_type.element &&
           old_type.fixed_length == new_type.fixed_length && old_type.ref_is_table == new_type.ref_is_table &&
           old_type.offset == new_type.offset;
  }
  // Same question for two named declarations, compared by content even when they are paired.
  bool declarations(const std::string& old_name, const std::string& new_name, std::string* reason = nullptr);

 private:
  bool element(BaseType old_base, BaseType new_base, const Type& old_type, const Type& new_type, std::string* reason);
  bool named(const std::string& old_name, const std::string& new_name, std::string* reason);
  bool tables(const Composite& old_table, const Composite& new_table, std::string* reason);
  bool structs(const Composite& old_struct, const Composite& new_struct, std::string* reason);
  bool unions(const Enum& old_union, const Enum& new_union, std::string* reason);

  const Schema& old_;
  const Schema& new_;
  const DeclarationMatching& matching_;
  struct Verdict {
    bool compatible = true;
    std::string reason;  // why not, for every later question about the same pair
  };
  using NamePair = std::pair<std::string, std::string>;
  // Results by (old name, new name); a pair being compared counts as compatible, which ends cycles.
  std::map<NamePair, Verdict> memo_;
  // Pairs compared inside the outermost comparison in progress, and how deep it is.
  std::vector<NamePair> provisional_;
  int depth_ = 0;
};

}  // namespace fbcompat
