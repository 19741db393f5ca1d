// The writer/reader pair check: can every buffer that code generated from the writer schema emits be
// read correctly by code generated from the reader schema? (ExecuTorch's exporter writes schema.fbs;
// its runtime reads runtime_schema.fbs.)
#pragma once

#include <string>
#include <vector>

#include "fbcompat/core/finding.h"
#include "fbcompat/core/report.h"
#include "fbcompat/core/rule.h"
#include "fbcompat/core/schema.h"

namespace fbcompat {

struct PairOptions {
  // Identifiers the reader accepts besides its own file_identifier.
  std::vector<std::string> accepted_identifiers;
};

// Walks everything the writer can emit, from its root_type (every table when it has none), through
// fields, structs, enums and union members. Findings carry the writer's locations.
std::vector<Finding> check_pair(const Schema& writer, const Schema& reader, const PairOptions& options = {});

// The rules check_pair applies (PAIR_*).
const std::vector<const RuleInfo*>& pair_check_rules();

// Several pairs checked at once (every version of a family): one report. Text and Markdown show each
// pair under its label; JSON lists the pairs; SARIF, annotations and JUnit carry every finding once.
struct PairRun {
  std::string label;  // "xnnpack v1.1.0"
  std::vector<Finding> findings;
};

class PairReport final : public Report {
 public:
  explicit PairReport(std::vector<PairRun> runs);

  // Judges every pair's findings by the policy.
  void apply(const Policy& policy) override;
  std::string text(const RenderOptions& options) const override;
  std::string json(const RenderOptions& options) const override;
  std::string markdown(const RenderOptions& options) const override;

 private:
  bool findings_compatible() const override;
  std::vector<PairRun> runs_;
};

}  // namespace fbcompat
