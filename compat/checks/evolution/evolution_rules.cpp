// The evolution rules, each defined in its own file named after it.
#include "evolution/evolution_context.h"

namespace fbcompat {

extern const EvolutionRule kUnionMemberNoDeleteRule;
extern const EvolutionRule kUnionMemberSameIdRule;
extern const EvolutionRule kUnionMemberSameTableRule;
extern const EvolutionRule kUnionMemberSameTableNameRule;
extern const EvolutionRule kUnionMemberSameNameRule;
extern const EvolutionRule kUnionSameUnderlyingTypeRule;
extern const EvolutionRule kUnionCapacityRule;
extern const EvolutionRule kEnumValueNoDeleteRule;
extern const EvolutionRule kEnumValueSameNumberRule;
extern const EvolutionRule kEnumValueSameNameRule;
extern const EvolutionRule kEnumSameUnderlyingTypeRule;
extern const EvolutionRule kEnumSameBitFlagsRule;
extern const EvolutionRule kTypeNoDeleteRule;
extern const EvolutionRule kTypeNoDeleteUnusedRule;
extern const EvolutionRule kTypeSameKindRule;
extern const EvolutionRule kTypeSameNamespaceRule;
extern const EvolutionRule kTypeSameNameRule;
extern const EvolutionRule kFieldNoDeleteRule;
extern const EvolutionRule kFieldSameSlotRule;
extern const EvolutionRule kFieldSameTypeRule;
extern const EvolutionRule kFieldSameTypeNameRule;
extern const EvolutionRule kFieldSameDefaultRule;
extern const EvolutionRule kFieldNoNewRequiredRule;
extern const EvolutionRule kFieldSameNameRule;
extern const EvolutionRule kFieldNoReuseDeprecatedRule;
extern const EvolutionRule kFieldSameKeyRule;
extern const EvolutionRule kFieldNewlyDeprecatedRule;
extern const EvolutionRule kStructSameLayoutRule;
extern const EvolutionRule kStructFieldSameNameRule;
extern const EvolutionRule kFileSameIdentifierRule;
extern const EvolutionRule kFileSameRootTypeRule;

const std::vector<EvolutionRule>& evolution_rules() {
  static const std::vector<EvolutionRule> rules{
      kUnionMemberNoDeleteRule,
      kUnionMemberSameIdRule,
      kUnionMemberSameTableRule,
      kUnionMemberSameTableNameRule,
      kUnionMemberSameNameRule,
      kUnionSameUnderlyingTypeRule,
      kUnionCapacityRule,
      kEnumValueNoDeleteRule,
      kEnumValueSameNumberRule,
      kEnumValueSameNameRule,
      kEnumSameUnderlyingTypeRule,
      kEnumSameBitFlagsRule,
      kTypeNoDeleteRule,
      kTypeNoDeleteUnusedRule,
      kTypeSameKindRule,
      kTypeSameNamespaceRule,
      kTypeSameNameRule,
      kFieldNoDeleteRule,
      kFieldSameSlotRule,
      kFieldSameTypeRule,
      kFieldSameTypeNameRule,
      kFieldSameDefaultRule,
      kFieldNoNewRequiredRule,
      kFieldSameNameRule,
      kFieldNoReuseDeprecatedRule,
      kFieldSameKeyRule,
      kFieldNewlyDeprecatedRule,
      kStructSameLayoutRule,
      kStructFieldSameNameRule,
      kFileSameIdentifierRule,
      kFileSameRootTypeRule,
  };
  return rules;
}

}  // namespace fbcompat
