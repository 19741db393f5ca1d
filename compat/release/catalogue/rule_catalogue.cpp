#include "fbcompat/release/rule_catalogue.h"

#include "catalogue/rule_pages.h"
#include "fbcompat/checks/diff.h"
#include "fbcompat/checks/lock.h"
#include "fbcompat/checks/module_diff.h"
#include "fbcompat/checks/pair.h"
#include "fbcompat/checks/runtime_check.h"
#include "fbcompat/core/policy.h"
#include "fbcompat/release/delegate_families.h"
#include "fbcompat/release/load_check_report.h"
#include "golden/golden_rules.h"

namespace fbcompat {

const std::vector<RuleGroup>& rule_groups() {
  static const std::vector<RuleGroup> groups = [] {
    std::vector<RuleGroup> all{
        {RuleDomain::Schemas, "Schema evolution", "a schema against its previous version (diff, audit)", "", diff_rules()},
        {RuleDomain::Schemas, "Repository", "every schema file of a repository against a base ref (diff --against)", "",
         module_rules()},
        {RuleDomain::Schemas, "Writer and reader", "what a writer schema emits against what a reader schema reads (pair, audit)",
         "", pair_check_rules()},
        {RuleDomain::Schemas, "Lock", "schemas against the numbers released, kept forever (lock, diff, audit)", "",
         lock_check_rules()},
        {RuleDomain::Schemas, "Configuration", "the project's fbcompat.toml against what the audit found (audit)", "",
         configuration_rules()},
        {RuleDomain::ExecuTorch, "Golden programs", "frozen .pte programs against every later runtime (golden verify, audit)",
         "", golden_rules()},
        {RuleDomain::ExecuTorch, "Program loading", "a .pte program as each release's loader loads it (load-check)", "",
         load_check_rules()},
        {RuleDomain::ExecuTorch, "Runtime node definitions", "a runtime's node definitions against its node union (runtime-check)",
         "", runtime_check_rules()},
    };
    for (const FamilyRules& family : delegate_family_rules()) {
      all.push_back({RuleDomain::Family, family.display_name + " delegate",
                     "what only the " + family.display_name + " delegate's payloads and runtime are checked for", family.name,
                     family.rules});
    }
    return all;
  }();
  return groups;
}

const std::vector<RuleInfo>& all_rules() {
  static const std::vector<RuleInfo> rules = [] {
    std::vector<RuleInfo> collected;
    for (const RuleGroup& group : rule_groups()) {
      for (const RuleInfo* rule : group.rules) collected.push_back(*rule);
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

const RuleGroup* group_of(std::string_view id) {
  for (const RuleGroup& group : rule_groups()) {
    for (const RuleInfo* rule : group.rules) {
      if (rule->id == id) return &group;
    }
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
