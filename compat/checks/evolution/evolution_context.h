// What every evolution rule looks at: the two schemas, their declarations paired, and for each pair
// of tables, enums and unions the alignment of its fields, values or members. Built once per diff,
// so each rule only reads.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "evolution/declaration_matching.h"
#include "evolution/sequence_alignment.h"
#include "evolution/wire_compatibility.h"
#include "fbcompat/checks/diff_options.h"
#include "fbcompat/core/rule.h"
#include "fbcompat/core/schema.h"
#include "fbcompat/core/finding_sink.h"

namespace fbcompat {

struct CompositePair {
  const Composite& old_composite;
  const Composite& new_composite;
  Alignment fields;  // tables only: fields by slot

  const Field& old_field(std::size_t index) const { return old_composite.fields[index]; }
  const Field& new_field(std::size_t index) const { return new_composite.fields[index]; }
};

struct EnumPair {
  const Enum& old_enum;
  const Enum& new_enum;
  Alignment values;  // values by number; for unions, members by type id

  const EnumValue& old_value(std::size_t index) const { return old_enum.values[index]; }
  const EnumValue& new_value(std::size_t index) const { return new_enum.values[index]; }
};

class EvolutionContext {
 public:
  EvolutionContext(const Schema& old_schema, const Schema& new_schema, const DiffOptions& options);

  const Schema& old_schema;
  const Schema& new_schema;
  const DiffOptions& options;
  DeclarationMatching matching;
  std::vector<CompositePair> tables;
  std::vector<CompositePair> structs;
  std::vector<EnumPair> enums;
  std::vector<EnumPair> unions;

  // Whether data of old_type reads as new_type (see wire_compatibility.h).
  bool wire_compatible(const Type& old_type, const Type& new_type, std::string* reason = nullptr) const;
  bool wire_compatible(const std::string& old_declaration, const std::string& new_declaration,
                       std::string* reason = nullptr) const;

  // Where the old schema uses a declaration: "fb.Table.field", "fb.Union.Member", "root_type".
  std::vector<std::string> old_uses_of(const std::string& old_name) const;

 private:
  bool unchanged(const DeclarationMatching::Match& match) const;

  mutable WireCompatibility wire_;
  mutable std::map<std::string, std::vector<std::string>> old_uses_;
  mutable bool old_uses_built_ = false;
};

using EvolutionCheck = void (*)(const EvolutionContext&, FindingSink&);

struct EvolutionRule {
  const RuleInfo& info;
  EvolutionCheck check;
};

// Every evolution rule, in the order rules.h lists them.
const std::vector<EvolutionRule>& evolution_rules();

// "XNNBar (5 -> 6), XNNBaz (6 -> 7) and XNNQux (7 -> 8)": every shift, since a reader checking old
// data needs the whole list.
std::string list_shifts(const std::vector<Alignment::Pair>& pairs, const Alignment& alignment,
                        std::size_t limit = static_cast<std::size_t>(-1));

}  // namespace fbcompat
