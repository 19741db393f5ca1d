// Building, writing and reading the lock file.
#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "fbcompat/checks/lock.h"
#include "fbcompat/support/toml_file.h"

namespace fbcompat {
namespace {

const char* section_key(EntryKind kind) {
  switch (kind) {
    case EntryKind::UnionMember: return "union";
    case EntryKind::Field: return "table";
    case EntryKind::EnumValue: return "enum";
  }
  return "?";
}

const char* type_key(EntryKind kind) { return kind == EntryKind::UnionMember ? "table" : "type"; }

std::string quoted(const std::string& text) {
  std::string escaped;
  for (const char c : text) {
    if (c == '"' || c == '\\') escaped += '\\';
    escaped += c;
  }
  return "\"" + escaped + "\"";
}

std::string entry_value(const LockEntry& entry) {
  std::string text = "{ name = " + quoted(entry.name);
  if (!entry.type.empty()) text += fmt::format(", {} = {}", type_key(entry.kind), quoted(entry.type));
  text += ", since = " + quoted(entry.since);
  if (!entry.deprecated.empty()) text += ", deprecated = " + quoted(entry.deprecated);
  if (!entry.retired.empty()) text += ", retired = " + quoted(entry.retired);
  return text + " }";
}

}  // namespace

const LockSection* Lock::section_for_file(const std::string& file_name) const {
  for (const LockSection& section : sections) {
    if (section.file == file_name) return &section;
  }
  return nullptr;
}

Lock build_lock(const History& history) {
  Lock lock;
  lock.family = history.family;
  std::vector<bool> released(history.versions.size(), false);
  for (std::size_t v = 0; v < history.versions.size(); ++v) {
    released[v] = !history.versions[v].releases.empty();
    for (const std::string& release : history.versions[v].releases) lock.releases.push_back(release);
  }
  for (std::size_t role = 0; role < history.roles.size(); ++role) {
    lock.sections.push_back({history.roles[role], history.role_files[role], {}});
  }
  auto release_of = [&](const std::optional<std::size_t>& version) {
    return version ? history.versions[*version].first_release() : std::string();
  };
  for (const HistoryEntry& entry : trace_history(history, released)) {
    LockEntry locked;
    locked.kind = entry.kind;
    locked.owner = entry.owner;
    locked.number = entry.number;
    locked.name = entry.name;
    locked.type = entry.type;
    locked.since = release_of(entry.introduced);
    locked.deprecated = release_of(entry.deprecated);
    locked.retired = release_of(entry.retired);
    lock.sections[entry.role].entries.push_back(std::move(locked));
  }
  return lock;
}

std::string format_lock(const Lock& lock) {
  std::string text = fmt::format(
      "# fbcompat lock for the \"{}\" family: every union member type id, table field slot and enum value\n"
      "# ever released, retired ones included. Written by `fbcompat lock`; commit it, and never edit it by hand.\n"
      "# A released number belongs to what it was released as: a schema that gives it to anything else fails\n"
      "# `fbcompat diff` and `fbcompat audit` (LOCK_ID_REUSED).\n"
      "family = {}\n",
      lock.family, quoted(lock.family));
  text += "releases = [";
  for (std::size_t i = 0; i < lock.releases.size(); ++i) text += (i == 0 ? "" : ", ") + quoted(lock.releases[i]);
  text += "]\n";
  for (const LockSection& section : lock.sections) {
    text += fmt::format("\n[{}]\nfile = {}\n", section.role, quoted(section.file));
    // Entries arrive ordered by kind, owner and number; several entries for one number (a number that
    // was retired and later given to something else) become an array.
    for (std::size_t i = 0; i < section.entries.size();) {
      const LockEntry& first = section.entries[i];
      text += fmt::format("\n[{}.{}.{}]\n", section.role, section_key(first.kind), quoted(first.owner));
      std::size_t j = i;
      while (j < section.entries.size() && section.entries[j].kind == first.kind && section.entries[j].owner == first.owner) {
        std::size_t k = j;
        while (k < section.entries.size() && section.entries[k].kind == first.kind &&
               section.entries[k].owner == first.owner && section.entries[k].number == section.entries[j].number) {
          ++k;
        }
        std::string value = k - j == 1 ? entry_value(section.entries[j]) : "[";
        if (k - j > 1) {
          for (std::size_t e = j; e < k; ++e) value += (e == j ? " " : ", ") + entry_value(section.entries[e]);
          value += " ]";
        }
        text += fmt::format("{} = {}\n", section.entries[j].number, value);
        j = k;
      }
      i = j;
    }
  }
  return text;
}

namespace {

class LockReader {
 public:
  explicit LockReader(std::string path) : path_(std::move(path)) {}

