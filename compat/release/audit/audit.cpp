#include "fbcompat/release/audit.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "fbcompat/checks/diff.h"
#include "fbcompat/checks/pair.h"
#include "fbcompat/support/parallel_for.h"
#include "fbcompat/core/finding_sink.h"
#include "fbcompat/core/schema_numbers.h"
#include "fbcompat/executorch/runtime_release.h"

namespace fbcompat {
namespace {

bool contains(const std::vector<std::string>& values, const std::string& value) {
  return std::find(values.begin(), values.end(), value) != values.end();
}

// The schema a version's runtime reads: its reader file, or (for a version that had only one file,
// like XNNPACK 0.1.0) the writer's.
const Schema* runtime_schema(const History& history, std::size_t version) {
  const auto reader = history.role_index("reader");
  const auto writer = history.role_index("writer");
  if (reader) {
    if (const Schema* schema = history.schema(version, *reader)) return schema;
  }
  return writer ? history.schema(version, *writer) : nullptr;
}

std::vector<std::string> accepted_identifiers(const History& history, std::size_t version) {
  const HistoryVersion& entry = history.versions[version];
  std::vector<std::string> accepted = entry.reader_identifiers;
  if (accepted.empty() && !entry.writer_identifier.empty()) accepted.push_back(entry.writer_identifier);
  return accepted;
}

std::string version_range(const History& history, std::size_t first, std::size_t last) {
  return first == last ? history.versions[first].name
                       : fmt::format("{}..{}", history.versions[first].name, history.versions[last].name);
}

// Lock files compare by content: the order a TOML reader returns entries in is not the file's.

class Auditor {
 public:
  Auditor(AuditReport& report, const AuditOptions& options) : report_(report), history_(report.history), options_(options) {}

  void run() {
    transitions();
    matrix();
    report_.entries = trace_history(history_);
    capacity();
    lock();
    for (Transition& transition : report_.transitions) apply_policy(options_.policy, transition.findings, &report_.judgement);
    apply_policy(options_.policy, report_.lock_findings, &report_.judgement);
    merge_judgement(report_.judgement, matrix_judgement_);
  }

 private:
  void transitions() {
    for (std::size_t role = 0; role < history_.roles.size(); ++role) {
      std::vector<std::size_t> present;
      for (std::size_t v = 0; v < history_.versions.size(); ++v) {
        if (history_.schema(v, role) != nullptr) present.push_back(v);
      }
      for (std::size_t i = 0; i < present.size(); ++i) {
        for (std::size_t j = i + 1; j < present.size(); ++j) {
          Transition transition;
          transition.role = role;
          transition.from = present[i];
          transition.to = present[j];
          transition.consecutive = j == i + 1;
          transition.shipped = history_.versions[transition.from].shipped && history_.versions[transition.to].shipped;
          if (transition.consecutive || transition.shipped) report_.transitions.push_back(std::move(transition));
        }
      }
    }
    // Every diff is independent: run them on every core, then sort out what is accepted.
    DiffOptions diff_options;
    diff_options.union_capacity_warning = options_.union_capacity_warning;
    parallel_for(report_.transitions.size(), options_.threads, [&](std::size_t t) {
      Transition& transition = report_.transitions[t];
      transition.findings = diff_schemas(*history_.schema(transition.from, transition.role),
                                         *history_.schema(transition.to, transition.role), diff_options);
    });
    for (Transition& transition : report_.transitions) {
      std::vector<Finding> findings = std::move(transition.findings);
      transition.findings.clear();
      for (Finding& finding : findings) {
        if (auto reason = acceptance(transition.role, transition.from, transition.to, finding)) {
          transition.accepted.push_back({std::move(finding), std::move(*reason), ""});
        } else {
          transition.findings.push_back(std::move(finding));
        }
      }
    }
  }

  // Why a writer-side finding does not break loading, when every later runtime makes up for it.
  std::optional<std::string> acceptance(std::size_t role, std::size_t from, std::size_t to, const Finding& finding) const {
    if (history_.roles[role] != "writer" || !history_.role_index("reader")) return std::nullopt;
    std::vector<std::size_t> later_runtimes;
    for (std::size_t v = to; v < history_.versions.size(); ++v) {
      if (runtime_schema(history_, v) != nullptr) later_runtimes.push_back(v);
    }
    if (later_runtimes.empty()) return std::nullopt;
    const std::string runtimes = version_range(history_, later_runtimes.front(), later_runtimes.back());

    if (finding.rule == "FILE_SAME_IDENTIFIER") {
      const std::string& old_identifier = history_.versions[from].writer_identifier;
      for (std::size_t v : later_runtimes) {
        const Schema* reader = runtime_schema(history_, v);
        if (reader->file_identifier != old_identifier && !contains(accepted_identifiers(history_, v), old_identifier)) {
          return std::nullopt;
        }
      }
      return fmt::format("every later runtime ({}) accepts \"{}\", so programs written before the change still load",
                         runtimes, old_identifier);
    }
    const bool deletion = finding.rule == "FIELD_NO_DELETE" || finding.rule == "UNION_MEMBER_NO_DELETE" ||
                          finding.rule == "ENUM_VALUE_NO_DELETE";
    if (!deletion) return std::nullopt;
    // Find what was deleted, by number, in the old writer; every later runtime must still read it there.
    for (const auto& [key, thing] : numbered(*history_.schema(from, role))) {
      if (std::get<1>(key) + "." + thing.name != finding.subject) continue;
      for (std::size_t v : later_runtimes) {
        const auto& things = numbered(*runtime_schema(history_, v));
        const auto found = things.find(key);
        if (found == things.end() || found->second.name != thing.name) return std::nullopt;
      }
      return fmt::format("the writer stopped writing it, but every later runtime ({}) still reads {} as {} {}, so "
                         "programs that carry it still load{}",
                         runtimes, thing.name, std::get<0>(key) == EntryKind::Field ? "slot" : "number",
                         std::get<2>(key), options_.lock ? "; the lock keeps the number from reuse" : "");
    }
    return std::nullopt;
  }

