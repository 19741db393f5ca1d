#include <algorithm>
#include <map>

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <uriparser/Uri.h>

#include "fbcompat/core/report.h"
#include "fbcompat/core/report_json.h"
#include "fbcompat/core/rule.h"
#include "fbcompat/core/version.h"

namespace fbcompat {
namespace {

using nlohmann::json;

const char* sarif_level(Severity severity) {
  switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "note";
  }
  return "none";
}

// The repository root, which relative paths are resolved against: GitHub code scanning and other viewers
// supply it, so a report never carries the absolute path of the machine that wrote it.
constexpr const char* kSourceRoot = "SRCROOT";

// A path as a URI reference: each segment percent-encoded (spaces, '#', '%', non-ASCII bytes), the
// slashes kept. An absolute path becomes a file: URI; a relative one stays relative to kSourceRoot.
std::string uri_of(const std::string& path) {
  std::string encoded;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    const std::string segment = path.substr(start, end - start);
    std::string buffer(segment.size() * 3 + 1, '\0');
    const char* const written = uriEscapeExA(segment.data(), segment.data() + segment.size(), buffer.data(), URI_FALSE, URI_FALSE);
    encoded.append(buffer.data(), static_cast<std::size_t>(written - buffer.data()));
    if (end < path.size()) encoded += '/';
    start = end + 1;
  }
  return !path.empty() && path.front() == '/' ? "file://" + encoded : encoded;
}

// Every rule given is described, so that results can refer to them by index; without a catalogue, the
// rules of the findings.
std::vector<RuleInfo> described_rules(const std::vector<Finding>& findings, const std::vector<RuleInfo>& rules) {
  if (!rules.empty()) return rules;
  std::vector<RuleInfo> seen;
  for (const Finding& finding : findings) {
    const bool known = std::any_of(seen.begin(), seen.end(), [&](const RuleInfo& rule) { return rule.id == finding.rule; });
    if (!known) seen.push_back(RuleInfo{finding.rule, finding.category, finding.severity, RuleScope::Evolution, ""});
  }
  return seen;
}

json physical_location(const Finding& finding) {
  json artifact{{"uri", uri_of(finding.file)}};
  if (finding.file.front() != '/') artifact["uriBaseId"] = kSourceRoot;
  json physical{{"artifactLocation", std::move(artifact)}};
  if (finding.line != 0) {
    physical["region"] = {{"startLine", finding.line}};
    if (finding.column != 0) physical["region"]["startColumn"] = finding.column;
  }
  return physical;
}

json artifact_location(const std::string& file) {
  json artifact{{"uri", uri_of(file)}};
  if (file.empty() || file.front() != '/') artifact["uriBaseId"] = kSourceRoot;
  return artifact;
}

// A finding's edits as SARIF's fix: one artifactChange per file, each edit a replacement of its region.
json fix_of(const Finding& finding) {
  json changes = json::array();
  std::map<std::string, json> by_file;
  std::vector<std::string> order;
  for (const TextEdit& edit : finding.edits) {
    if (by_file.count(edit.file) == 0) order.push_back(edit.file);
    json replacement{{"deletedRegion",
                      {{"startLine", edit.start_line},
                       {"startColumn", edit.start_column},
                       {"endLine", edit.end_line},
                       {"endColumn", edit.end_column}}}};
    if (!edit.replacement.empty()) replacement["insertedContent"] = {{"text", edit.replacement}};
    by_file[edit.file].push_back(std::move(replacement));
  }
  for (const std::string& file : order) {
    changes.push_back({{"artifactLocation", artifact_location(file)}, {"replacements", by_file[file]}});
  }
  return {{"description", {{"text", finding.fix_note}}}, {"artifactChanges", std::move(changes)}};
}

