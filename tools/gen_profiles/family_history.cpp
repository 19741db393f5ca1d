#include "fbcompat/core/schema.h"
#include "family_history.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "fbcompat/core/schema_loader.h"

namespace fbcompat::profiles {
namespace {


// Slots a table's vtable can hold under this schema: one past the highest field slot (a union field's
// value slot is the highest of its two).
std::uint16_t slot_count(const Composite& table) {
  std::uint16_t count = 0;
  for (const Field& field : table.fields) count = std::max<std::uint16_t>(count, field.slot + 1);
  return count;
}

// The name of every slot of the table: a union field also owns the hidden "<field>_type" slot before it.
std::vector<std::string> slot_names(const Composite& table) {
  std::vector<std::string> names(slot_count(table));
  for (const Field& field : table.fields) {
    names[field.slot] = field.name;
    if (field.type.base == BaseType::Union && field.slot > 0) names[field.slot - 1] = field.name + "_type";
  }
  return names;
}

Expected<VersionInfo> describe_version(const Manifest& manifest, const ManifestVersion& version) {
  VersionInfo info;
  info.name = version.name;
  info.releases = version.releases;
  if (version.has_reader()) {
    info.accepted_identifiers = version.reader_identifiers;
    info.reader_schema_relative = version.name + "/runtime_schema.fbs";
  } else {
    // Before the writer/reader split the runtime read the one schema and its identifier.
    info.accepted_identifiers = {version.writer_identifier};
    info.reader_schema_relative = version.name + "/schema.fbs";
  }
  info.reader_schema = (std::filesystem::path(manifest.directory) / info.reader_schema_relative).string();
  if (!std::filesystem::exists(info.reader_schema)) {
    return Error{info.reader_schema, 0, 0, fmt::format("reader schema of version {} not found", version.name)};
  }
  return info;
}

TypeSetInfo describe_type_set(const Enum& newest, const std::vector<Schema>& readers) {
  TypeSetInfo set;
  set.qualified = newest.name;
  set.name = unqualified_name(newest.name);
  set.is_union = newest.is_union;
  std::map<std::int64_t, MemberInfo> members;
  for (std::size_t version = 0; version < readers.size(); ++version) {
    std::vector<std::int64_t> known;
    if (const Enum* current = readers[version].find_enum(newest.name)) {
      for (const EnumValue& value : current->values) {
        known.push_back(value.value);
        auto [it, inserted] = members.try_emplace(value.value);
        MemberInfo& member = it->second;
        // A value renamed later counts as introduced by the version that gave it its newest name.
        if (inserted || member.name != value.name) {
          member.value = value.value;
          member.name = value.name;
          member.introduced_in = version;
        }
      }
    }
    std::sort(known.begin(), known.end());
    set.known.push_back(std::move(known));
  }
  for (auto& [value, member] : members) {
    if (const EnumValue* in_newest = newest.find_number(value); in_newest != nullptr && newest.is_union) {
      member.table = in_newest->table;
    }
    set.members.push_back(member);
  }
  return set;
}

TableInfo describe_table(const Composite& newest, const std::vector<Schema>& readers) {
  TableInfo table;
  table.qualified = newest.name;
  table.name = unqualified_name(newest.name);
  const std::vector<std::string> names = slot_names(newest);
  table.slots.resize(names.size());
  for (std::size_t slot = 0; slot < names.size(); ++slot) table.slots[slot].name = names[slot];
  std::vector<bool> seen(names.size(), false);
  for (std::size_t version = 0; version < readers.size(); ++version) {
    const Composite* current = readers[version].find_composite(newest.name);
    const std::uint16_t count = current != nullptr && !current->is_struct ? slot_count(*current) : 0;
    table.slot_counts.push_back(count);
    for (std::size_t slot = 0; slot < std::min<std::size_t>(count, names.size()); ++slot) {
      if (!seen[slot]) {
        seen[slot] = true;
        table.slots[slot].introduced_in = version;
      }
    }
  }
  return table;
}

}  // namespace

Expected<FamilyHistory> build_family_history(const Manifest& manifest) {
  if (manifest.versions.empty()) return Error{manifest.directory, 0, 0, "the manifest lists no versions"};
  FamilyHistory history;
  history.family = manifest.family;
  std::vector<Schema> readers;
  for (const ManifestVersion& version : manifest.versions) {
    Expected<VersionInfo> info = describe_version(manifest, version);
    if (!info.ok()) return info.error();
    Expected<Schema> schema = load_schema(info->reader_schema);
    if (!schema.ok()) return schema.error();
    readers.push_back(std::move(schema).value());
    history.versions.push_back(std::move(info).value());
  }
  const Schema& newest = readers.back();
  for (const Enum& set : newest.enums) history.type_sets.push_back(describe_type_set(set, readers));
  for (const Composite& composite : newest.composites) {
    if (!composite.is_struct) history.tables.push_back(describe_table(composite, readers));
  }
  return history;
}

}  // namespace fbcompat::profiles