  void matrix() {
    if (!history_.role_index("writer") || !history_.role_index("reader")) return;
    const std::size_t writer_role = *history_.role_index("writer");
    for (std::size_t w = 0; w < history_.versions.size(); ++w) {
      if (history_.schema(w, writer_role) == nullptr) continue;
      for (std::size_t r = 0; r < history_.versions.size(); ++r) {
        if (runtime_schema(history_, r) != nullptr) report_.matrix.push_back({w, r, {}});
      }
    }
    // Each cell is judged on its own thread: its judgement is merged afterwards, in the matrix's order.
    std::vector<Judgement> judgements(report_.matrix.size());
    parallel_for(report_.matrix.size(), options_.threads, [&](std::size_t c) {
      MatrixCell& cell = report_.matrix[c];
      PairOptions options;
      options.accepted_identifiers = accepted_identifiers(history_, cell.reader);
      cell.findings = check_pair(*history_.schema(cell.writer, writer_role), *runtime_schema(history_, cell.reader), options);
      apply_policy(options_.policy, cell.findings, &judgements[c]);
      cell.errors = static_cast<std::size_t>(std::count_if(cell.findings.begin(), cell.findings.end(), [](const Finding& f) {
        return f.severity == Severity::Error;
      }));
      constexpr std::size_t kKeptForOlderRuntimes = 3;
      if (cell.writer > cell.reader && cell.findings.size() > kKeptForOlderRuntimes) {
        // Errors first, so the reason a runtime refuses the programs survives.
        std::stable_partition(cell.findings.begin(), cell.findings.end(),
                              [](const Finding& f) { return f.severity == Severity::Error; });
        cell.omitted = cell.findings.size() - kKeptForOlderRuntimes;
        cell.findings.resize(kKeptForOlderRuntimes);
      }
    });
    for (const Judgement& judgement : judgements) merge_judgement(matrix_judgement_, judgement);
  }

  void capacity() {
    if (history_.versions.empty()) return;
    const std::size_t newest = history_.versions.size() - 1;
    for (std::size_t role = 0; role < history_.roles.size(); ++role) {
      const Schema* schema = history_.schema(newest, role);
      if (schema == nullptr) continue;
      for (const Enum& enumeration : schema->enums) {
        if (!enumeration.is_union) continue;
        UnionCapacity capacity{role, enumeration.name, highest_type_id(enumeration),
                               scalar_size(enumeration.underlying) == 1 ? 255 : 65535, {}, 0, std::nullopt};
        forecast(capacity);
        report_.capacity.push_back(std::move(capacity));
      }
    }
  }

  static std::int64_t highest_type_id(const Enum& enumeration) {
    std::int64_t used = 0;
    for (const EnumValue& member : enumeration.values) used = std::max(used, member.value);
    return used;
  }

  // The type ids the union used at each release, then the pace over the last kPaceReleases of them.
  void forecast(UnionCapacity& capacity) const {
    constexpr std::size_t kPaceReleases = 4;  // steps between releases the pace is taken over, at most
    std::vector<std::pair<std::string, std::int64_t>> used;  // release (or version) and the ids used then
    const bool named_releases = std::any_of(history_.versions.begin(), history_.versions.end(),
                                            [](const HistoryVersion& version) { return !version.releases.empty(); });
    for (std::size_t v = 0; v < history_.versions.size(); ++v) {
      const Schema* schema = history_.schema(v, capacity.role);
      const Enum* enumeration = schema == nullptr ? nullptr : schema->find_enum(capacity.union_name);
      const std::int64_t ids = enumeration == nullptr ? 0 : highest_type_id(*enumeration);
      const HistoryVersion& version = history_.versions[v];
      if (!named_releases || (version.releases.empty() && v + 1 == history_.versions.size())) {
        used.emplace_back(version.name, ids);
        continue;
      }
      // Patch releases add no features: the pace is per minor (or major) release.
      for (const std::string& release : version.releases) {
        const auto parsed = RuntimeRelease::parse(release);
        if (!parsed || parsed->patch == 0) used.emplace_back(release, ids);
      }
    }
    if (used.size() < 2) return;
    const std::size_t first = used.size() - std::min(used.size() - 1, kPaceReleases) - 1;
    for (std::size_t i = first; i < used.size(); ++i) capacity.pace_over.push_back(used[i].first);
    capacity.gained = used.back().second - used[first].second;
    if (capacity.gained > 0) {
      const double left = static_cast<double>(capacity.capacity - capacity.used) / capacity.pace();
      capacity.releases_left = static_cast<std::int64_t>(left);
    }
  }

