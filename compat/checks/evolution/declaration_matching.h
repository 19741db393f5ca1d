// Pairs the declarations (tables, structs, enums, unions) of an old schema with those of a new one.
// By qualified name first; then a declaration that moved to another namespace (same name, same kind,
// unique); then a rename, recognised where a field or union member that kept its place now refers to
// a new declaration instead of a vanished one. Everything downstream compares through these pairs,
// so a renamed table is compared field by field instead of reported as deleted and retyped.
#pragma once

#include <map>
#include <string_view>
#include <unordered_map>
#include <string>
#include <vector>

#include "fbcompat/core/schema.h"

namespace fbcompat {

enum class DeclarationKind { Table, Struct, Enum, Union };

const char* declaration_kind_name(DeclarationKind kind);

struct DeclarationRef {
  DeclarationKind kind = DeclarationKind::Table;
  const Composite* composite = nullptr;
  const Enum* enumeration = nullptr;
  const std::string& name() const { return composite != nullptr ? composite->name : enumeration->name; }
  const SourceLocation& location() const { return composite != nullptr ? composite->location : enumeration->location; }
};

class DeclarationMatching {
 public:
  enum class How { SameName, MovedNamespace, Renamed };
  struct Match {
    DeclarationRef old_declaration;
    DeclarationRef new_declaration;
    How how = How::SameName;
  };

  DeclarationMatching(const Schema& old_schema, const Schema& new_schema);

  const std::vector<Match>& matches() const { return matches_; }
  const std::vector<DeclarationRef>& deleted() const { return deleted_; }  // old, unmatched
  const std::vector<DeclarationRef>& added() const { return added_; }      // new, unmatched

  // The new name of an old declaration; empty when it has none.
  const std::string& new_name_of(const std::string& old_name) const;
  // Whether an old and a new qualified name denote the same declaration.
  bool same(const std::string& old_name, const std::string& new_name) const;

 private:
  void pair(const DeclarationRef& old_declaration, const DeclarationRef& new_declaration, How how);

  std::vector<Match> matches_;
  std::vector<DeclarationRef> deleted_;
  std::vector<DeclarationRef> added_;
  // Old name to new name, as views of the schemas' own strings (the schemas outlive the matching).
  std::unordered_map<std::string_view, const std::string*> old_to_new_;
};

std::vector<DeclarationRef> declarations_of(const Schema& schema);

}  // namespace fbcompat
