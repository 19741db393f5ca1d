#include "pair/pair_rules.h"

namespace fbcompat::pair_rules {

constexpr auto kPair = RuleScope::Pair;

const RuleInfo kIdentifierNotAccepted{"PAIR_IDENTIFIER_NOT_ACCEPTED", Category::Wire, Severity::Error, kPair,
                                      "The reader must accept the file_identifier the writer stamps."};
const RuleInfo kRootTypeMismatch{"PAIR_ROOT_TYPE_MISMATCH", Category::Wire, Severity::Error, kPair,
                                 "Writer and reader must agree on the root table."};
const RuleInfo kUnionMemberMissing{"PAIR_UNION_MEMBER_MISSING", Category::Wire, Severity::Error, kPair,
                                   "Every union member the writer can emit must exist in the reader."};
const RuleInfo kUnionMemberMoved{"PAIR_UNION_MEMBER_MOVED", Category::Wire, Severity::Error, kPair,
                                 "A union member must have the same type id in writer and reader."};
const RuleInfo kUnionMemberTableMismatch{"PAIR_UNION_MEMBER_TABLE_MISMATCH", Category::Wire, Severity::Error, kPair,
                                         "A union member must carry tables of the same layout in writer and reader."};
const RuleInfo kUnionMemberNameMismatch{"PAIR_UNION_MEMBER_NAME_MISMATCH", Category::Json, Severity::Warning, kPair,
                                        "A union member should have the same name in writer and reader."};
const RuleInfo kEnumValueMissing{"PAIR_ENUM_VALUE_MISSING", Category::Wire, Severity::Error, kPair,
                                 "Every enum value the writer can emit must exist in the reader, with the same number."};
const RuleInfo kEnumValueNameMismatch{"PAIR_ENUM_VALUE_NAME_MISMATCH", Category::Json, Severity::Warning, kPair,
                                      "An enum value should have the same name in writer and reader."};
const RuleInfo kFieldMissing{"PAIR_FIELD_MISSING", Category::Wire, Severity::Error, kPair,
                             "Every field the writer can emit must exist in the reader."};
const RuleInfo kFieldSlotMismatch{"PAIR_FIELD_SLOT_MISMATCH", Category::Wire, Severity::Error, kPair,
                                  "A field must have the same slot (id) in writer and reader."};
const RuleInfo kFieldTypeMismatch{"PAIR_FIELD_TYPE_MISMATCH", Category::Wire, Severity::Error, kPair,
                                  "A field must have the same type in writer and reader."};
const RuleInfo kFieldDefaultMismatch{"PAIR_FIELD_DEFAULT_MISMATCH", Category::Wire, Severity::Error, kPair,
                                     "A scalar field must have the same default in writer and reader."};
const RuleInfo kFieldNameMismatch{"PAIR_FIELD_NAME_MISMATCH", Category::Json, Severity::Warning, kPair,
                                  "A field should have the same name in writer and reader."};
const RuleInfo kFieldDeprecatedInReader{"PAIR_FIELD_DEPRECATED_IN_READER", Category::Wire, Severity::Warning, kPair,
                                        "The writer should not emit a field the reader has deprecated."};
const RuleInfo kRequiredNotWritten{"PAIR_REQUIRED_NOT_WRITTEN", Category::Wire, Severity::Error, kPair,
                                   "A field the reader requires must be one the writer writes."};
const RuleInfo kStructLayoutMismatch{"PAIR_STRUCT_LAYOUT_MISMATCH", Category::Wire, Severity::Error, kPair,
                                     "A struct must have the same layout in writer and reader."};

const std::vector<const RuleInfo*>& all() {
  static const std::vector<const RuleInfo*> rules{
      &kIdentifierNotAccepted, &kRootTypeMismatch,     &kUnionMemberMissing,   &kUnionMemberMoved,
      &kUnionMemberTableMismatch, &kUnionMemberNameMismatch, &kEnumValueMissing, &kEnumValueNameMismatch,
      &kFieldMissing,          &kFieldSlotMismatch,    &kFieldTypeMismatch,    &kFieldDefaultMismatch,
      &kFieldNameMismatch,     &kFieldDeprecatedInReader, &kRequiredNotWritten, &kStructLayoutMismatch,
  };
  return rules;
}

}  // namespace fbcompat::pair_rules
