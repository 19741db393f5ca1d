#include <nlohmann/json.hpp>

#include "fbcompat/core/report.h"
#include "fbcompat/core/report_json.h"

namespace fbcompat {

nlohmann::json findings_to_json(const std::vector<Finding>& findings) {
  nlohmann::json array = nlohmann::json::array();
  for (const Finding& finding : findings) {
    array.push_back({{"rule", finding.rule},
                     {"category", category_name(finding.category)},
                     {"severity", severity_name(finding.severity)},
                     {"subject", finding.subject},
                     {"message", finding.message},
                     {"fix", finding.fix},
                     {"file", finding.file},
                     {"line", finding.line},
                     {"column", finding.column}});
  }
  return array;
}

std::string json_text(const nlohmann::json& document) {
  return document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string format_json_report(const std::vector<Finding>& findings) {
  return json_text({{"compatible", compatible(findings)}, {"findings", findings_to_json(findings)}});
}

}  // namespace fbcompat
