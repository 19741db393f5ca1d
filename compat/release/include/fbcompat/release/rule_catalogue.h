// The catalogue of every rule fbcompat applies, on top of the checks that declare them, grouped by what
// they check: first the rules of any FlatBuffers schema (a version against the next, a repository
// against a base, a writer against a reader, the lock, the configuration), then those of ExecuTorch
// programs (golden programs, loading, runtime node definitions), then each delegate family's own,
// under its name. Each rule has a page docs/rules/<ID>.md, embedded in the library.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "fbcompat/core/rule.h"

namespace fbcompat {

// What a group of rules checks.
enum class RuleDomain {
  Schemas,     // any FlatBuffers schema: what every user of fbcompat meets
  ExecuTorch,  // ExecuTorch programs and runtimes, whatever their delegate
  Family,      // one delegate family's own (`family` names it)
};

struct RuleGroup {
  RuleDomain domain = RuleDomain::Schemas;
  std::string title;   // "Schema evolution", "XNNPACK delegate"
  std::string checks;  // one line: what the group's rules look at
  std::string family;  // the delegate family, for RuleDomain::Family: "xnnpack"
  std::vector<const RuleInfo*> rules;
};

// In the order `fbcompat rules` shows them.
const std::vector<RuleGroup>& rule_groups();

// Every rule, in the groups' order.
const std::vector<RuleInfo>& all_rules();
const RuleInfo* find_rule(std::string_view id);
// The group a rule is listed in; null when the id is unknown.
const RuleGroup* group_of(std::string_view id);

// The rule's documentation page (Markdown); empty when the id is unknown.
std::string_view rule_page(std::string_view id);

}  // namespace fbcompat
