#include "lock/lock_rules.h"

namespace fbcompat::lock_rules {

const RuleInfo kIdReused{"LOCK_ID_REUSED", Category::Wire, Severity::Error, RuleScope::Lock,
                         "A released type id, slot or enum value must never be given to anything else, even after it was retired."};
const RuleInfo kReleasedDeleted{"LOCK_RELEASED_DELETED", Category::Wire, Severity::Error, RuleScope::Lock,
                                "Something released must stay in the schema unless the lock records it as retired."};
const RuleInfo kOutOfDate{"LOCK_OUT_OF_DATE", Category::Wire, Severity::Error, RuleScope::Lock,
                          "The lock file must record every released version: run `fbcompat lock` after a release."};

const std::vector<const RuleInfo*>& all() {
  static const std::vector<const RuleInfo*> rules{&kIdReused, &kReleasedDeleted, &kOutOfDate};
  return rules;
}

}  // namespace fbcompat::lock_rules
