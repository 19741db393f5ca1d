// `fbcompat load-check`: can this runtime load this program? Two checks, each a finding (rules LOAD_*):
// the ExecuTorch loader of each release the runtime stands for (the program, its methods, its
// delegates' data and the XNNPACK delegate's own checks: docs/what-loads-where.md), and the
// header-only load-time check (fbcompat/load_check/load_check.h) on every XNNPACK delegate, as the
// runtime of that schema version runs it: the types it knows and the fields it ignores.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/report.h"
#include "fbcompat/core/rule.h"
#include "fbcompat/executorch/program.h"
#include "fbcompat/executorch/runtime_release.h"
#include "fbcompat/load_check/result.h"
#include "fbcompat/load_check/runtime_profile.h"

namespace fbcompat::xnnpack {

struct DelegateLoadCheck {
  std::string plan;
  std::size_t index = 0;
  DelegateLocation location = DelegateLocation::Inline;
  std::size_t size = 0;
  std::uint64_t file_offset = 0;
  LoadCheckResult result;

  std::string subject() const;  // "forward.delegates[0]"
};

// The runtime profile of a version ("v1.1.0"), or null.
const RuntimeProfile* find_runtime(const std::string& version);
// "v0.1.0, v0.2.0, ...": the versions the generated profiles know.
std::string known_runtime_versions();

// The runtime `--runtime` names: a schema version ("v1.1.0", standing for every release that shipped
// it) or one ExecuTorch release ("1.4.1", standing for itself, read with the version it shipped).
struct RuntimeChoice {
  const RuntimeProfile* profile = nullptr;
  std::vector<RuntimeRelease> releases;  // whose loader rules apply: one per distinct set of rules
  std::string name;                      // "v1.1.0 (releases 1.1.0 .. 1.4.1)", "ExecuTorch 1.4.1 (v1.1.0)"
};
// An Error naming the known versions and releases when `text` is neither.
Expected<RuntimeChoice> choose_runtime(const std::string& text);

// `program` loaded by the loader of each release of `runtime` (the whole load: the program, every
// delegate's data, the XNNPACK backend's checks and its definitions on XNNPACK, method load), and every
// XNNPACK delegate checked on its profile. A release that loads it but whose method crashes when run is
// a LOAD_CRASHES_WHEN_RUN finding, not a refusal. Bad input (an Error, exit 2): bytes every release refuses as a program container, a
// program without an XNNPACK delegate, or a corrupt payload the loader did not already refuse.
// `file` names the program in findings.
class LoadCheckReport final : public Report {
 public:
  // `libraries`: where each release's XNNPACK backend defines the payloads (none: that stage is not
  // checked, which an info finding says once).
  static Expected<LoadCheckReport> check(const std::uint8_t* program, std::size_t size, const RuntimeChoice& runtime,
                                         const std::string& file, const BackendLibraries& libraries = {});

  const std::vector<DelegateLoadCheck>& delegates() const { return delegates_; }
  // "the load-time check of F on the runtime of V (N XNNPACK delegates)"
  std::string what() const;
  // The findings, and every delegate checked, loadable or not.
  std::string json(const RenderOptions& options) const override;

 private:
  LoadCheckReport(std::vector<Finding> findings, std::vector<DelegateLoadCheck> delegates, RuntimeChoice runtime,
                  std::string file, bool loader_accepts, bool crashes_when_run);
  std::vector<DelegateLoadCheck> delegates_;
  RuntimeChoice runtime_;
  std::string file_;
  bool loader_accepts_ = true;     // every release's loader loads the program
  bool crashes_when_run_ = false;  // a release loads it and a method crashes when run
};

const std::vector<const RuleInfo*>& load_check_rules();

}  // namespace fbcompat::xnnpack
