#include <nlohmann/json.hpp>

#include "fbcompat/core/report.h"
#include "fbcompat/core/report_json.h"

namespace fbcompat {

namespace {

const char* fix_status_name(FixStatus status) {
  switch (status) {
    case FixStatus::None: return "none";
    case FixStatus::Fixable: return "fixable";
    case FixStatus::Fixed: return "fixed";
    case FixStatus::NotFixed: return "not fixed";
  }
  return "none";
}

nlohmann::json edit_to_json(const TextEdit& edit) {
  return {{"file", edit.file},
          {"offset", edit.offset},
          {"length", edit.length},
          {"replacement", edit.replacement},
          {"start_line", edit.start_line},
          {"start_column", edit.start_column},
          {"end_line", edit.end_line},
          {"end_column", edit.end_column}};
}

}  // namespace

nlohmann::json findings_to_json(const std::vector<Finding>& findings) {
  nlohmann::json array = nlohmann::json::array();
  for (const Finding& finding : findings) {
    nlohmann::json item{{"rule", finding.rule},
                     {"category", category_name(finding.category)},
                     {"severity", severity_name(finding.severity)},
                     {"subject", finding.subject},
                     {"message", finding.message},
                     {"fix", finding.fix},
                     {"file", finding.file},
                     {"line", finding.line},
                     {"column", finding.column}};
    // The fix as data: what --fix does (or did) to the new side's text, byte ranges and regions alike.
    if (finding.fix_status != FixStatus::None) {
      item["fix_status"] = fix_status_name(finding.fix_status);
      item["fix_note"] = finding.fix_note;
      nlohmann::json edits = nlohmann::json::array();
      for (const TextEdit& edit : finding.edits) edits.push_back(edit_to_json(edit));
      item["edits"] = std::move(edits);
    }
    array.push_back(std::move(item));
  }
  return array;
}

std::string json_text(const nlohmann::json& document) {
  return document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string format_json_report(const std::vector<Finding>& findings) {
  return json_text({{"compatible", compatible(findings)}, {"findings", findings_to_json(findings)}});
}

// The shape of every JSON report, with the error instead of findings: a reader that looks at
// "compatible" sees false, one that looks at "findings" sees none, and "error" says why.
std::string format_json_error(const Error& error) {
  return json_text({{"compatible", false},
                    {"error", {{"file", error.file}, {"line", error.line}, {"column", error.column}, {"message", error.message}}},
                    {"findings", nlohmann::json::array()},
                    {"configuration", nullptr}});
}

}  // namespace fbcompat
