#include "fbcompat/checks/diff.h"

#include "evolution/evolution_context.h"
#include "fbcompat/core/finding_sink.h"

namespace fbcompat {

const std::vector<const RuleInfo*>& diff_rules() {
  static const std::vector<const RuleInfo*> rules = [] {
    std::vector<const RuleInfo*> infos;
    for (const EvolutionRule& rule : evolution_rules()) infos.push_back(&rule.info);
    return infos;
  }();
  return rules;
}

std::vector<Finding> diff_schemas(const Schema& old_schema, const Schema& new_schema, const DiffOptions& options) {
  const EvolutionContext context(old_schema, new_schema, options);
  std::vector<Finding> findings;
  FindingSink sink(findings);
  for (const EvolutionRule& rule : evolution_rules()) rule.check(context, sink);
  sort_findings(findings);
  return findings;
}

}  // namespace fbcompat
