// What a schema declares, by name: what a fix must never lose.
#pragma once

#include <set>
#include <string>

#include "fbcompat/core/schema.h"

namespace fbcompat::test {

// Every declaration, field, value and member, by qualified name ("app.Node", "app.Node.A").
std::set<std::string> declared_names(const Schema& schema);

}  // namespace fbcompat::test
