// gate_report(): a gate run's findings judged by its configuration, and CONFIG_LOOSENED by the base's.
#include <memory>

#include "fbcompat/checks/gate.h"

namespace fbcompat {
namespace {

// Findings judged by the judged side's configuration; the configuration's own findings by the base's, and
// shown with the judgement (every format renders it), so that the change cannot accept them itself.
class GateReport final : public Report {
 public:
  GateReport(std::vector<Finding> findings, std::vector<Finding> about_configuration, Policy base_policy)
      : Report(std::move(findings)),
        about_configuration_(std::move(about_configuration)),
        base_policy_(std::move(base_policy)) {}

  void apply(const Policy& policy) override {
    Report::apply(policy);
    base_policy_.strict = base_policy_.strict || policy.strict;
    std::vector<Finding> judged = about_configuration_;
    apply_policy(base_policy_, judged);
    std::vector<Finding>& listed = judgement_record().findings;
    listed.insert(listed.end(), judged.begin(), judged.end());
  }

 private:
  std::vector<Finding> about_configuration_;
  Policy base_policy_;
};

}  // namespace

std::unique_ptr<Report> gate_report(GateResult result, bool strict) {
  Policy policy = result.config.policy;
  policy.strict = policy.strict || strict;
  auto report = std::make_unique<GateReport>(std::move(result.findings), std::move(result.configuration_findings),
                                             std::move(result.base_policy));
  report->apply(policy);
  return report;
}

}  // namespace fbcompat
