// One remedy (Finding::remedy) carried out in one schema file's text: the byte edits that make it, and
// what they do in words. Nothing outside the fixed declaration's own lines changes.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/finding.h"
#include "fbcompat/core/schema_text.h"

namespace fbcompat {

struct PlannedEdit {
  std::size_t offset = 0;
  std::size_t length = 0;
  std::string replacement;
  // Among edits at one offset, the lower first: a restored member in its old order, before members moved
  // to the end after it.
  std::size_t order = 0;

  bool operator==(const PlannedEdit& other) const {
    return offset == other.offset && length == other.length && replacement == other.replacement;
  }
};

struct RemedyEdits {
  std::vector<PlannedEdit> edits;
  std::string note;  // "XNNFoo moved to the end of XNodeUnion"
};

// The edits that carry out `remedy` in `text`, or why they cannot be made there.
Expected<RemedyEdits> remedy_edits(const Remedy& remedy, const SchemaText& text);

}  // namespace fbcompat
