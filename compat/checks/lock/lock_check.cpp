// A schema against its lock: a released number must still name what it was released as.
#include <map>
#include <set>

#include <fmt/format.h>

#include "fbcompat/core/schema.h"
#include "fbcompat/checks/lock.h"
#include "lock/lock_rules.h"
#include "fbcompat/core/finding_sink.h"
#include "fbcompat/core/schema_numbers.h"

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

std::string described(const LockEntry& entry) {
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
                    fmt::format("{} was released (since {}, per {}) and is gone from the schema. Programs released "
                                "with it still use it.",
                                owner, latest.since, lock_path),
                    fmt::format("restore {}; released declarations stay", unqualified_name(owner)));
        continue;
      }
      sink.report(lock_rules::kReleasedDeleted, subject, schema, owner_location(schema, owner),
                  fmt::format("{} {} {} of {} was released as {} in {} (per {}) and is gone from the schema. Programs "
                              "released with it still hold it there.",
                              entry_kind_name(kind), latest.name, fmt::format("({} {})", number_word(kind), number),
                              unqualified_name(owner), described(latest), latest.since, lock_path),
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
            ? fmt::format("was released as {} in {}", described(latest), latest.since)
            : fmt::format("was released as {} in {} and retired in {}", described(latest), latest.since, latest.retired);
    sink.report(lock_rules::kIdReused, owner + "." + now.name, schema, now.location,
                fmt::format("{} {} of {} {} (per {}), and the schema gives it to {}{}. Programs released with {} "
                            "still hold it there and would be read as {}.",
                            number_word(kind), number, unqualified_name(owner), history, lock_path, now.name,
                            now.type.empty() ? std::string() : " (" + unqualified_name(now.type) + ")", latest.name,
                            now.name),
                fmt::format("give {} a number never released: {} {} is taken forever", now.name, number_word(kind), number));
  }
  sort_findings(findings);
  return findings;
}

}  // namespace fbcompat
