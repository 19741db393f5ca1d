// TYPE_SAME_KIND: a table stored by reference becoming a struct stored inline (or an enum becoming a
// union) changes every byte that refers to it.
#include <fmt/format.h>

#include "rules/evolution_context.h"

namespace fbcompat {

const RuleInfo kTypeSameKind{"TYPE_SAME_KIND", Category::Wire, Severity::Error, RuleScope::Evolution,
                             "A declaration must stay what it is: table, struct, enum or union."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const DeclarationMatching::Match& match : context.matching.matches()) {
    if (match.old_declaration.kind == match.new_declaration.kind) continue;
    const std::string name = unqualified_name(match.new_declaration.name());
    sink.report(kTypeSameKind, match.new_declaration.name(), context.new_schema, match.new_declaration.location(),
                fmt::format("{} changed from a {} to a {}. They are stored differently, so every use of {} in old data "
                            "is misread.",
                            name, declaration_kind_name(match.old_declaration.kind),
                            declaration_kind_name(match.new_declaration.kind), name),
                fmt::format("keep {} a {} and declare the {} under a new name", name,
                            declaration_kind_name(match.old_declaration.kind),
                            declaration_kind_name(match.new_declaration.kind)));
  }
}

}  // namespace

extern const EvolutionRule kTypeSameKindRule{kTypeSameKind, check};

}  // namespace fbcompat
