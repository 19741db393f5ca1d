// What a rule is: its stable id, category, default severity, scope and one-line purpose. Each check
// family declares its own rules; the catalogue of all of them (fbcompat/release/rule_catalogue.h) sits
// on top of the checks. Each rule has a page docs/rules/<ID>.md.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "fbcompat/core/finding.h"

namespace fbcompat {

// Which command applies a rule.
enum class RuleScope {
  Evolution,  // diff and audit: an old schema against its next version
  Module,     // diff --against: a repository's schema files against the same files at a base ref
  Pair,       // pair: what a writer schema emits against what a reader schema reads
  Lock,       // diff and audit: a schema against the lock file of released ids
  Runtime,    // runtime-check: a runtime's node definitions against the schema
  Golden,     // golden verify and audit: frozen golden programs against every later reader schema
  GoldenRun,  // audit: the runnable golden programs run on the reference XNNPACK runtime
  LoadCheck,  // load-check: a program's XNNPACK delegates against a runtime version
  Configuration,  // audit: the project's fbcompat.toml against what the audit found
};

struct RuleInfo {
  std::string_view id;  // stable UPPER_SNAKE id, never reused
  Category category;
  Severity default_severity;
  RuleScope scope;
  std::string_view purpose;  // one line
};

// A finding of `rule`, with its id, category and default severity; the location is the caller's to set.
Finding finding_of(const RuleInfo& rule, std::string subject, std::string message, std::string fix);

}  // namespace fbcompat
