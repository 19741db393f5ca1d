// Where the old schema uses a declaration (a field's type, a union member's table, the root type) and
// whether the new schema still reads the data of that use: a field or member that kept its slot or
// type id and now holds a type laid out the same. A deleted declaration whose every use is still read
// that way breaks only generated code. Only uses that data can reach count: from root_type and the
// configured root tables, or from every table when the schema names no root.
#pragma once

#include <string>
#include <vector>

#include "evolution/evolution_context.h"

namespace fbcompat {

struct DeclarationUse {
  std::string where;  // "fb.Car.engine", "fb.U.B", "root_type"
  bool still_read = false;
};

std::vector<DeclarationUse> old_uses(const EvolutionContext& context, const std::string& old_name);

// "fb.Car.engine, fb.U.B and 2 more"
std::string list_uses(const std::vector<std::string>& uses, std::size_t limit = 4);

}  // namespace fbcompat