  Error error_at(const toml::node& node, std::string message) const {
    return Error{path_, static_cast<std::uint32_t>(node.source().begin.line),
                 static_cast<std::uint32_t>(node.source().begin.column), std::move(message)};
  }

  std::optional<Error> read_entry(const toml::node& node, EntryKind kind, const std::string& owner, std::int64_t number,
                                  LockSection& section) const {
    const toml::table* table = node.as_table();
    if (table == nullptr) return error_at(node, "a lock entry must be an inline table { name = ..., since = ... }");
    LockEntry entry;
    entry.kind = kind;
    entry.owner = owner;
    entry.number = number;
    for (const auto& [key, value] : *table) {
      const std::string name(key.str());
      const auto text = value.value<std::string>();
      if (!text) return error_at(value, fmt::format("'{}' must be a string", name));
      if (name == "name") {
        entry.name = *text;
      } else if (name == type_key(kind)) {
        entry.type = *text;
      } else if (name == "since") {
        entry.since = *text;
      } else if (name == "deprecated") {
        entry.deprecated = *text;
      } else if (name == "retired") {
        entry.retired = *text;
      } else {
        return error_at(value, fmt::format("unknown key '{}' in a lock entry", name));
      }
    }
    if (entry.name.empty() || entry.since.empty()) return error_at(node, "a lock entry needs 'name' and 'since'");
    section.entries.push_back(std::move(entry));
    return std::nullopt;
  }

  std::optional<Error> read_section(const std::string& role, const toml::table& table, Lock& lock) const {
    LockSection section;
    section.role = role;
    for (const auto& [key, node] : table) {
      const std::string name(key.str());
      if (name == "file") {
        const auto file = node.value<std::string>();
        if (!file) return error_at(node, "'file' must be a string");
        section.file = *file;
        continue;
      }
      EntryKind kind;
      if (name == "union") {
        kind = EntryKind::UnionMember;
      } else if (name == "table") {
        kind = EntryKind::Field;
      } else if (name == "enum") {
        kind = EntryKind::EnumValue;
      } else {
        return error_at(node, fmt::format("unknown key '{}' in [{}] (expected file, union, table or enum)", name, role));
      }
      const toml::table* owners = node.as_table();
      if (owners == nullptr) return error_at(node, fmt::format("[{}.{}] must be a table", role, name));
      for (const auto& [owner, numbers] : *owners) {
        const toml::table* by_number = numbers.as_table();
        if (by_number == nullptr) return error_at(numbers, "expected a table of numbered entries");
        for (const auto& [number_key, value] : *by_number) {
          std::int64_t number = 0;
          try {
            std::size_t used = 0;
            number = std::stoll(std::string(number_key.str()), &used);
            if (used != number_key.str().size()) throw std::invalid_argument("trailing text");
          } catch (const std::exception&) {
            return error_at(value, fmt::format("'{}' is not a number", number_key.str()));
          }
          if (const toml::array* several = value.as_array()) {
            for (const toml::node& element : *several) {
              if (auto problem = read_entry(element, kind, std::string(owner.str()), number, section)) return problem;
            }
          } else if (auto problem = read_entry(value, kind, std::string(owner.str()), number, section)) {
            return problem;
          }
        }
      }
    }
    if (section.file.empty()) return error_at(table, fmt::format("[{}] has no 'file'", role));
    lock.sections.push_back(std::move(section));
    return std::nullopt;
  }

  Expected<Lock> read(const toml::table& root) const {
    Lock lock;
    for (const auto& [key, node] : root) {
      const std::string name(key.str());
      if (name == "family") {
        lock.family = node.value<std::string>().value_or("");
      } else if (name == "releases") {
        const toml::array* releases = node.as_array();
        if (releases == nullptr) return error_at(node, "'releases' must be an array of strings");
        for (const toml::node& release : *releases) lock.releases.push_back(release.value<std::string>().value_or(""));
      } else if (const toml::table* section = node.as_table()) {
        if (auto problem = read_section(name, *section, lock)) return *problem;
      } else {
        return error_at(node, fmt::format("unknown key '{}' in the lock file", name));
      }
    }
    if (lock.family.empty()) return Error{path_, 1, 0, "the lock file names no family"};
    return lock;
  }

 private:
  std::string path_;
};

}  // namespace

Expected<Lock> read_lock(const std::string& path) {
  auto parsed = support::parse_toml_file(path, "cannot read the lock file");
  if (const auto* problem = std::get_if<support::TomlProblem>(&parsed)) {
    return Error{path, problem->line, problem->column, problem->message};
  }
  return LockReader(path).read(std::get<toml::table>(parsed));
}

}  // namespace fbcompat
