// The pre-merge gate: every change between two versions of a schema that breaks existing data,
// JSON or generated code, one finding per problem.
#pragma once

#include <cstddef>
#include <vector>

#include "fbcompat/core/finding.h"
#include "fbcompat/core/rule.h"
#include "fbcompat/core/schema.h"

namespace fbcompat {

struct DiffOptions {
  // UNION_CAPACITY warns when a union uses more type ids than this (of the 255 a ubyte allows).
  std::size_t union_capacity_warning = 200;
};

// The evolution rules diff applies.
const std::vector<const RuleInfo*>& diff_rules();

// Findings carry each rule's default severity, sorted by file and line; see policy.h for --strict.
std::vector<Finding> diff_schemas(const Schema& old_schema, const Schema& new_schema, const DiffOptions& options = {});

}  // namespace fbcompat
