// Collects findings from rules, filling in what every finding carries from its rule and location.
#pragma once

#include <string>
#include <vector>

#include "fbcompat/core/finding.h"
#include "fbcompat/core/rule.h"
#include "fbcompat/core/schema.h"

namespace fbcompat {

class FindingSink {
 public:
  explicit FindingSink(std::vector<Finding>& findings) : findings_(findings) {}

  // The finding reported, for a rule to add what only it knows: its remedy, or a severity and category of
  // its own where, for these declarations, a change breaks less than the rule's category says.
  Finding& report(const RuleInfo& rule, std::string subject, const Schema& schema, const SourceLocation& at,
                  std::string message, std::string fix);

 private:
  std::vector<Finding>& findings_;
};

// Sorts by file, line, column, then rule: the order a reader of the file would meet them.
void sort_findings(std::vector<Finding>& findings);

}  // namespace fbcompat
