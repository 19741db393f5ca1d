#include "evolution/union_messages.h"

#include <algorithm>

#include <fmt/format.h>

namespace fbcompat {

std::string old_id_now_reads_as(const EnumPair& pair, std::int64_t id) {
  const EnumValue* old_member = pair.old_enum.find_number(id);
  const std::string old_name = old_member != nullptr ? old_member->name : "?";
  if (const EnumValue* now = pair.new_enum.find_number(id)) {
    return fmt::format("Buffers written with the old schema that contain {} (type id {}) now decode it as {} "
                       "(table {}).",
                       old_name, id, now->name, unqualified_name(now->table));
  }
  return fmt::format("Buffers written with the old schema that contain {} (type id {}) hold an id the new schema "
                     "does not know: generated code returns null for it and JSON conversion fails.",
                     old_name, id);
}

SourceLocation location_of_id(const EnumPair& pair, std::int64_t id) {
  if (const EnumValue* now = pair.new_enum.find_number(id); now != nullptr && now->location.known()) {
    return now->location;
  }
  return pair.new_enum.location;
}

std::string member_declaration(const EnumValue& member) {
  const std::string table = unqualified_name(member.table);
  return table == member.name ? member.name : fmt::format("{}: {}", member.name, table);
}

std::string between_text(const EnumPair& pair, std::size_t old_index) {
  const auto& values = pair.old_enum.values;
  const std::string before = old_index > 0 ? values[old_index - 1].name : std::string();
  const std::string after = old_index + 1 < values.size() ? values[old_index + 1].name : std::string();
  if (!before.empty() && !after.empty()) return fmt::format(", between {} and {}", before, after);
  if (!before.empty()) return fmt::format(", after {}", before);
  if (!after.empty()) return fmt::format(", before {}", after);
  return "";
}

std::int64_t next_free_id(const EnumPair& pair) {
  std::int64_t highest = 0;
  for (const EnumValue& member : pair.new_enum.values) highest = std::max(highest, member.value);
  for (const EnumValue& member : pair.old_enum.values) highest = std::max(highest, member.value);
  return highest + 1;
}

std::string misreadings(const EnumPair& pair, std::vector<std::size_t> old_indexes, std::size_t limit) {
  std::sort(old_indexes.begin(), old_indexes.end(),
            [&](std::size_t a, std::size_t b) { return pair.old_value(a).value < pair.old_value(b).value; });
  std::string text;
  for (std::size_t i = 0; i < old_indexes.size() && i < limit; ++i) {
    const EnumValue& old_member = pair.old_value(old_indexes[i]);
    const EnumValue* now = pair.new_enum.find_number(old_member.value);
    if (i > 0) text += i + 1 == old_indexes.size() ? " and " : ", ";
    text += fmt::format("{} as {}", old_member.name,
                        now != nullptr ? now->name : fmt::format("an unknown type id ({})", old_member.value));
  }
  if (old_indexes.size() > limit) text += ", and so on";
  return text;
}

std::vector<std::size_t> old_members_of(const std::vector<Alignment::Pair>& displaced) {
  std::vector<std::size_t> indexes;
  indexes.reserve(displaced.size() + 1);
  for (const Alignment::Pair& pair : displaced) indexes.push_back(pair.old_index);
  return indexes;
}

const char* type_id_name(BaseType underlying) {
  return underlying == BaseType::UType ? "ubyte" : base_type_name(underlying);
}

}  // namespace fbcompat
