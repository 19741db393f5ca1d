// The rules of the module gate: what happens to whole schema files.
#include "module/module_rules.h"

#include "fbcompat/checks/module_diff.h"

namespace fbcompat {

const RuleInfo kFileNoDelete{"FILE_NO_DELETE", Category::Wire, Severity::Error, RuleScope::Module,
                             "A schema file must not be deleted: move it with git mv, or map the move."};

const std::vector<const RuleInfo*>& module_rules() {
  static const std::vector<const RuleInfo*> rules{&kFileNoDelete};
  return rules;
}

}  // namespace fbcompat