  void lock() {
    if (!options_.lock) return;
    report_.lock_path = options_.lock_path;
    const Lock& lock = *options_.lock;
    // The lock must cover every release of the history, and say what the history says.
    if (auto stale = check_lock_covers(lock, history_, options_.lock_path)) report_.lock_findings.push_back(std::move(*stale));
    // Released versions are what the lock was made from; the versions being prepared are what it guards.
    for (std::size_t role = 0; role < history_.roles.size(); ++role) {
      const LockSection* section = lock.section_for_file(history_.role_files[role]);
      if (section == nullptr) continue;
      for (std::size_t v = 0; v < history_.versions.size(); ++v) {
        const Schema* schema = history_.schema(v, role);
        if (schema == nullptr || !history_.versions[v].releases.empty()) continue;
        for (Finding& finding : check_against_lock(*schema, *section, options_.lock_path)) {
          report_.lock_findings.push_back(std::move(finding));
        }
      }
    }
    sort_findings(report_.lock_findings);
    report_.lock_findings.erase(std::unique(report_.lock_findings.begin(), report_.lock_findings.end(),
                                            [](const Finding& a, const Finding& b) {
                                              return a.rule == b.rule && a.subject == b.subject && a.message == b.message;
                                            }),
                                report_.lock_findings.end());
  }

  // numbered_things of a schema, computed once per schema.
  const std::map<NumberKey, Numbered>& numbered(const Schema& schema) const {
    auto found = numbered_cache_.find(&schema);
    if (found == numbered_cache_.end()) found = numbered_cache_.emplace(&schema, numbered_things(schema)).first;
    return found->second;
  }

  AuditReport& report_;
  const History& history_;
  const AuditOptions& options_;
  Judgement matrix_judgement_;  // the matrix cells' acceptances, judged in parallel
  mutable std::map<const Schema*, std::map<NumberKey, Numbered>> numbered_cache_;
};

}  // namespace

std::string UnionCapacity::forecast() const {
  if (pace_over.size() < 2) return {};
  const std::string span = fmt::format("{} .. {}", pace_over.front(), pace_over.back());
  const std::size_t steps = pace_over.size() - 1;
  if (!releases_left) {
    return fmt::format("it gained no type ids over the last {} ({}): no end in sight",
                       steps == 1 ? std::string("release") : fmt::format("{} releases", steps), span);
  }
  const std::string pace_text = steps == 1 ? fmt::format("the last release ({}: {} type id{})", span, gained, gained == 1 ? "" : "s")
                                            : fmt::format("the last {} releases ({}: {} type id{}, {:.2g} a release)", steps,
                                                          span, gained, gained == 1 ? "" : "s", pace());
  return fmt::format("at the pace of {}, it runs out in about {} release{}", pace_text, *releases_left,
                     *releases_left == 1 ? "" : "s");
}

std::optional<std::size_t> AuditReport::minimum_runtime(std::size_t writer_version) const {
  std::optional<std::size_t> minimum;
  // Walk runtimes from newest to oldest while each loads the programs.
  std::vector<const MatrixCell*> cells;
  for (const MatrixCell& cell : matrix) {
    if (cell.writer == writer_version) cells.push_back(&cell);
  }
  std::sort(cells.begin(), cells.end(), [](const MatrixCell* a, const MatrixCell* b) { return a->reader > b->reader; });
  for (const MatrixCell* cell : cells) {
    if (!cell->loads()) break;
    minimum = cell->reader;
  }
  return minimum;
}

bool AuditReport::compatible() const {
  for (const Transition& transition : transitions) {
    if (transition.shipped && !transition.compatible()) return false;
  }
  for (const MatrixCell& cell : matrix) {
    const bool shipped = history.versions[cell.writer].shipped && history.versions[cell.reader].shipped;
    if (shipped && cell.writer <= cell.reader && !cell.loads()) return false;
  }
  if (!fbcompat::compatible(lock_findings)) return false;
  for (const AuditSection& section : sections) {
    if (!fbcompat::compatible(section.findings)) return false;
  }
  return true;
}

AuditReport audit_history(History history, const AuditOptions& options) {
  AuditReport report;
  report.history = std::move(history);
  Auditor(report, options).run();
  return report;
}

}  // namespace fbcompat
