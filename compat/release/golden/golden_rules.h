// Rules of `golden verify`: each golden program must still read, as recorded, with the reader schema
// of its own version and of every later version.
#pragma once

#include <vector>

#include "fbcompat/core/rule.h"

namespace fbcompat {

extern const RuleInfo kGoldenFileMissing;
extern const RuleInfo kGoldenSha256Changed;
extern const RuleInfo kGoldenProgramUnreadable;
extern const RuleInfo kGoldenProgramRefusedByRelease;
extern const RuleInfo kGoldenUnknownVersion;
extern const RuleInfo kGoldenIdentifierRejected;
extern const RuleInfo kGoldenVerifyFailed;
extern const RuleInfo kGoldenNodeDecodesDifferently;
extern const RuleInfo kGoldenFieldValueChanged;
extern const RuleInfo kGoldenFieldNoLongerRead;
extern const RuleInfo kGoldenNodeNotCovered;
extern const RuleInfo kGoldenVersionNotFrozen;
extern const RuleInfo kGoldenFileUnrecorded;
extern const RuleInfo kGoldenRunFailed;
extern const RuleInfo kGoldenRunOutputMismatch;
extern const RuleInfo kGoldenRunUnsupported;
extern const RuleInfo kEnvironmentLimit;

const std::vector<const RuleInfo*>& golden_rules();

}  // namespace fbcompat
