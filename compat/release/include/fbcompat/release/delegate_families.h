// The delegate families fbcompat knows, by name (a family's directory schemas/<name>/, its golden
// programs golden/<name>/). A second delegate's family registers here, in one line.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/executorch/delegate_family.h"

namespace fbcompat {

std::vector<std::string> delegate_family_names();

// Loads the family `name` from its schema directory (manifest.toml and every version's schemas).
Expected<std::unique_ptr<DelegateFamily>> load_delegate_family(const std::string& name, const std::string& family_dir);

// Every known family without schemas: payloads are split, not decoded (inspect without --schemas).
std::vector<std::unique_ptr<DelegateFamily>> delegate_families_without_schemas();

}  // namespace fbcompat
