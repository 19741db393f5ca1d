#include <map>

#include <fmt/format.h>

#include "fbcompat/core/schema.h"
#include "audit/audit_words.h"
#include "fbcompat/release/audit_report.h"

namespace fbcompat {
namespace {

using namespace audit_words;

// Markdown table cells cannot hold a raw '|' or a newline.
std::string cell(const std::string& text) {
  std::string escaped;
  for (const char c : text) {
    if (c == '|') {
      escaped += "\\|";
    } else if (c == '\n') {
      escaped += ' ';
    } else {
      escaped += c;
    }
  }
  return escaped;
}


std::string findings_list(const std::vector<Finding>& findings) {
  std::string text;
  for (const Finding& finding : findings) {
    text += fmt::format("- **{}** `{}` ({}, {}) at `{}:{}`: {}\n  - Fix: {}\n", severity_name(finding.severity),
                        finding.rule, category_name(finding.category), finding.subject, finding.file, finding.line,
                        finding.message, finding.fix);
  }
  return text;
}

std::string matrix_markdown(const AuditReport& report) {
  std::vector<std::size_t> runtimes;
  std::vector<std::size_t> writers;
  for (const MatrixCell& matrix_cell : report.matrix) {
    if (std::find(runtimes.begin(), runtimes.end(), matrix_cell.reader) == runtimes.end()) runtimes.push_back(matrix_cell.reader);
    if (std::find(writers.begin(), writers.end(), matrix_cell.writer) == writers.end()) writers.push_back(matrix_cell.writer);
  }
  const auto& versions = report.history.versions;
  std::string text = "| Program exported by \\ runtime |";
  for (std::size_t r : runtimes) text += fmt::format(" {} |", versions[r].name);
  text += "\n|---|";
  for (std::size_t i = 0; i < runtimes.size(); ++i) text += "---|";
  text += "\n";
  for (std::size_t w : writers) {
    text += fmt::format("| **{}** |", versions[w].name);
    for (std::size_t r : runtimes) {
      for (const MatrixCell& matrix_cell : report.matrix) {
        if (matrix_cell.writer != w || matrix_cell.reader != r) continue;
        text += matrix_cell.loads() ? " yes |" : fmt::format(" no: {} |", cell(short_reason(matrix_cell.findings, matrix_cell.errors)));
      }
    }
    text += "\n";
  }
  return text;
}

std::string entries_markdown(const AuditReport& report, std::size_t role) {
  // One table per kind: union members, fields, enum values.
  std::string text;
  for (const EntryKind kind : {EntryKind::UnionMember, EntryKind::Field, EntryKind::EnumValue}) {
    std::string rows;
    for (const HistoryEntry& entry : report.entries) {
      if (entry.role != role || entry.kind != kind) continue;
      rows += fmt::format("| {} | {} | {} | {} | {} | {} | {} |\n", cell(unqualified_name(entry.owner)), entry.number,
                          cell(entry.name), cell(unqualified_name(entry.type)), version_at(report, entry.introduced),
                          version_at(report, entry.deprecated), version_at(report, entry.retired));
    }
    if (rows.empty()) continue;
    const char* number = kind == EntryKind::UnionMember ? "Type id" : kind == EntryKind::Field ? "Slot" : "Value";
    const char* owner = kind == EntryKind::UnionMember ? "Union" : kind == EntryKind::Field ? "Table" : "Enum";
    const char* type = kind == EntryKind::UnionMember ? "Table" : "Type";
    text += fmt::format("\n**{}s**\n\n| {} | {} | Name | {} | Introduced | Deprecated | Retired |\n|---|---|---|---|---|---|---|\n{}",
                        entry_kind_name(kind), owner, number, type, rows);
  }
  return text;
}

std::string family_markdown(const AuditReport& report) {
  const History& history = report.history;
  std::string text = fmt::format("## {}: {}\n\n", history.family,
                                 report.compatible() ? "compatible" : "**NOT compatible**");
  for (const std::string& note : history.notes) text += fmt::format("> Note: {}\n\n", note);

  text += "### Versions\n\n| Version | Releases | Shipped | Writer identifier | Runtime accepts | Minimum runtime for its programs |\n|---|---|---|---|---|---|\n";
  for (std::size_t v = 0; v < history.versions.size(); ++v) {
    const HistoryVersion& version = history.versions[v];
    std::string releases;
    for (const std::string& release : version.releases) releases += (releases.empty() ? "" : ", ") + release;
    std::string accepts;
    for (const std::string& identifier : version.reader_identifiers) accepts += (accepts.empty() ? "" : ", ") + identifier;
    text += fmt::format("| {} | {} | {} | {} | {} | {} |\n", version.name, releases.empty() ? "unreleased" : releases,
                        version.shipped ? "yes" : "no", version.writer_identifier.empty() ? "-" : version.writer_identifier,
                        accepts.empty() ? "-" : accepts, version_at(report, report.minimum_runtime(v)));
  }

  if (!report.matrix.empty()) {
    text += "\n### Compatibility matrix\n\nCan a program exported by the row's version be loaded by the column's runtime?\n\n";
    text += matrix_markdown(report);
  }

  text += "\n### Transitions\n\n| Schema | From | To | Kind | Verdict | Findings | Accepted |\n|---|---|---|---|---|---|---|\n";
  for (const Transition& transition : report.transitions) {
    const char* verdict = transition.compatible() ? "compatible" : transition.shipped ? "**breaking**" : "breaking (unreleased step)";
    text += fmt::format("| {} | {} | {} | {} | {} | {} | {} |\n", history.roles[transition.role],
                        history.versions[transition.from].name, history.versions[transition.to].name,
                        transition.consecutive ? "consecutive" : "transitive", verdict, transition.findings.size(),
                        transition.accepted.size());
  }
  for (const Transition& transition : report.transitions) {
    if (transition.findings.empty() && transition.accepted.empty()) continue;
    text += fmt::format("\n#### {}\n\n", transition_name(report, transition));
    if (!transition.shipped) {
      text += "An unreleased step: these findings fail the pre-merge gate, not the release audit.\n\n";
    }
    text += findings_list(transition.findings);
    for (const AcceptedFinding& item : transition.accepted) {
      text += fmt::format("- accepted `{}` ({}): {}\n", item.finding.rule, item.finding.subject, item.reason);
    }
  }

  text += "\n### Union capacity\n\n| Schema | Union | Type ids used | Capacity | Used | Forecast |\n|---|---|---|---|---|---|\n";
  for (const UnionCapacity& capacity : report.capacity) {
    const std::string forecast = capacity.forecast();
    text += fmt::format("| {} | {} | {} | {} | {:.0f}% | {} |\n", history.roles[capacity.role], unqualified_name(capacity.union_name),
                        capacity.used, capacity.capacity, 100.0 * static_cast<double>(capacity.used) / static_cast<double>(capacity.capacity),
                        forecast.empty() ? "-" : forecast);
  }

  if (!report.lock_path.empty()) {
    text += fmt::format("\n### Lock `{}`\n\n{}", report.lock_path,
                        report.lock_findings.empty() ? std::string("Up to date; no released number is reused.\n")
                                                     : findings_list(report.lock_findings));
  }
  for (const AuditSection& section : report.sections) {
    text += fmt::format("\n### {}\n\n{}\n\n{}", section.name, section.summary, findings_list(section.findings));
  }

  text += "\n### Introduced in\n\nEvery union member, table field and enum value, with the version that introduced, deprecated or retired it.\n";
  for (std::size_t role = 0; role < history.roles.size(); ++role) {
    text += fmt::format("\n#### {} schema (`{}`)\n", history.roles[role], history.role_files[role]);
    text += entries_markdown(report, role);
  }
  return text;
}

}  // namespace

std::string format_audit_markdown(const std::vector<AuditReport>& reports) {
  std::string text = "# fbcompat release audit\n\n";
  for (const AuditReport& report : reports) text += family_markdown(report) + "\n";
  return text;
}

}  // namespace fbcompat
