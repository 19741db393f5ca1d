// A finding: one problem found by one rule, located, explained and with its fix.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fbcompat {

// What a change breaks. WIRE: existing binary data is read wrongly or rejected. JSON: JSON text that
// was valid no longer parses or means something else. SOURCE: code generated from the schema breaks.
enum class Category { Wire, Json, Source };

enum class Severity { Error, Warning, Info };

const char* category_name(Category category);  // "WIRE", "JSON", "SOURCE"
const char* severity_name(Severity severity);  // "error", "warning", "info"

struct Finding {
  std::string rule;  // the rule's UPPER_SNAKE id
  Category category = Category::Wire;
  Severity severity = Severity::Error;
  std::string subject;  // qualified name: fb_xnnpack.XNodeUnion.XNNFoo
  std::string message;  // what changed and what breaks for whom
  std::string fix;      // how to make the change compatible
  std::string file;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

// True when no finding is an error.
bool compatible(const std::vector<Finding>& findings);

// Counts by severity, for summaries.
struct FindingCounts {
  std::size_t errors = 0;
  std::size_t warnings = 0;
  std::size_t infos = 0;
};
FindingCounts count_findings(const std::vector<Finding>& findings);

}  // namespace fbcompat
