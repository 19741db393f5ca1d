// A schema against its lock: a released number must still name what it was released as.
#include <algorithm>
#include <map>
#include <tuple>
#include <set>

#include <fmt/format.h>

#include "fbcompat/core/schema.h"
#include "fbcompat/checks/lock.h"
#include "lock/lock_rules.h"
#include "fbcompat/core/finding_sink.h"
#include "fbcompat/core/schema_numbers.h"
#include "fbcompat/core/source_reader.h"

namespace fbcompat {
namespace {


const char* number_word(EntryKind kind) {
  switch (kind) {
    case EntryKind::UnionMember: return "type id";
    case EntryKind::Field: return "slot";
    case EntryKind::EnumValue: return "value";
  }
  return "number";
}

std::string entry_described(const LockEntry& entry) {
  return entry.type.empty() ? entry.name : fmt::format("{} ({})", entry.name, unqualified_name(entry.type));
}

SourceLocation owner_location(const Schema& schema, const std::string& owner) {
  if (const Composite* composite = schema.find_composite(owner)) return composite->location;
  if (const Enum* enumeration = schema.find_enum(owner)) return enumeration->location;
  return SourceLocation{};
}

bool owner_exists(const Schema& schema, const std::string& owner) {
  return schema.find_composite(owner) != nullptr || schema.find_enum(owner) != nullptr;
}

bool contains(const std::vector<std::string>& values, const std::string& value) {
  return std::find(values.begin(), values.end(), value) != values.end();
}

bool same_entries(const Lock& a, const Lock& b) {
  if (a.releases != b.releases || a.sections.size() != b.sections.size()) return false;
  auto key = [](const LockEntry& entry) {
    return std::tie(entry.kind, entry.owner, entry.number, entry.since, entry.name, entry.type, entry.deprecated,
                    entry.retired);
  };
  for (std::size_t s = 0; s < a.sections.size(); ++s) {
    const LockSection* other = b.section_for_file(a.sections[s].file);
    if (other == nullptr || other->entries.size() != a.sections[s].entries.size()) return false;
    std::vector<LockEntry> left = a.sections[s].entries;
    std::vector<LockEntry> right = other->entries;
    auto order = [&](const LockEntry& x, const LockEntry& y) { return key(x) < key(y); };
    std::sort(left.begin(), left.end(), order);
    std::sort(right.begin(), right.end(), order);
    for (std::size_t i = 0; i < left.size(); ++i) {
      if (key(left[i]) != key(right[i])) return false;
    }
  }
  return true;
}

}  // namespace

std::vector<Finding> check_against_lock(const Schema& schema, const LockSection& section, const std::string& lock_path) {
  std::vector<Finding> findings;
  FindingSink sink(findings);
  const std::map<NumberKey, Numbered> things = numbered_things(schema);

  // The entries of each number, oldest first, as the lock lists them.
  std::map<NumberKey, std::vector<const LockEntry*>> locked;
  for (const LockEntry& entry : section.entries) locked[{entry.kind, entry.owner, entry.number}].push_back(&entry);

  std::set<std::string> deleted_owners;
  for (const auto& [key, entries] : locked) {
    const auto& [kind, owner, number] = key;
    const LockEntry& latest = *entries.back();
    const std::string subject = owner + "." + latest.name;
    const auto found = things.find(key);
    if (found == things.end()) {
      if (!latest.retired.empty()) continue;  // retired, and still free: as it should be
      if (!owner_exists(schema, owner)) {
        if (!deleted_owners.insert(owner).second) continue;
        sink.report(lock_rules::kReleasedDeleted, owner, schema, SourceLocation{},
                    fmt::format("{} was released (since {}, per {}) and is gone from the schema. Buffers written "
                                "by those releases still use it.",
                                owner, latest.since, lock_path),
                    fmt::format("restore {}; released declarations stay", unqualified_name(owner)));
        continue;
      }
      sink.report(lock_rules::kReleasedDeleted, subject, schema, owner_location(schema, owner),
                  fmt::format("{} {} {} of {} was released as {} in {} (per {}) and is gone from the schema. Buffers "
                              "written by those releases still hold it there.",
                              entry_kind_name(kind), latest.name, fmt::format("({} {})", number_word(kind), number),
                              unqualified_name(owner), entry_described(latest), latest.since, lock_path),
                  kind == EntryKind::Field
                      ? fmt::format("restore {} and mark it (deprecated): it keeps slot {}", latest.name, number)
                      : fmt::format("restore {} as {} {}", latest.name, number_word(kind), number));
      continue;
    }
    const Numbered& now = found->second;
    if (now.name == latest.name) {
      if (latest.retired.empty() || now.type == latest.type) continue;  // the same thing (maybe revived)
    } else if (latest.retired.empty() && now.type == latest.type) {
      continue;  // renamed in place: a JSON/source change that the evolution rules report
    }
    const std::string history =
        latest.retired.empty()
            ? fmt::format("was released as {} in {}", entry_described(latest), latest.since)
            : fmt::format("was released as {} in {} and retired in {}", entry_described(latest), latest.since, latest.retired);
    sink.report(lock_rules::kIdReused, owner + "." + now.name, schema, now.location,
                fmt::format("{} {} of {} {} (per {}), and the schema gives it to {}{}. Buffers written with {} "
                            "still hold it there and would be read as {}.",
                            number_word(kind), number, unqualified_name(owner), history, lock_path, now.name,
                            now.type.empty() ? std::string() : " (" + unqualified_name(now.type) + ")", latest.name,
                            now.name),
                fmt::format("give {} a number never released: {} {} is taken forever", now.name, number_word(kind), number));
  }
  sort_findings(findings);
  return findings;
}

std::optional<Finding> check_lock_covers(const Lock& lock, const History& history, const std::string& lock_path) {
  const Lock expected = build_lock(history);
  if (same_entries(expected, lock)) return std::nullopt;
  std::vector<std::string> missing;
  for (const std::string& release : expected.releases) {
    if (!contains(lock.releases, release)) missing.push_back(release);
  }
  std::string what = missing.empty() ? std::string("its entries differ from what the released schemas say")
                                     : fmt::format("it does not cover release{} {}", missing.size() == 1 ? "" : "s",
                                                   fmt::join(missing, ", "));
  Finding finding = finding_of(lock_rules::kOutOfDate, history.family,
                               fmt::format("the lock file is out of date: {}. Numbers released since are not "
                                           "protected from reuse.",
                                           what),
                               "run `fbcompat lock` and commit the result");
  finding.file = lock_path;
  return finding;
}

std::optional<Finding> check_lock_file(const std::string& lock_path, const std::string& family, const std::string& expected) {
  std::string current;
  std::string problem;
  if (!FileSystemReader().read(lock_path, &current)) {
    problem = "the lock file is missing";
  } else if (current != expected) {
    problem = "the lock file does not match the released schemas";
  } else {
    return std::nullopt;
  }
  Finding finding = finding_of(lock_rules::kOutOfDate, family, problem, "run `fbcompat lock` and commit the result");
  finding.file = lock_path;
  return finding;
}

const std::vector<const RuleInfo*>& lock_check_rules() { return lock_rules::all(); }

}  // namespace fbcompat
