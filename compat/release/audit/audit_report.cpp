#include "fbcompat/release/audit_report.h"

#include <algorithm>

namespace fbcompat {
namespace {

std::vector<Finding> all_verdict_findings(const std::vector<AuditReport>& reports) {
  std::vector<Finding> findings;
  for (const AuditReport& report : reports) {
    for (Finding& finding : verdict_findings(report)) findings.push_back(std::move(finding));
  }
  return findings;
}

}  // namespace

AuditReports::AuditReports(std::vector<AuditReport> reports)
    : Report(all_verdict_findings(reports)), reports_(std::move(reports)) {
  for (const AuditReport& report : reports_) merge_judgement(judgement_record(), report.judgement);
}

void AuditReports::report_unused_ignores(const Policy& policy) {
  judgement_record().findings = unused_ignore_findings(policy, judgement());
}

bool AuditReports::findings_compatible() const {
  return std::all_of(reports_.begin(), reports_.end(), [](const AuditReport& report) { return report.compatible(); });
}

std::string AuditReports::text(const RenderOptions& options) const { return format_audit_text(reports_, options.style); }
std::string AuditReports::json(const RenderOptions&) const { return format_audit_json(reports_); }
std::string AuditReports::markdown(const RenderOptions&) const { return format_audit_markdown(reports_); }
std::string AuditReports::junit(const RenderOptions&) const { return format_audit_junit(reports_, judgement()); }

}  // namespace fbcompat
