#include "fbcompat/core/finding.h"

#include <algorithm>

namespace fbcompat {

const char* category_name(Category category) {
  switch (category) {
    case Category::Wire: return "WIRE";
    case Category::Json: return "JSON";
    case Category::Source: return "SOURCE";
    case Category::File: return "FILE";
  }
  return "?";
}

const char* severity_name(Severity severity) {
  switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "info";
  }
  return "?";
}

bool compatible(const std::vector<Finding>& findings) {
  return std::none_of(findings.begin(), findings.end(), [](const Finding& finding) {
    return finding.severity == Severity::Error && finding.fix_status != FixStatus::Fixed;
  });
}

FindingCounts count_findings(const std::vector<Finding>& findings) {
  FindingCounts counts;
  for (const Finding& finding : findings) {
    if (finding.fix_status == FixStatus::Fixed) continue;  // --fix removed it
    switch (finding.severity) {
      case Severity::Error: ++counts.errors; break;
      case Severity::Warning: ++counts.warnings; break;
      case Severity::Info: ++counts.infos; break;
    }
  }
  return counts;
}

}  // namespace fbcompat
