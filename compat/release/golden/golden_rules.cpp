#include "golden/golden_rules.h"

namespace fbcompat {

const RuleInfo kGoldenFileMissing{"GOLDEN_FILE_MISSING", Category::Wire, Severity::Error, RuleScope::Golden,
                                  "A golden program or its JSON description listed in MANIFEST.json must exist."};
const RuleInfo kGoldenSha256Changed{"GOLDEN_SHA256_CHANGED", Category::Wire, Severity::Error, RuleScope::Golden,
                                    "A golden program is history: its bytes must keep the sha256 recorded when it was frozen."};
const RuleInfo kGoldenProgramUnreadable{"GOLDEN_PROGRAM_UNREADABLE", Category::Wire, Severity::Error, RuleScope::Golden,
                                        "A golden .pte must read as a program holding a payload of its delegate family."};
const RuleInfo kGoldenProgramRefusedByRelease{
    "GOLDEN_PROGRAM_REFUSED_BY_RELEASE", Category::Wire, Severity::Info, RuleScope::Golden,
    "Releases whose loader refuses a frozen golden program are named once, with the runtime's reason."};
const RuleInfo kGoldenUnknownVersion{"GOLDEN_UNKNOWN_VERSION", Category::Wire, Severity::Error, RuleScope::Golden,
                                     "A golden program's version must be a version of the schema family's manifest.toml."};
const RuleInfo kGoldenIdentifierRejected{"GOLDEN_IDENTIFIER_REJECTED", Category::Wire, Severity::Error, RuleScope::Golden,
                                         "Every later runtime must accept the identifier a golden program's payload carries."};
const RuleInfo kGoldenVerifyFailed{"GOLDEN_VERIFY_FAILED", Category::Wire, Severity::Error, RuleScope::Golden,
                                   "A golden payload must pass flatbuffers verification against its own and every later reader schema."};
const RuleInfo kGoldenNodeDecodesDifferently{"GOLDEN_NODE_DECODES_DIFFERENTLY", Category::Wire, Severity::Error,
                                             RuleScope::Golden,
                                             "Every node's type id must decode to the recorded node in every later reader schema."};
const RuleInfo kGoldenFieldValueChanged{"GOLDEN_FIELD_VALUE_CHANGED", Category::Wire, Severity::Error, RuleScope::Golden,
                                        "Every field a golden program sets must read back with its recorded value in every later reader."};
const RuleInfo kGoldenFieldNoLongerRead{"GOLDEN_FIELD_NO_LONGER_READ", Category::Wire, Severity::Warning, RuleScope::Golden,
                                        "A later reader deprecated a field that a golden program sets: its value is ignored."};
const RuleInfo kGoldenNodeNotCovered{"GOLDEN_NODE_NOT_COVERED", Category::Wire, Severity::Warning, RuleScope::Golden,
                                     "Every node type of a frozen version should appear in one of its golden programs."};
const RuleInfo kGoldenVersionNotFrozen{"GOLDEN_VERSION_NOT_FROZEN", Category::Wire, Severity::Warning, RuleScope::Golden,
                                       "Every version in manifest.toml should have golden programs."};
const RuleInfo kGoldenFileUnrecorded{"GOLDEN_FILE_UNRECORDED", Category::Wire, Severity::Error, RuleScope::Golden,
                                     "Every .pte and .json under the golden directory must be recorded in MANIFEST.json."};

const RuleInfo kGoldenRunFailed{"GOLDEN_RUN_FAILED", Category::Wire, Severity::Error, RuleScope::GoldenRun,
                                "A runnable golden program must load and run on the reference runtime."};
const RuleInfo kGoldenRunOutputMismatch{"GOLDEN_RUN_OUTPUT_MISMATCH", Category::Wire, Severity::Error, RuleScope::GoldenRun,
                                        "A golden program's outputs must match the expected outputs recorded when it was frozen."};
const RuleInfo kGoldenRunUnsupported{"GOLDEN_RUN_UNSUPPORTED", Category::Wire, Severity::Warning, RuleScope::GoldenRun,
                                     "A golden program whose nodes the runtime cannot define is not run: say which and why."};
const RuleInfo kEnvironmentLimit{"ENVIRONMENT_LIMIT", Category::Wire, Severity::Info, RuleScope::GoldenRun,
                                 "What this machine's runtime could not run or define is said once, as a note."};

const std::vector<const RuleInfo*>& golden_rules() {
  static const std::vector<const RuleInfo*> rules{
      &kGoldenFileMissing,        &kGoldenSha256Changed,     &kGoldenProgramUnreadable, &kGoldenProgramRefusedByRelease, &kGoldenUnknownVersion,
      &kGoldenIdentifierRejected, &kGoldenVerifyFailed,      &kGoldenNodeDecodesDifferently, &kGoldenFieldValueChanged,
      &kGoldenFieldNoLongerRead,  &kGoldenNodeNotCovered,    &kGoldenVersionNotFrozen,  &kGoldenFileUnrecorded,
      &kGoldenRunFailed,          &kGoldenRunOutputMismatch, &kGoldenRunUnsupported, &kEnvironmentLimit,
  };
  return rules;
}

}  // namespace fbcompat
