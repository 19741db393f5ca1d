// `fbcompat load-check`: the header-only load-time check (fbcompat/load_check/load_check.h) run on
// every XNNPACK delegate of a program, as the runtime of one schema version runs it, with each delegate
// the runtime refuses, or loads while ignoring fields, as a finding (rules LOAD_*).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/report.h"
#include "fbcompat/core/rule.h"
#include "fbcompat/executorch/program.h"
#include "fbcompat/load_check/result.h"
#include "fbcompat/load_check/runtime_profile.h"

namespace fbcompat::xnnpack {

struct DelegateLoadCheck {
  std::string plan;
  std::size_t index = 0;
  const ProgramDelegate* delegate = nullptr;
  LoadCheckResult result;

  std::string subject() const;  // "forward.delegates[0]"
};

// The runtime profile of a version ("v1.1.0"), or null.
const RuntimeProfile* find_runtime(const std::string& version);
// "v0.1.0, v0.2.0, ...": the versions the generated profiles know.
std::string known_runtime_versions();

// Every XNNPACK delegate of `program` checked on `runtime`. A program without one, or with a corrupt
// payload, is an Error (bad input, like a corrupt file). `file` names the program in findings.
class LoadCheckReport final : public Report {
 public:
  static Expected<LoadCheckReport> check(const ProgramView& program, const RuntimeProfile& runtime, const std::string& file);

  const std::vector<DelegateLoadCheck>& delegates() const { return delegates_; }
  // "the load-time check of F on the runtime of V (N XNNPACK delegates)"
  std::string what() const;
  // The findings, and every delegate checked, loadable or not.
  std::string json(const RenderOptions& options) const override;

 private:
  LoadCheckReport(std::vector<Finding> findings, std::vector<DelegateLoadCheck> delegates, const RuntimeProfile& runtime,
                  std::string file);
  std::vector<DelegateLoadCheck> delegates_;
  const RuntimeProfile* runtime_;
  std::string file_;
};

const std::vector<const RuleInfo*>& load_check_rules();

}  // namespace fbcompat::xnnpack
