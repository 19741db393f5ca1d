// CONFIG_LOOSENED: a change to fbcompat.toml that lets more through than the base's did. The gate reads
// the configuration from the side it judges, so a pull request could otherwise lower a rule, or accept
// its own break, in the same commit as the break.
#include <algorithm>
#include <functional>
#include <map>

#include <fmt/format.h>

#include "fbcompat/core/config.h"
#include "fbcompat/core/word_list.h"

namespace fbcompat {

extern const RuleInfo kConfigLoosened;
const RuleInfo kConfigLoosened{
    "CONFIG_LOOSENED", Category::Wire, Severity::Warning, RuleScope::Module,
    "A change to fbcompat.toml that accepts more (a rule lowered, an ignore added, the module narrowed) is "
    "reported with what it lets through."};

namespace {

int rank(Severity severity) {
  switch (severity) {
    case Severity::Error: return 2;
    case Severity::Warning: return 1;
    case Severity::Info: return 0;
  }
  return 0;
}

Severity configured(const Config& config, const std::string& rule, Severity default_severity) {
  const auto found = config.policy.severity.find(rule);
  return found == config.policy.severity.end() ? default_severity : found->second;
}

bool accepted_by(const Config& config, const Finding& finding) {
  return std::any_of(config.policy.ignores.begin(), config.policy.ignores.end(),
                     [&](const Ignore& ignore) { return ignore_accepts(ignore, finding); });
}

// An error under the base's configuration.
bool base_error(const Config& base, const Finding& finding) {
  return !accepted_by(base, finding) && configured(base, finding.rule, finding.severity) == Severity::Error;
}

class Loosenings {
 public:
  Loosenings(const Config& base, const Config& current, const LooseningContext& run)
      : base_(base), current_(current), run_(run) {}

  // `lets_through`: the run's base errors this loosening accepts or lowers.
  void add(const std::string& subject, std::uint32_t line, const std::string& what,
           const std::vector<std::string>& lets_through) {
    std::string message = fmt::format("{}, which {} does not: ", what, run_.base_name.empty() ? "the base" : run_.base_name);
    Finding finding = finding_of(kConfigLoosened, subject, message, "");
    if (lets_through.empty()) {
      finding.message += "it lets nothing of this change through, but every later change it applies to.";
    } else {
      finding.severity = Severity::Error;
      finding.message += fmt::format("it lets through {} of this change's breaks that the base's configuration "
                                     "fails ({}). A change must not accept its own breaks.",
                                     lets_through.size(), word_list(lets_through));
    }
    finding.fix = lets_through.empty()
                      ? "keep it if it is meant: a reviewer should read it as a change of policy"
                      : "land the configuration change on its own, reviewed, before the change it accepts; or undo it";
    finding.file = current_.path;
    finding.line = line;
    findings_.push_back(std::move(finding));
  }

  // The run's findings the base's configuration fails that `lets_through` says this loosening accepts.
  std::vector<std::string> base_errors(const std::function<bool(const Finding&)>& lets_through) const {
    std::vector<std::string> names;
    if (run_.findings == nullptr) return names;
    for (const Finding& finding : *run_.findings) {
      if (base_error(base_, finding) && lets_through(finding)) {
        names.push_back(finding.rule + " " + finding.subject);
      }
    }
    return names;
  }

  std::vector<Finding> take() { return std::move(findings_); }

