#include "evolution/remedies.h"

namespace fbcompat {

Remedy no_remedy(std::string reason) {
  Remedy remedy;
  remedy.reason = std::move(reason);
  return remedy;
}

Remedy move_to_end(const std::string& declaration, const std::string& member, std::int64_t number) {
  Remedy remedy;
  remedy.kind = Remedy::Kind::MoveToEnd;
  remedy.declaration = declaration;
  remedy.member = member;
  remedy.number = number;
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
  return restore(pair.new_enum.name, pair.old_value(old_index).name, std::move(text), std::move(after), old_index,
                 "restored by fbcompat: old data may hold it");
}

Remedy restore_field(const CompositePair& table, std::size_t old_index, std::string text) {
  std::string after;
  for (std::size_t i = old_index; i-- > 0;) {
    if (table.new_composite.find_field(table.old_field(i).name) != nullptr) {
      after = table.old_field(i).name;
      break;
    }
  }
  return restore(table.new_composite.name, table.old_field(old_index).name, std::move(text), std::move(after),
                 old_index, "restored by fbcompat: deprecated, it keeps its slot");
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
