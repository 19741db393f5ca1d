// A golden program of the catalogue (golden_catalogue.h) built into what `golden freeze` writes: the
// graph encoded with the version's writer schema, wrapped in a payload (with or without XH00) and a
// .pte (inline or segment), and for runnable programs the expected outputs from the reference ops.
#pragma once

#include <string>

#include "fbcompat/core/error.h"
#include "fbcompat/core/reflected_schema.h"
#include "fbcompat/executorch/delegate_family.h"
#include "golden_programs/golden_catalogue.h"

namespace fbcompat {

// `where` ("xnnpack/v1.1.0/mlp") names the program in errors.
Expected<GoldenProgram> build_golden_program(const ReflectedSchema& writer, const GoldenProgramPlan& plan,
                                             const std::string& where);

}  // namespace fbcompat
