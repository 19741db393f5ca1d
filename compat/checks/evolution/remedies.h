// What the evolution rules put in a finding's remedy (Finding::remedy), built one way for all of them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "evolution/evolution_context.h"
#include "fbcompat/core/finding.h"

namespace fbcompat {

// No mechanical fix, and why (shown when --fix leaves the finding).
Remedy no_remedy(std::string reason);

// A value as `= n` declares it: its number, or in a bit_flags enum the position of its bit.
std::int64_t declared_number(const Enum& enumeration, std::int64_t value);
std::string declared_value(const Enum& enumeration, std::int64_t value);
// For a bit_flags enum, what `= n` means: " (bit 2, the value 4)"; else nothing.
std::string bit_note(const Enum& enumeration, std::int64_t value);

// The members a change displaced, each with the number it had (as declared): what a remedy gives back.
std::vector<std::pair<std::string, std::int64_t>> old_numbers(const EnumPair& pair,
                                                              const std::vector<Alignment::Pair>& displaced);
std::vector<std::pair<std::string, std::int64_t>> old_numbers(const CompositePair& table,
                                                              const std::vector<Alignment::Pair>& displaced);

// The member moves after the last of its declaration; an explicit number becomes `number` (-1: none), and
// the members it displaced get theirs back (`others`).
Remedy move_to_end(const std::string& declaration, const std::string& member, std::int64_t number = -1,
                   std::vector<std::pair<std::string, std::int64_t>> others = {});

// Explicit numbers (`= n`) or ids (`id: n`) set back: `member` to `number`, and each of `others`.
Remedy renumber(const std::string& declaration, const std::string& member, std::int64_t number,
                std::vector<std::pair<std::string, std::int64_t>> others = {});

// A deleted value, member or field declared again as `text`, after the nearest item before it in the old
// version that the new one still has (first when none), in the old order among others restored there; the
// items its deletion displaced get their numbers back.
Remedy restore_value(const EnumPair& pair, std::size_t old_index, std::string text);
Remedy restore_field(const CompositePair& table, std::size_t old_index, std::string text);

// The attribute `attribute` of `field` removed.
Remedy drop_attribute(const std::string& declaration, const std::string& field, std::string attribute);

// Field `field` given the default `value` as written (`= Blue`, `= 1.5`).
Remedy set_default(const std::string& declaration, const std::string& field, std::string value);

// The file_identifier or root_type (`kind`) of `file` set to `value`, or restored when the file has none.
Remedy set_statement(Remedy::Kind kind, const std::string& file, std::string value);

// The declaration a type refers to that the new schema lacks (empty when it has them all): what a
// restored field or member could not name.
std::string missing_declaration(const Schema& schema, const Type& type);

}  // namespace fbcompat
