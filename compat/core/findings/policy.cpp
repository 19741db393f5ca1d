#include "fbcompat/core/policy.h"

#include <algorithm>

#include <fmt/format.h>

namespace fbcompat {
namespace {

const RuleInfo kIgnoreUnused{
    "CONFIG_IGNORE_UNUSED", Category::Wire, Severity::Warning, RuleScope::Configuration,
    "An [[ignore]] must accept a finding: a stale one would silently accept the next change it names."};

bool subject_matches(const std::string& pattern, const std::string& subject) {
  if (pattern == subject || pattern == "*") return true;
  if (!pattern.empty() && (pattern.back() == '*' || pattern.back() == '.')) {
    const std::string prefix = pattern.back() == '*' ? pattern.substr(0, pattern.size() - 1) : pattern;
    return subject.compare(0, prefix.size(), prefix) == 0;
  }
  return false;
}

// The first ignore that accepts the finding, or policy.ignores.size().
std::size_t accepting_ignore(const Policy& policy, const Finding& finding) {
  const auto found = std::find_if(policy.ignores.begin(), policy.ignores.end(),
                                  [&](const Ignore& ignore) { return ignore_accepts(ignore, finding); });
  return static_cast<std::size_t>(found - policy.ignores.begin());
}

std::string place_of(const Ignore& ignore) {
  return ignore.line == 0 ? ignore.file : fmt::format("{}:{}", ignore.file, ignore.line);
}

// The same change reappears in every later transition of a history: it is listed once.
bool already_listed(const Judgement& judgement, const Finding& finding) {
  return std::any_of(judgement.accepted.begin(), judgement.accepted.end(), [&](const AcceptedFinding& item) {
    return item.finding.rule == finding.rule && item.finding.subject == finding.subject;
  });
}

// apply_policy has sized judgement.uses to the policy's ignores.
void record(const Policy& policy, std::size_t index, const Finding& finding, Judgement& judgement) {
  ++judgement.uses[index];
  if (!already_listed(judgement, finding)) {
    judgement.accepted.push_back({finding, policy.ignores[index].reason, place_of(policy.ignores[index])});
  }
}

void judge_severity(const Policy& policy, Finding& finding) { finding.severity = judged_severity(policy, finding); }

}  // namespace

bool ignore_accepts(const Ignore& ignore, const Finding& finding) {
  return ignore.rule == finding.rule && subject_matches(ignore.subject, finding.subject);
}

Severity judged_severity(const Policy& policy, const Finding& finding) {
  if (policy.strict) return Severity::Error;
  const auto found = policy.severity.find(finding.rule);
  return found != policy.severity.end() ? found->second : finding.severity;
}

std::size_t apply_policy(const Policy& policy, std::vector<Finding>& findings, Judgement* judgement) {
  if (judgement != nullptr) {
    judgement->configuration = policy.configuration;
    judgement->uses.resize(policy.ignores.size(), 0);
  }
  const auto before = findings.size();
  findings.erase(std::remove_if(findings.begin(), findings.end(),
                                [&](const Finding& finding) {
                                  const std::size_t index = accepting_ignore(policy, finding);
                                  if (index == policy.ignores.size()) return false;
                                  if (judgement != nullptr) record(policy, index, finding, *judgement);
                                  return true;
                                }),
                 findings.end());
  for (Finding& finding : findings) judge_severity(policy, finding);
  return before - findings.size();
}

void merge_judgement(Judgement& judgement, const Judgement& other) {
  if (judgement.configuration.empty()) judgement.configuration = other.configuration;
  if (judgement.uses.size() < other.uses.size()) judgement.uses.resize(other.uses.size(), 0);
  for (std::size_t index = 0; index < other.uses.size(); ++index) judgement.uses[index] += other.uses[index];
  for (const AcceptedFinding& item : other.accepted) {
    if (!already_listed(judgement, item.finding)) judgement.accepted.push_back(item);
  }
  judgement.findings.insert(judgement.findings.end(), other.findings.begin(), other.findings.end());
}

std::vector<Finding> unused_ignore_findings(const Policy& policy, const Judgement& judgement) {
  std::vector<Finding> findings;
  for (std::size_t index = 0; index < policy.ignores.size(); ++index) {
    if (index < judgement.uses.size() && judgement.uses[index] != 0) continue;
    const Ignore& ignore = policy.ignores[index];
    Finding finding = finding_of(
        kIgnoreUnused, ignore.subject,
        fmt::format("this [[ignore]] of {} for {} accepted no finding in the audit of every family: it is stale, "
                    "and would silently accept the next {} finding for {}",
                    ignore.rule, ignore.subject, ignore.rule, ignore.subject),
        "delete this [[ignore]], or correct its rule and subject to the finding it was written for");
    finding.file = ignore.file;
    finding.line = ignore.line;
    judge_severity(policy, finding);
    findings.push_back(std::move(finding));
  }
  return findings;
}

extern const RuleInfo kConfigLoosened;  // config_changes.cpp

const std::vector<const RuleInfo*>& configuration_rules() {
  static const std::vector<const RuleInfo*> rules{&kIgnoreUnused, &kConfigLoosened};
  return rules;
}

}  // namespace fbcompat
