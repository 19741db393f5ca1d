// How findings are judged after the rules ran: --strict, and (from configuration) per-rule severity
// and accepted subjects. What the judgement accepted is kept, so that every report can say which
// configuration it used and list what it accepted, with the reasons.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "fbcompat/core/finding.h"
#include "fbcompat/core/rule.h"

namespace fbcompat {

struct Ignore {
  std::string rule;     // a rule id
  std::string subject;  // a qualified name; a wildcard ("*", or ending in '.' or '*') matches everything under it
  std::string reason;   // required: why this finding is accepted
  std::string file;     // where the [[ignore]] is written, for reports about it
  std::uint32_t line = 0;
};

struct Policy {
  bool strict = false;  // every finding becomes an error
  std::map<std::string, Severity> severity;  // by rule id
  std::vector<Ignore> ignores;
  std::string configuration;  // the file it was read from; empty: fbcompat's defaults
};

// A finding that is not held against the verdict, and why: an [[ignore]]'s reason, or a check's own
// judgement (the audit accepts a writer that stops writing a field every later reader still reads).
struct AcceptedFinding {
  Finding finding;
  std::string reason;
  std::string accepted_at;  // "fbcompat.toml:14": the [[ignore]] that accepted it; empty for a check's own
};

// What judging a run's findings by a policy decided, gathered over every apply_policy call of the run.
struct Judgement {
  std::string configuration;             // the policy's file; empty: fbcompat's defaults
  std::vector<AcceptedFinding> accepted;  // each accepted rule and subject once, in the order first met
  std::vector<std::size_t> uses;          // per ignore of the policy: how many findings it accepted
  std::vector<Finding> findings;          // about the configuration itself (CONFIG_IGNORE_UNUSED)
};

// Whether an [[ignore]] accepts a finding: its rule, and its subject or wildcard.
bool ignore_accepts(const Ignore& ignore, const Finding& finding);

// The severity `policy` gives a finding it does not accept: its rule's configured one, then --strict.
Severity judged_severity(const Policy& policy, const Finding& finding);

// Drops ignored findings and sets severities; returns how many findings were ignored. With a
// judgement, records what was accepted and by which ignore.
std::size_t apply_policy(const Policy& policy, std::vector<Finding>& findings, Judgement* judgement = nullptr);

// Adds what `other` recorded to `judgement`; the same policy judged both (one audit per family).
void merge_judgement(Judgement& judgement, const Judgement& other);

// Warnings, at each [[ignore]], for the ignores that accepted no finding in `judgement`: a stale ignore
// would silently accept the next, unrelated change of its rule and subject. Only a run that saw every
// finding the configuration is about (the audit of every family) can tell.
std::vector<Finding> unused_ignore_findings(const Policy& policy, const Judgement& judgement);

// The rules about the configuration itself (CONFIG_*): CONFIG_IGNORE_UNUSED here, CONFIG_LOOSENED
// (config.h).
const std::vector<const RuleInfo*>& configuration_rules();

}  // namespace fbcompat
