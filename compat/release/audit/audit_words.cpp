#include "audit/audit_words.h"

#include <algorithm>

#include <fmt/format.h>

namespace fbcompat::audit_words {

std::string transition_name(const AuditReport& report, const Transition& transition) {
  return fmt::format("{} {} -> {}", report.history.roles[transition.role], report.history.versions[transition.from].name,
                     report.history.versions[transition.to].name);
}

std::string version_label(const HistoryVersion& version) {
  if (version.releases.empty()) return version.name + " (unreleased)";
  if (version.releases.size() == 1) return fmt::format("{} ({})", version.name, version.releases.front());
  return fmt::format("{} ({} .. {})", version.name, version.releases.front(), version.releases.back());
}

std::string version_at(const AuditReport& report, const std::optional<std::size_t>& version) {
  if (!version) return "-";
  const HistoryVersion& entry = report.history.versions[*version];
  return entry.releases.empty() ? entry.name : fmt::format("{} ({})", entry.name, entry.releases.front());
}

std::string short_reason(const std::vector<Finding>& findings, std::size_t total_errors) {
  // The reason a maintainer acts on first: a rejected identifier, then a node the runtime lacks.
  auto rank = [](const Finding& finding) {
    if (finding.rule == "PAIR_IDENTIFIER_NOT_ACCEPTED") return 0;
    if (finding.rule == "PAIR_UNION_MEMBER_MISSING") return 1;
    return 2;
  };
  const Finding* first = nullptr;
  for (const Finding& finding : findings) {
    if (finding.severity == Severity::Error && (first == nullptr || rank(finding) < rank(*first))) first = &finding;
  }
  if (first == nullptr) return "";
  const auto dot = first->subject.rfind('.');
  const std::string what = dot == std::string::npos ? first->subject : first->subject.substr(dot + 1);
  std::string reason = fmt::format("{} ({})", what, first->rule);
  std::size_t errors = 0;
  for (const Finding& other : findings) errors += other.severity == Severity::Error ? 1 : 0;
  errors = std::max(errors, total_errors);
  if (errors > 1) reason += fmt::format(" and {} more", errors - 1);
  return reason;
}

bool shown_by_reader(const AuditReport& report, const UnionCapacity& capacity) {
  const std::vector<std::string>& roles = report.history.roles;
  if (roles[capacity.role] != "writer") return false;
  return std::any_of(report.capacity.begin(), report.capacity.end(), [&](const UnionCapacity& other) {
    return roles[other.role] == "reader" && other.union_name == capacity.union_name;
  });
}

}  // namespace fbcompat::audit_words
