// The pre-merge gate: every change between two versions of a schema that breaks existing data,
// JSON or generated code, one finding per problem.
#pragma once

#include <cstddef>
#include <vector>

#include "fbcompat/checks/diff_options.h"
#include "fbcompat/core/finding.h"
#include "fbcompat/core/rule.h"
#include "fbcompat/core/schema.h"

namespace fbcompat {

// The evolution rules diff applies.
const std::vector<const RuleInfo*>& diff_rules();

// Findings carry each rule's default severity, sorted by file and line; see policy.h for --strict.
std::vector<Finding> diff_schemas(const Schema& old_schema, const Schema& new_schema, const DiffOptions& options = {});

}  // namespace fbcompat
