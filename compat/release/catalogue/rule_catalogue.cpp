#include "fbcompat/release/rule_catalogue.h"

#include "catalogue/rule_pages.h"
#include "fbcompat/checks/diff.h"
#include "fbcompat/checks/lock.h"
#include "fbcompat/checks/module_diff.h"
#include "fbcompat/checks/pair.h"
#include "fbcompat/checks/runtime_check.h"
#include "fbcompat/core/policy.h"
#include "fbcompat/xnnpack/load_check_report.h"
#include "golden/golden_rules.h"

namespace fbcompat {

const std::vector<RuleInfo>& all_rules() {
  static const std::vector<RuleInfo> rules = [] {
    std::vector<RuleInfo> collected;
    for (const auto* family : {&diff_rules(), &module_rules(), &pair_check_rules(), &lock_check_rules(), &golden_rules(), &runtime_check_rules(),
                               &xnnpack::load_check_rules(), &configuration_rules()}) {
      for (const RuleInfo* rule : *family) collected.push_back(*rule);
    }
    return collected;
  }();
  return rules;
}

const RuleInfo* find_rule(std::string_view id) {
  for (const RuleInfo& rule : all_rules()) {
    if (rule.id == id) return &rule;
  }
  return nullptr;
}

std::string_view rule_page(std::string_view id) {
  for (const RulePage& page : rule_pages()) {
    if (page.id == id) return page.markdown;
  }
  return {};
}

}  // namespace fbcompat
