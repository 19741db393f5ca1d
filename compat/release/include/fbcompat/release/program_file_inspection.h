// `fbcompat inspect`: a program file's container and each delegate's payload, every payload opened by
// the family its backend id names (each from its schemas, where they are: nodes by name, the oldest
// runtime that loads it), so that a program with an XNNPACK and an MLX delegate is described whole.
#pragma once

#include <string>

#include "fbcompat/core/error.h"
#include "fbcompat/executorch/program_inspection.h"
#include "fbcompat/release/delegate_families.h"

namespace fbcompat {

// `families`: which families' payloads are opened and from where (every family by default, each from
// schemas/<name> when that directory exists). `load`: the release whose whole load is judged, how much
// it verifies and the backends' libraries that define the payloads (the newest release, minimal, none
// by default). A file that release refuses is an Error naming the stage.
Expected<ProgramInspection> inspect_program_file(const std::string& file, const FamilySelection& families,
                                                 ProgramReadOptions load = {});

}  // namespace fbcompat
