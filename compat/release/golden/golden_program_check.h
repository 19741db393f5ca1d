// One golden program read as the runtime of its own version and of every later version reads it: its
// file and digest, its loads under each set of loader rules, and at each reading the verification, the
// node names and the recorded field values. Golden verify checks a manifest's programs with this on every
// core: the check of one program shares nothing with another's but the family, which reading leaves as
// it was.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/finding.h"
#include "fbcompat/core/rule.h"
#include "fbcompat/executorch/delegate_family.h"
#include "fbcompat/executorch/program.h"
#include "fbcompat/release/golden_manifest.h"
#include "fbcompat/release/golden_verify.h"

namespace fbcompat {

// A release that refused the program, which golden verify reports once for each reason, over all
// programs.
struct GoldenRefusal {
  RuntimeRelease release;
  LoadRefusal refusal;
  // A coverage-only program: frozen before programs were shaped as their release exported them, its own
  // version's first release refuses it (or, a program of every member, its delegate's checks do).
  bool coverage = false;
};

struct GoldenProgramCheck {
  std::vector<Finding> findings;
  std::vector<GoldenRefusal> refusals;  // in the order met
  std::size_t readings = 0;             // (program, reader schema) pairs verified
  std::optional<Error> problem;         // why the check could not be made at all (no libcrypto)
  std::vector<std::string> definitions_not_checked;  // ProgramView's, said once by golden verify
};

// `listed`: the manifest paths of the regular files a listing of the golden directory found, sorted;
// they are opened without asking stat first (regular_file.h).
GoldenProgramCheck check_golden_program(const GoldenEntry& entry, const GoldenVerifyOptions& options,
                                        const DelegateFamily& family, const std::vector<std::string>& listed);

// At most three items, then how many more ("a; b; c; and 4 more"): how a finding quotes a list.
std::string listed(const std::vector<std::string>& items);

// A finding of a golden rule, in `file`.
Finding golden_finding(const RuleInfo& rule, std::string subject, std::string file, std::string message, std::string fix);

}  // namespace fbcompat
