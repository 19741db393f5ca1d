// Findings about what the old side declared (a deleted table, field or member) sit in a file at the
// base ref, which a pull request's annotations cannot point at. They move to the nearest declaration
// that survives on the new side, and say in words where the old one was.
#pragma once

#include <string>

#include "fbcompat/core/finding.h"
#include "fbcompat/core/schema.h"

namespace fbcompat {

struct OldSide {
  const Schema& schema;
  std::string display_prefix;  // how the old side's files are named: "git:REF:"
  std::string ref;
};

// True when the finding is located in one of the old side's files.
bool located_on_old_side(const Finding& finding, const OldSide& old_side);

// Moves such a finding to the new side: `new_file` (a repository path) when nothing nearer survives.
void relocate_to_new_side(Finding& finding, const OldSide& old_side, const Schema& new_schema,
                          const std::string& new_file);

}  // namespace fbcompat
