// A schema family's history: every version's schemas, each parsed once, in order; and what that history
// says about every union member, field and enum value: the version that introduced it, deprecated it,
// retired it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fbcompat/core/config.h"
#include "fbcompat/core/error.h"
#include "fbcompat/core/manifest.h"
#include "fbcompat/core/schema.h"
#include "fbcompat/core/schema_numbers.h"

namespace fbcompat {

// One version of a family: its schema for each role ("writer", "reader"; "schema" for a single file).
struct HistoryVersion {
  std::string name;                  // "v1.1.0", or a git ref
  std::vector<std::string> releases;  // empty: never released
  bool shipped = false;              // released, or the newest version (the release being prepared)
  std::string writer_identifier;
  std::vector<std::string> reader_identifiers;
  std::vector<std::optional<Schema>> schemas;  // by role index; nullopt when the version has no such file

  std::string first_release() const { return releases.empty() ? name : releases.front(); }
  std::string last_release() const { return releases.empty() ? name : releases.back(); }
};

struct History {
  std::string family;
  std::vector<std::string> roles;  // "writer", "reader", or "schema"
  std::vector<std::string> role_files;  // schema.fbs, runtime_schema.fbs
  std::vector<HistoryVersion> versions;  // oldest first
  std::vector<std::string> notes;        // versions skipped, and why (a git ref without the file)

  std::optional<std::size_t> role_index(const std::string& role) const;
  const Schema* schema(std::size_t version, std::size_t role) const;
};

// Loads every version of a configured family (writer and reader), in parallel, each file once.
Expected<History> load_history(const HistoryConfig& family, unsigned threads = 0);

// Loads one file's versions straight from a git repository (bare or not, nothing checked out), one
// version per ref, includes read at the same ref. A ref spec with '*', '?' or '[' is a glob over the
// repository's refs, ordered by version number; other refs keep the order given. A ref where the file
// is absent is noted in History::notes and skipped; a ref that does not exist is an error.
Expected<History> load_git_history(const std::string& repository, const std::string& path,
                                   const std::vector<std::string>& ref_specs,
                                   const std::vector<std::string>& include_dirs = {}, unsigned threads = 0);


struct HistoryEntry {
  EntryKind kind = EntryKind::Field;
  std::size_t role = 0;
  std::string owner;   // qualified union, table or enum
  std::int64_t number = 0;  // type id, slot or value
  std::string name;
  std::string type;    // a member's table, a field's type
  std::optional<std::size_t> introduced;  // version indexes
  std::optional<std::size_t> deprecated;
  std::optional<std::size_t> retired;     // first version, after it appeared, without it
};

// Every union member, field and enum value of every role, in schema order, with its story. A number
// that names different things over time gets one entry per name.
std::vector<HistoryEntry> trace_history(const History& history);
// The same over some versions only (by index): the lock traces released versions.
std::vector<HistoryEntry> trace_history(const History& history, const std::vector<bool>& included);


}  // namespace fbcompat
