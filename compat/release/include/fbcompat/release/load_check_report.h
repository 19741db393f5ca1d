// `fbcompat load-check`: can this runtime load this program? Two checks, each a finding: the ExecuTorch
// loader of each release the runtime stands for (the program, its methods, its delegates' data and each
// backend's own checks: docs/what-loads-where.md; rule LOAD_PROGRAM_REFUSED), and each delegate family's
// own load check of its payloads on that runtime (XNNPACK's header-only check on the runtime's profile,
// MLX's ops and schema version; each family's rules). The families are those of the program's
// delegates, or the one --family names.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/report.h"
#include "fbcompat/core/rule.h"
#include "fbcompat/executorch/delegate_family.h"
#include "fbcompat/executorch/load_verdict.h"
#include "fbcompat/executorch/program.h"

namespace fbcompat {

// One delegate, checked by its family.
struct DelegateLoadCheck {
  std::string plan;
  std::size_t index = 0;
  DelegateLocation location = DelegateLocation::Inline;
  std::size_t size = 0;
  std::uint64_t file_offset = 0;
  std::string family;        // "xnnpack"
  std::string family_label;  // "XNNPACK"
  PayloadLoadCheck result;

  std::string subject() const;  // "forward.delegates[0]"
};

// A family and the runtime `--runtime` names in its terms.
struct FamilyLoadCheckRuntime {
  const DelegateFamily* family = nullptr;
  LoadCheckRuntime runtime;
};

struct LoadCheckRequest {
  std::string program;                // the .pte file, named in findings
  std::string runtime;                // --runtime: a schema version or an ExecuTorch release
  std::vector<std::string> families;  // --family; empty: the families of the program's delegates
  // Where each release's backends define the payloads (none: that stage is not checked, which an info
  // finding says once).
  BackendLibraries libraries;
};

class LoadCheckReport final : public Report {
 public:
  // Reads the program and checks it. Bad input (an Error, exit 2): a file no release reads as a
  // program, a program without a delegate of the families asked for, a runtime a family does not know,
  // or a corrupt payload the loader did not already refuse.
  static Expected<LoadCheckReport> check(const LoadCheckRequest& request);
  // The same on bytes already read, with the families (and the runtime each stands for) chosen.
  static Expected<LoadCheckReport> check(const std::uint8_t* program, std::size_t size,
                                         const std::vector<FamilyLoadCheckRuntime>& runtimes, const std::string& file,
                                         const BackendLibraries& libraries = {});

  const std::vector<DelegateLoadCheck>& delegates() const { return delegates_; }
  // "the load-time check of F on the runtime of V (N XNNPACK delegates)"
  std::string what() const;
  // The findings, and every delegate checked, loadable or not.
  std::string json(const RenderOptions& options) const override;

 private:
  LoadCheckReport(std::vector<Finding> findings, std::vector<DelegateLoadCheck> delegates,
                  std::vector<FamilyLoadCheckRuntime> runtimes, std::vector<RuntimeRelease> releases, std::string file,
                  bool loader_accepts, bool crashes_when_run);
  std::vector<DelegateLoadCheck> delegates_;
  std::vector<FamilyLoadCheckRuntime> runtimes_;
  std::vector<RuntimeRelease> releases_;  // whose loaders ran
  std::string file_;
  bool loader_accepts_ = true;     // every release's loader loads the program
  bool crashes_when_run_ = false;  // a release loads it and a method crashes when run
  // The families are owned here when check(request) opened them.
  std::vector<std::shared_ptr<const DelegateFamily>> owned_;
};

// The rule of the loader's verdict (LOAD_PROGRAM_REFUSED); each family adds its own
// (DelegateFamily::rules).
const std::vector<const RuleInfo*>& load_check_rules();

}  // namespace fbcompat
