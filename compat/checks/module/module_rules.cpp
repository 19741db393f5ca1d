// The rules of the module gate: what happens to whole schema files. What happens to the declarations in
// them is the evolution rules' (diff.h), judged where each declaration is, wherever it moved.
#include "module/module_rules.h"

#include "fbcompat/checks/module_diff.h"

namespace fbcompat {

const RuleInfo kFileNoDelete{"FILE_NO_DELETE", Category::File, Severity::Warning, RuleScope::Module,
                             "A deleted schema file breaks code that includes it by path; its declarations are "
                             "judged where they went."};
const RuleInfo kFileSameDeclarations{
    "FILE_SAME_DECLARATIONS", Category::File, Severity::Warning, RuleScope::Module,
    "A schema file should keep declaring (or including) what it declared: code that includes it for a "
    "declaration that moved breaks."};
const RuleInfo kFileParses{"FILE_PARSES", Category::Source, Severity::Error, RuleScope::Module,
                           "A schema file the change adds, edits or reaches must parse: nothing in it can be "
                           "checked, and flatc refuses it."};
const RuleInfo kFileNotChecked{"FILE_NOT_CHECKED", Category::Source, Severity::Info, RuleScope::Module,
                               "A schema file that parses on neither side is not checked: said once, with the "
                               "parser's reason."};

const std::vector<const RuleInfo*>& module_rules() {
  static const std::vector<const RuleInfo*> rules{&kFileNoDelete, &kFileSameDeclarations, &kFileParses,
                                                  &kFileNotChecked};
  return rules;
}

}  // namespace fbcompat
