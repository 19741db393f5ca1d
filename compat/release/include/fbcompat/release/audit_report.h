// The audit rendered for people (text, Markdown for a release page or a pull request) and machines (JSON).
#pragma once

#include <string>
#include <vector>

#include "fbcompat/release/audit.h"
#include "fbcompat/core/report.h"

namespace fbcompat {

std::string format_audit_text(const std::vector<AuditReport>& reports, const TextStyle& style = {});

// The compatibility matrix, every transition, the introduced-in table, union capacity, and the minimum
// runtime of each version.
std::string format_audit_markdown(const std::vector<AuditReport>& reports);

// One family: {"compatible", "family", "versions", "transitions", "matrix", "history", "capacity",
// "minimum_runtime", "lock", "sections"}. Several families: {"compatible", "families": [...]}.
std::string format_audit_json(const std::vector<AuditReport>& reports);

// What decides the verdict, as one list of findings (for SARIF and workflow annotations): the findings
// of shipped transitions, of the matrix cells where a runtime must load older programs, of the lock and
// of every section.
std::vector<Finding> verdict_findings(const AuditReport& report);

// JUnit: a test suite per family, a test case per shipped transition, required matrix cell, lock and
// section; then the judgement's suite (junit.h).
std::string format_audit_junit(const std::vector<AuditReport>& reports, const Judgement& judgement = {});

// The audit of one or more families as a report (core/report.h): text, Markdown, JSON and JUnit show
// the whole audit; SARIF and workflow annotations show what decides the verdict.
class AuditReports final : public Report {
 public:
  // The reports' judgements become the report's: the configuration once, what it accepted in any family.
  explicit AuditReports(std::vector<AuditReport> reports);

  // For an audit of everything the policy is about (every configured family): each ignore that
  // accepted nothing becomes a CONFIG_IGNORE_UNUSED finding of the judgement.
  void report_unused_ignores(const Policy& policy);

  const std::vector<AuditReport>& reports() const { return reports_; }
  std::string text(const RenderOptions& options) const override;
  std::string json(const RenderOptions& options) const override;
  std::string markdown(const RenderOptions& options) const override;
  std::string junit(const RenderOptions& options) const override;

 private:
  bool findings_compatible() const override;
  std::vector<AuditReport> reports_;
};

}  // namespace fbcompat