 private:
  const Config& base_;
  const Config& current_;
  const LooseningContext& run_;
  std::vector<Finding> findings_;
};

void rules_lowered(const Config& base, const Config& current, const std::vector<RuleInfo>& rules, Loosenings& out) {
  // Every rule either configuration names: one the change stops naming falls back to its default.
  std::map<std::string, Severity> named;
  for (const auto& [rule, severity] : base.policy.severity) named.emplace(rule, severity);
  for (const auto& [rule, severity] : current.policy.severity) named.emplace(rule, severity);
  for (const auto& entry : named) {
    const std::string& rule = entry.first;  // a named reference: C++17 lambdas cannot capture bindings
    const auto info = std::find_if(rules.begin(), rules.end(), [&](const RuleInfo& known) { return known.id == rule; });
    const Severity default_severity = info == rules.end() ? Severity::Error : info->default_severity;
    const Severity before = configured(base, rule, default_severity);
    const Severity severity = configured(current, rule, default_severity);
    if (rank(severity) >= rank(before)) continue;
    const auto line = current.lines.find("rules." + rule);
    out.add(rule, line == current.lines.end() ? 0 : line->second,
            current.policy.severity.count(rule) != 0
                ? fmt::format("[rules] {} = \"{}\" lowers the rule from {} to {}", rule, severity_name(severity),
                              severity_name(before), severity_name(severity))
                : fmt::format("[rules] no longer sets {}, which falls back from {} to its default, {}", rule,
                              severity_name(before), severity_name(severity)),
            out.base_errors([&, lowered = severity](const Finding& finding) {
              return finding.rule == rule && lowered != Severity::Error;
            }));
  }
}

void ignores_added(const Config& base, const Config& current, Loosenings& out) {
  for (const Ignore& ignore : current.policy.ignores) {
    const bool known = std::any_of(base.policy.ignores.begin(), base.policy.ignores.end(), [&](const Ignore& old) {
      return old.rule == ignore.rule && old.subject == ignore.subject;
    });
    if (known) continue;
    out.add(ignore.rule + " " + ignore.subject, ignore.line,
            fmt::format("an [[ignore]] of {} for {} is added", ignore.rule, ignore.subject),
            out.base_errors([&](const Finding& finding) { return ignore_accepts(ignore, finding); }));
  }
}

void module_narrowed(const Config& base, const Config& current, const LooseningContext& run, Loosenings& out) {
  std::vector<std::string> added_exclusions;
  for (const std::string& pattern : current.module.exclude) {
    if (std::find(base.module.exclude.begin(), base.module.exclude.end(), pattern) == base.module.exclude.end()) {
      added_exclusions.push_back(pattern);
    }
  }
  std::vector<std::string> dropped_roots;
  if (!current.module.roots.empty()) {
    for (const std::string& root : base.module.roots) {
      if (std::find(current.module.roots.begin(), current.module.roots.end(), root) == current.module.roots.end()) {
        dropped_roots.push_back(root);
      }
    }
    if (base.module.roots.empty()) dropped_roots.push_back("the whole repository");
  }
  if (added_exclusions.empty() && dropped_roots.empty()) return;
  std::string what = "[module] leaves schema files out of the module";
  if (!added_exclusions.empty()) what += fmt::format(" (exclude adds {})", word_list(added_exclusions));
  if (!dropped_roots.empty()) what += fmt::format(" (roots no longer cover {})", word_list(dropped_roots));
  std::vector<std::string> hidden;
  for (const std::string& file : run.changed_files_left_out) hidden.push_back("the change to " + file);
  const char* key = !added_exclusions.empty() ? "module.exclude" : "module.roots";
  const auto line = current.lines.find(key);
  out.add(std::string("[module]"), line == current.lines.end() ? 0 : line->second, what, hidden);
}

void capacity_raised(const Config& base, const Config& current, Loosenings& out) {
  if (current.union_capacity_warning <= base.union_capacity_warning) return;
  const auto line = current.lines.find("diff.union_capacity_warning");
  out.add("[diff] union_capacity_warning", line == current.lines.end() ? 0 : line->second,
          fmt::format("[diff] union_capacity_warning rises from {} to {}", base.union_capacity_warning,
                      current.union_capacity_warning),
          {});
}

}  // namespace

std::vector<Finding> configuration_loosened(const Config& base, const Config& current,
                                            const std::vector<RuleInfo>& rules, const LooseningContext& run) {
  Loosenings found(base, current, run);
  rules_lowered(base, current, rules, found);
  ignores_added(base, current, found);
  module_narrowed(base, current, run, found);
  capacity_raised(base, current, found);
  return found.take();
}

}  // namespace fbcompat
