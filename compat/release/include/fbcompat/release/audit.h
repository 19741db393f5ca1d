// The release compatibility audit: every version of a family against every later one, for each schema
// role, transitively; the writer/reader pair of every version against every runtime (the compatibility
// matrix); the lock; and what each member, field and value's history is.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "fbcompat/core/finding.h"
#include "fbcompat/core/history.h"
#include "fbcompat/checks/lock.h"
#include "fbcompat/core/policy.h"

namespace fbcompat {

struct Transition {
  std::size_t role = 0;
  std::size_t from = 0;  // version indexes
  std::size_t to = 0;
  bool consecutive = false;  // neighbours in the history: what the pre-merge gate saw
  bool shipped = false;      // both ends shipped: this transition decides the release audit
  std::vector<Finding> findings;
  // What the audit itself accepts (policy.h): a writer that stopped writing a field every later reader
  // still reads, an identifier change every later reader accepts.
  std::vector<AcceptedFinding> accepted;

  bool compatible() const { return fbcompat::compatible(findings); }
};

// Can programs exported by version `writer` be loaded by the runtime of version `reader`?
struct MatrixCell {
  std::size_t writer = 0;
  std::size_t reader = 0;
  // For a newer program on an older runtime (expected not to load, never part of the verdict) only the
  // first few findings are kept: a long history would otherwise hold every difference between every
  // pair of versions.
  std::vector<Finding> findings;
  std::size_t errors = 0;   // error findings, kept or not
  std::size_t omitted = 0;  // findings not kept

  bool loads() const { return fbcompat::compatible(findings); }
};

// A section contributed by another check (golden programs, runtime definitions): findings of its own.
struct AuditSection {
  std::string name;     // "golden programs"
  std::string summary;  // one line: "42 programs verified against 6 runtimes"
  std::vector<Finding> findings;
};

struct UnionCapacity {
  std::size_t role = 0;
  std::string union_name;
  std::int64_t used = 0;
  std::int64_t capacity = 255;
  // The forecast: over the last releases (each minor or major release, and the unreleased newest
  // version as the next; each version when the history names no releases), how many type ids the union
  // gained, and at that pace how many more releases until it runs out. No forecast without two
  // releases to compare, and no end in sight when it gained none.
  std::vector<std::string> pace_over;  // the releases the pace is taken over, oldest first
  std::int64_t gained = 0;
  std::optional<std::int64_t> releases_left;

  double pace() const { return pace_over.size() < 2 ? 0.0 : static_cast<double>(gained) / static_cast<double>(pace_over.size() - 1); }
  // "at the pace of the last 2 releases (1.3.0 .. v1.5.0-dev: 5 type ids, 2.5 a release), it runs out
  // in about 48 releases"; empty when there is no forecast.
  std::string forecast() const;
};

struct AuditReport {
  History history;
  std::vector<Transition> transitions;
  std::vector<MatrixCell> matrix;  // empty when the family has no writer/reader pair
  std::vector<HistoryEntry> entries;
  std::vector<UnionCapacity> capacity;  // of the newest version
  std::string lock_path;                // empty when the family has no lock
  std::vector<Finding> lock_findings;
  std::vector<AuditSection> sections;
  Judgement judgement;  // what the configuration accepted, in every part of the audit

  // The oldest runtime version that loads every program of `writer_version` (and every later runtime
  // does too); nullopt when none does.
  std::optional<std::size_t> minimum_runtime(std::size_t writer_version) const;
  // The release audit's verdict: shipped transitions, the matrix's same-and-later cells, the lock and
  // every section are free of errors. Unshipped steps never fail it.
  bool compatible() const;
};

struct AuditOptions {
  Policy policy;
  std::size_t union_capacity_warning = 200;
  std::optional<Lock> lock;  // checked against every version, and against the history itself
  std::string lock_path;
  unsigned threads = 0;  // diffs and pair checks run in parallel; 0: one thread per core
};

AuditReport audit_history(History history, const AuditOptions& options);

}  // namespace fbcompat
