// What the old side's readers of a file meet on the new side: the file's new unit (or nothing, when it
// was deleted) together with every declaration the old unit held that the new module still declares
// elsewhere. A declaration that moved is compared with its new self, wherever it now is; only the path a
// consumer includes changed (FILE_SAME_DECLARATIONS), not the bytes.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "fbcompat/core/schema.h"
#include "module/module_model.h"

namespace fbcompat {

struct MovedDeclaration {
  std::string name;      // qualified; "root_type T" for a root_type statement
  std::string old_file;  // where the old unit had it declared
  std::string new_file;  // where the new module declares it
};

struct Counterpart {
  Schema schema;                      // the new unit with the survivors copied in (locations in their files)
  std::vector<MovedDeclaration> moved;  // what the new unit no longer holds but the module still declares
};

// Whether the new module's declaration of `name` in `new_file` is the old unit's `name` (declared in
// `old_file`) moved there, and not another file's declaration of the same name (an older version's copy
// of a schema declares the same names, and is no new home for what the newest one deletes).
using HomeCheck = std::function<bool(const std::string& name, const std::string& old_file, const std::string& new_file)>;

// `new_unit`: the file's new unit; null for a deleted file. `old_side` names the old unit's files.
Counterpart counterpart_of(const Schema& old_unit, const ModuleModel& old_side, const Schema* new_unit,
                           const ModuleModel& new_side, const HomeCheck& is_new_home);

}  // namespace fbcompat
