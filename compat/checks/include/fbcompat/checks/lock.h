// The lock file: every union member type id, table field slot and enum value that was ever released,
// retired ones included, kept beside the schemas. A released number belongs to what it was released as,
// forever: `diff` and `audit` fail when a schema gives it to something else, and name the release that
// introduced (or retired) it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/finding.h"
#include "fbcompat/core/rule.h"
#include "fbcompat/core/history.h"
#include "fbcompat/core/schema.h"

namespace fbcompat {

struct LockEntry {
  EntryKind kind = EntryKind::Field;
  std::string owner;  // qualified union, table or enum
  std::int64_t number = 0;
  std::string name;
  std::string type;     // a member's table, a field's type; empty for enum values
  std::string since;    // the first release that had it
  std::string deprecated;  // the first release that deprecated it; empty if none
  std::string retired;  // the first release without it; empty while it lives
};

// One schema file of the family (the writer's, the reader's).
struct LockSection {
  std::string role;  // "writer", "reader", "schema"
  std::string file;  // schema.fbs
  std::vector<LockEntry> entries;
};

struct Lock {
  std::string family;
  std::vector<std::string> releases;  // every release the lock covers, oldest first
  std::vector<LockSection> sections;

  const LockSection* section_for_file(const std::string& file_name) const;
};

// The lock of a history: released versions only (a number that never shipped binds nothing).
Lock build_lock(const History& history);

// The lock file's text (TOML), deterministic, so it diffs well in review.
std::string format_lock(const Lock& lock);

Expected<Lock> read_lock(const std::string& path);

// LOCK_ID_REUSED and LOCK_RELEASED_DELETED findings for one schema against its lock section.
std::vector<Finding> check_against_lock(const Schema& schema, const LockSection& section, const std::string& lock_path);

// LOCK_OUT_OF_DATE when `lock` does not cover every release of `history`, or says something else of
// them than the history does; nullopt when it is up to date.
std::optional<Finding> check_lock_covers(const Lock& lock, const History& history, const std::string& lock_path);

// LOCK_OUT_OF_DATE when the lock file at `lock_path` is missing or differs from `expected` (the text
// format_lock gives for the family's released history); nullopt when it is up to date.
std::optional<Finding> check_lock_file(const std::string& lock_path, const std::string& family, const std::string& expected);

// The rules of the lock (LOCK_*).
const std::vector<const RuleInfo*>& lock_check_rules();

}  // namespace fbcompat
