#include <fmt/format.h>

#include "audit/audit_words.h"
#include "fbcompat/release/audit_report.h"

namespace fbcompat {
namespace {

using namespace audit_words;

std::string indent(const std::string& text, const std::string& prefix) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    out += prefix + text.substr(start, end - start) + "\n";
    start = end + 1;
  }
  return out;
}

std::string findings_text(const std::vector<Finding>& findings, const TextStyle& style) {
  std::string text;
  for (const Finding& finding : findings) text += format_finding_text(finding, style);
  return text;
}

std::string matrix_text(const AuditReport& report) {
  std::vector<std::size_t> runtimes;
  std::vector<std::size_t> writers;
  for (const MatrixCell& cell : report.matrix) {
    if (std::find(runtimes.begin(), runtimes.end(), cell.reader) == runtimes.end()) runtimes.push_back(cell.reader);
    if (std::find(writers.begin(), writers.end(), cell.writer) == writers.end()) writers.push_back(cell.writer);
  }
  std::size_t width = 12;
  for (const HistoryVersion& version : report.history.versions) width = std::max(width, version.name.size() + 2);
  std::string text = fmt::format("  {:<{}}", "exported by", width);
  for (std::size_t r : runtimes) text += fmt::format("{:<{}}", report.history.versions[r].name, width);
  text += "\n";
  for (std::size_t w : writers) {
    text += fmt::format("  {:<{}}", report.history.versions[w].name, width);
    for (std::size_t r : runtimes) {
      for (const MatrixCell& cell : report.matrix) {
        if (cell.writer == w && cell.reader == r) text += fmt::format("{:<{}}", cell.loads() ? "yes" : "no", width);
      }
    }
    text += "\n";
  }
  return text;
}

// What makes the verdict fail, in a few words.
std::string failing_parts(const AuditReport& report) {
  std::vector<std::string> parts;
  for (const Transition& transition : report.transitions) {
    if (transition.shipped && !transition.compatible()) {
      parts.push_back("breaking transitions");
      break;
    }
  }
  for (const MatrixCell& cell : report.matrix) {
    if (cell.writer <= cell.reader && !cell.loads() && report.history.versions[cell.writer].shipped &&
        report.history.versions[cell.reader].shipped) {
      parts.push_back("programs that a later runtime cannot load");
      break;
    }
  }
  if (!compatible(report.lock_findings)) parts.push_back("the lock");
  for (const AuditSection& section : report.sections) {
    if (!compatible(section.findings)) parts.push_back(section.name);
  }
  return fmt::format("{}", fmt::join(parts, ", "));
}

std::string family_text(const AuditReport& report, const TextStyle& style) {
  const History& history = report.history;
  std::string text = fmt::format("{}: {} versions, {} .. {}\n", history.family, history.versions.size(),
                                 version_label(history.versions.front()), version_label(history.versions.back()));
  for (const std::string& note : history.notes) text += fmt::format("  note: {}\n", note);

  std::size_t shipped = 0;
  std::size_t failing = 0;
  std::size_t accepted = 0;
  for (const Transition& transition : report.transitions) {
    shipped += transition.shipped ? 1 : 0;
    failing += transition.compatible() ? 0 : 1;
    accepted += transition.accepted.size();
  }
  text += fmt::format("\nTransitions: {} checked ({} between shipped versions), {} with errors, {} findings harmless to every later reader\n",
                      report.transitions.size(), shipped, failing, accepted);
  // Consecutive transitions show everything; a transitive one shows only its errors, since its warnings
  // and accepted findings were already shown for the step that introduced them.
  for (const Transition& transition : report.transitions) {
    std::vector<Finding> shown;
    for (const Finding& finding : transition.findings) {
      if (transition.consecutive || finding.severity == Severity::Error) shown.push_back(finding);
    }
    const bool show_accepted = transition.consecutive && !transition.accepted.empty();
    if (shown.empty() && !show_accepted) continue;
    const char* verdict = transition.compatible() ? "ok" : transition.shipped ? "FAIL" : "gate only";
    text += fmt::format("  {:<9} {}{}\n", verdict, transition_name(report, transition),
                        transition.shipped ? "" : " (an unreleased step: fails the pre-merge gate, not the release)");
    text += indent(findings_text(shown, style), "    ");
    if (!show_accepted) continue;
    for (const AcceptedFinding& item : transition.accepted) {
      text += fmt::format("    accepted [{}] {}: {}\n", item.finding.rule, item.finding.subject, item.reason);
    }
  }

  if (!report.matrix.empty()) {
    text += "\nPrograms load on runtimes (rows: exported by; columns: runtime):\n" + matrix_text(report);
    text += "\nMinimum runtime for each version's programs:\n";
    for (std::size_t v = 0; v < history.versions.size(); ++v) {
      text += fmt::format("  {:<14} {}\n", history.versions[v].name, version_at(report, report.minimum_runtime(v)));
    }
  }
  std::string capacities;
  for (const UnionCapacity& capacity : report.capacity) {
    if (shown_by_reader(report, capacity)) continue;
    const std::string forecast = capacity.forecast();
    capacities += fmt::format("  {:<28} {:>5} of {} type ids{}\n", capacity.union_name, capacity.used, capacity.capacity,
                              forecast.empty() ? "" : "; " + forecast);
  }
  if (!capacities.empty()) text += "\nUnion capacity (newest version):\n" + capacities;
  if (!report.lock_path.empty()) {
    text += fmt::format("\nLock {}: {}\n", report.lock_path,
                        report.lock_findings.empty() ? "up to date, no released number reused" : "problems:");
    text += indent(findings_text(report.lock_findings, style), "  ");
  }
  // Environment limits arrive as one note (ENVIRONMENT_LIMIT), so every finding is shown in full.
  for (const AuditSection& section : report.sections) {
    text += fmt::format("\n{}: {}\n", section.name, section.summary);
    text += indent(findings_text(section.findings, style), "  ");
  }
  text += fmt::format("\n{}: {}\n", history.family,
                      report.compatible() ? "compatible: every shipped runtime loads the programs of every release before it"
                                          : "NOT compatible: " + failing_parts(report));
  return text;
}

}  // namespace

std::string format_audit_text(const std::vector<AuditReport>& reports, const TextStyle& style) {
  std::string text;
  for (const AuditReport& report : reports) text += (text.empty() ? "" : "\n") + family_text(report, style);
  return text;
}

}  // namespace fbcompat
