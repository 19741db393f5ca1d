#include <algorithm>

#include "fbcompat/checks/pair.h"
#include "fbcompat/core/report_json.h"

namespace fbcompat {
namespace {

std::vector<Finding> every_finding(const std::vector<PairRun>& runs) {
  std::vector<Finding> all;
  for (const PairRun& run : runs) all.insert(all.end(), run.findings.begin(), run.findings.end());
  return all;
}

}  // namespace

PairReport::PairReport(std::vector<PairRun> runs) : Report(every_finding(runs)), runs_(std::move(runs)) {}

void PairReport::apply(const Policy& policy) {
  for (PairRun& run : runs_) apply_policy(policy, run.findings, &judgement_record());
  replace_findings(every_finding(runs_));
}

bool PairReport::findings_compatible() const {
  return std::all_of(runs_.begin(), runs_.end(), [](const PairRun& run) { return fbcompat::compatible(run.findings); });
}

std::string PairReport::text(const RenderOptions& options) const {
  std::string text;
  for (const PairRun& run : runs_) text += format_text_report(run.findings, run.label, options.style);
  return text;
}

std::string PairReport::markdown(const RenderOptions&) const {
  std::string text;
  for (const PairRun& run : runs_) text += format_markdown_report(run.findings, run.label);
  return text;
}

std::string PairReport::json(const RenderOptions&) const {
  nlohmann::json pairs = nlohmann::json::array();
  for (const PairRun& run : runs_) {
    pairs.push_back({{"pair", run.label}, {"compatible", fbcompat::compatible(run.findings)}, {"findings", findings_to_json(run.findings)}});
  }
  return json_text({{"compatible", compatible()}, {"pairs", pairs}});
}

}  // namespace fbcompat