// The tool's description of each rule, in order: results refer to them by index.
json rules_described(const std::vector<RuleInfo>& described_rules) {
  json rules = json::array();
  for (const RuleInfo& rule : described_rules) {
    rules.push_back({{"id", rule.id},
                     {"name", rule.id},
                     {"shortDescription", {{"text", rule.purpose}}},
                     {"fullDescription", {{"text", rule.purpose}}},
                     // The page ships with fbcompat, not at an address: help is its text's pointer.
                     {"help", {{"text", fmt::format("{} Run `fbcompat explain {}` for the rule's page.", rule.purpose, rule.id)}}},
                     {"defaultConfiguration", {{"level", sarif_level(rule.default_severity)}}},
                     {"properties", {{"category", category_name(rule.category)}}}});
  }
  return rules;
}

// One run of fbcompat: the tool and its rules, the results, and how the invocation went.
json run_of(json rules, json results, json invocations) {
  // Columns count Unicode code points, findings' and fixes' alike (SourceLocator::column_of).
  return {{"tool", {{"driver", {{"name", "fbcompat"}, {"semanticVersion", fbcompat_version()}, {"rules", std::move(rules)}}}}},
          {"columnKind", "unicodeCodePoints"},
          {"invocations", std::move(invocations)},
          {"originalUriBaseIds", {{kSourceRoot, {{"description", {{"text", "The root of the repository checked"}}}}}}},
          {"results", std::move(results)}};
}

std::string sarif_document(json run) {
  const json sarif{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                   {"version", "2.1.0"},
                   {"runs", json::array({std::move(run)})}};
  return json_text(sarif);
}

}  // namespace

std::string format_sarif_report(const std::vector<Finding>& reported, const std::vector<RuleInfo>& catalogue,
                                const Judgement& judgement) {
  std::vector<Finding> findings = reported;
  findings.insert(findings.end(), judgement.findings.begin(), judgement.findings.end());
  const std::vector<RuleInfo> described_list = described_rules(findings, catalogue);
  json rules = rules_described(described_list);
  std::map<std::string, std::size_t> rule_index;
  for (std::size_t i = 0; i < described_list.size(); ++i) rule_index.emplace(std::string(described_list[i].id), i);
  const auto result_of = [&](const Finding& finding) {
    json result{{"ruleId", finding.rule},
                {"level", sarif_level(finding.severity)},
                {"message", {{"text", finding.message + (finding.fix.empty() ? "" : "\nFix: " + finding.fix)}}},
                {"properties", {{"subject", finding.subject}, {"category", category_name(finding.category)}, {"fix", finding.fix}}},
                {"partialFingerprints", {{"fbcompat/subject", finding.rule + ":" + finding.subject}}}};
    if (const auto found = rule_index.find(finding.rule); found != rule_index.end()) result["ruleIndex"] = found->second;
    if (!finding.file.empty()) result["locations"] = json::array({{{"physicalLocation", physical_location(finding)}}});
    if (!finding.edits.empty() && finding.fix_status != FixStatus::NotFixed) {
      result["fixes"] = json::array({fix_of(finding)});
    }
    return result;
  };
  json results = json::array();
  for (const Finding& finding : findings) results.push_back(result_of(finding));
  // Accepted findings stay visible to code scanning as suppressed results, with the reason given.
  for (const AcceptedFinding& item : judgement.accepted) {
    json result = result_of(item.finding);
    result["suppressions"] = json::array({{{"kind", "external"}, {"status", "accepted"}, {"justification", item.reason}}});
    results.push_back(std::move(result));
  }
  json run = run_of(std::move(rules), std::move(results), json::array({{{"executionSuccessful", true}}}));
  if (!judgement.configuration.empty()) run["properties"] = {{"configuration", judgement.configuration}};
  return sarif_document(std::move(run));
}

std::string format_sarif_error(const Error& error, const std::vector<RuleInfo>& catalogue) {
  json notification{{"level", "error"}, {"message", {{"text", error.message}}}};
  if (!error.file.empty()) {
    Finding place;
    place.file = error.file;
    place.line = error.line;
    place.column = error.column;
    notification["locations"] = json::array({{{"physicalLocation", physical_location(place)}}});
  }
  json invocation{{"executionSuccessful", false}, {"toolExecutionNotifications", json::array({notification})}};
  return sarif_document(run_of(rules_described(described_rules({}, catalogue)), json::array(), json::array({invocation})));
}

}  // namespace fbcompat
