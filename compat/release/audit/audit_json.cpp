#include <nlohmann/json.hpp>

#include "audit/audit_words.h"
#include "fbcompat/release/audit_report.h"
#include "fbcompat/core/report_json.h"

namespace fbcompat {
namespace {

using nlohmann::json;

json optional_version(const AuditReport& report, const std::optional<std::size_t>& version) {
  return version ? json(report.history.versions[*version].name) : json(nullptr);
}

json accepted_to_json(const std::vector<AcceptedFinding>& accepted) {
  json array = json::array();
  for (const AcceptedFinding& item : accepted) {
    json finding = findings_to_json({item.finding}).front();
    finding["accepted_because"] = item.reason;
    array.push_back(std::move(finding));
  }
  return array;
}

json family_json(const AuditReport& report) {
  const History& history = report.history;
  json versions = json::array();
  for (std::size_t v = 0; v < history.versions.size(); ++v) {
    const HistoryVersion& version = history.versions[v];
    json files = json::object();
    for (std::size_t role = 0; role < history.roles.size(); ++role) {
      files[history.roles[role]] = history.schema(v, role) != nullptr ? json(history.role_files[role]) : json(nullptr);
    }
    versions.push_back({{"name", version.name},
                        {"releases", version.releases},
                        {"shipped", version.shipped},
                        {"writer_identifier", version.writer_identifier},
                        {"reader_identifiers", version.reader_identifiers},
                        {"files", files},
                        {"minimum_runtime", optional_version(report, report.minimum_runtime(v))}});
  }
  json transitions = json::array();
  for (const Transition& transition : report.transitions) {
    transitions.push_back({{"role", history.roles[transition.role]},
                           {"from", history.versions[transition.from].name},
                           {"to", history.versions[transition.to].name},
                           {"consecutive", transition.consecutive},
                           {"shipped", transition.shipped},
                           {"compatible", transition.compatible()},
                           {"findings", findings_to_json(transition.findings)},
                           {"accepted", accepted_to_json(transition.accepted)}});
  }
  json matrix = json::array();
  for (const MatrixCell& cell : report.matrix) {
    matrix.push_back({{"exported_by", history.versions[cell.writer].name},
                      {"runtime", history.versions[cell.reader].name},
                      {"loads", cell.loads()},
                      {"errors", cell.errors},
                      {"findings", findings_to_json(cell.findings)},
                      {"findings_omitted", cell.omitted}});
  }
  json entries = json::array();
  for (const HistoryEntry& entry : report.entries) {
    entries.push_back({{"schema", history.roles[entry.role]},
                       {"kind", entry_kind_name(entry.kind)},
                       {"owner", entry.owner},
                       {"number", entry.number},
                       {"name", entry.name},
                       {"type", entry.type},
                       {"introduced", optional_version(report, entry.introduced)},
                       {"deprecated", optional_version(report, entry.deprecated)},
                       {"retired", optional_version(report, entry.retired)}});
  }
  json capacity = json::array();
  for (const UnionCapacity& item : report.capacity) {
    json forecast = nullptr;
    if (item.pace_over.size() >= 2) {
      forecast = {{"releases", item.pace_over},
                  {"gained", item.gained},
                  {"per_release", item.pace()},
                  {"releases_left", item.releases_left ? json(*item.releases_left) : json(nullptr)}};
    }
    capacity.push_back({{"schema", history.roles[item.role]}, {"union", item.union_name}, {"used", item.used},
                        {"capacity", item.capacity}, {"forecast", forecast}});
  }
  json sections = json::array();
  for (const AuditSection& section : report.sections) {
    sections.push_back({{"name", section.name},
                        {"summary", section.summary},
                        {"compatible", compatible(section.findings)},
                        {"findings", findings_to_json(section.findings)}});
  }
  return {{"compatible", report.compatible()},
          {"family", history.family},
          {"notes", history.notes},
          {"versions", versions},
          {"transitions", transitions},
          {"matrix", matrix},
          {"history", entries},
          {"capacity", capacity},
          {"lock", report.lock_path.empty() ? json(nullptr)
                                            : json{{"path", report.lock_path},
                                                   {"findings", findings_to_json(report.lock_findings)}}},
          {"sections", sections}};
}

}  // namespace

std::string format_audit_json(const std::vector<AuditReport>& reports) {
  json document;
  if (reports.size() == 1) {
    document = family_json(reports.front());
  } else {
    bool all = true;
    json families = json::array();
    for (const AuditReport& report : reports) {
      all = all && report.compatible();
      families.push_back(family_json(report));
    }
    document = {{"compatible", all}, {"families", families}};
  }
  return document.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace fbcompat
