// How findings are judged after the rules ran: --strict, and (from configuration) per-rule severity
// and ignored subjects.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "fbcompat/core/finding.h"

namespace fbcompat {

struct Ignore {
  std::string rule;     // a rule id
  std::string subject;  // a qualified name; a prefix ending in '.' or '*' matches everything under it
  std::string reason;   // required: why this finding is accepted
};

struct Policy {
  bool strict = false;  // every finding becomes an error
  std::map<std::string, Severity> severity;  // by rule id
  std::vector<Ignore> ignores;
};

// Drops ignored findings and sets severities; returns how many findings were ignored.
std::size_t apply_policy(const Policy& policy, std::vector<Finding>& findings);

}  // namespace fbcompat
