#include "evolution/remedies.h"

#include <fmt/format.h>

namespace fbcompat {

std::int64_t declared_number(const Enum& enumeration, std::int64_t value) {
  if (!enumeration.bit_flags) return value;
  // flatbuffers stores a bit_flags value as its bit (1 << n), and `= n` names the bit's position.
  auto bits = static_cast<std::uint64_t>(value);
  std::int64_t position = 0;
  while (bits > 1 && (bits & 1U) == 0) {
    bits >>= 1U;
    ++position;
  }
  return position;
}

std::string declared_value(const Enum& enumeration, std::int64_t value) {
  return enumeration.bit_flags ? std::to_string(declared_number(enumeration, value))
                               : enumeration.number_to_string(value);
}

std::string bit_note(const Enum& enumeration, std::int64_t value) {
  if (!enumeration.bit_flags) return "";
  return fmt::format(" (bit {}, the value {})", declared_number(enumeration, value), enumeration.number_to_string(value));
}

std::vector<std::pair<std::string, std::int64_t>> old_numbers(const EnumPair& pair,
                                                              const std::vector<Alignment::Pair>& displaced) {
  std::vector<std::pair<std::string, std::int64_t>> numbers;
  for (const Alignment::Pair& shifted : displaced) {
    numbers.emplace_back(pair.new_value(shifted.new_index).name,
                         declared_number(pair.old_enum, pair.old_value(shifted.old_index).value));
  }
  return numbers;
}

std::vector<std::pair<std::string, std::int64_t>> old_numbers(const CompositePair& table,
                                                              const std::vector<Alignment::Pair>& displaced) {
  std::vector<std::pair<std::string, std::int64_t>> numbers;
  for (const Alignment::Pair& shifted : displaced) {
    numbers.emplace_back(table.new_field(shifted.new_index).name, table.old_field(shifted.old_index).slot);
  }
  return numbers;
}

Remedy no_remedy(std::string reason) {
  Remedy remedy;
  remedy.reason = std::move(reason);
  return remedy;
}

Remedy move_to_end(const std::string& declaration, const std::string& member, std::int64_t number,
                   std::vector<std::pair<std::string, std::int64_t>> others) {
  Remedy remedy;
  remedy.kind = Remedy::Kind::MoveToEnd;
  remedy.declaration = declaration;
  remedy.member = member;
  remedy.number = number;
  remedy.renumbered = std::move(others);
  return remedy;
}

Remedy renumber(const std::string& declaration, const std::string& member, std::int64_t number,
                std::vector<std::pair<std::string, std::int64_t>> others) {
  Remedy remedy;
  remedy.kind = Remedy::Kind::Renumber;
  remedy.declaration = declaration;
  remedy.member = member;
  remedy.number = number;
  remedy.renumbered = std::move(others);
  return remedy;
}

namespace {

Remedy restore(const std::string& declaration, const std::string& member, std::string text, std::string after,
               std::size_t order, std::string comment) {
  Remedy remedy;
  remedy.kind = Remedy::Kind::Restore;
  remedy.declaration = declaration;
  remedy.member = member;
  remedy.text = std::move(text);
  remedy.after = std::move(after);
  remedy.order = order;
  remedy.comment = std::move(comment);
  return remedy;
}

}  // namespace

Remedy restore_value(const EnumPair& pair, std::size_t old_index, std::string text) {
  std::string after;
  for (std::size_t i = old_index; i-- > 0;) {
    if (pair.new_enum.find_value(pair.old_value(i).name) != nullptr) {
      after = pair.old_value(i).name;
      break;
    }
  }
  Remedy remedy = restore(pair.new_enum.name, pair.old_value(old_index).name, std::move(text), std::move(after),
                          old_index, "restored by fbcompat: old data may hold it");
  remedy.renumbered = old_numbers(pair, pair.values.displaced_by_deletion(old_index));
  return remedy;
}

Remedy restore_field(const CompositePair& table, std::size_t old_index, std::string text) {
  std::string after;
  for (std::size_t i = old_index; i-- > 0;) {
    if (table.new_composite.find_field(table.old_field(i).name) != nullptr) {
      after = table.old_field(i).name;
      break;
    }
  }
  Remedy remedy = restore(table.new_composite.name, table.old_field(old_index).name, std::move(text),
                          std::move(after), old_index, "restored by fbcompat: deprecated, it keeps its slot");
  remedy.renumbered = old_numbers(table, table.fields.displaced_by_deletion(old_index));
  return remedy;
}

Remedy drop_attribute(const std::string& declaration, const std::string& field, std::string attribute) {
  Remedy remedy;
  remedy.kind = Remedy::Kind::DropAttribute;
  remedy.declaration = declaration;
  remedy.member = field;
  remedy.text = std::move(attribute);
  return remedy;
}

Remedy set_default(const std::string& declaration, const std::string& field, std::string value) {
  Remedy remedy;
  remedy.kind = Remedy::Kind::SetDefault;
  remedy.declaration = declaration;
  remedy.member = field;
  remedy.text = std::move(value);
  return remedy;
}

Remedy set_statement(Remedy::Kind kind, const std::string& file, std::string value) {
  Remedy remedy;
  remedy.kind = kind;
  remedy.file = file;
  remedy.text = std::move(value);
  return remedy;
}

std::string missing_declaration(const Schema& schema, const Type& type) {
  if (type.ref.empty() || schema.find_composite(type.ref) != nullptr || schema.find_enum(type.ref) != nullptr) return "";
  return type.ref;
}

}  // namespace fbcompat
