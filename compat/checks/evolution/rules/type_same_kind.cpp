// TYPE_SAME_KIND: a table stored by reference becoming a struct stored inline (or an enum becoming a
// union) changes every byte that refers to it.
#include <fmt/format.h>

#include "evolution/evolution_context.h"

namespace fbcompat {

const RuleInfo kTypeSameKind{"TYPE_SAME_KIND", Category::Wire, Severity::Error, RuleScope::Evolution,
                             "A declaration must stay what it is: table, struct, enum or union."};

namespace {

// "a table", "an enum".
std::string with_article(DeclarationKind kind) {
  const std::string name = declaration_kind_name(kind);
  return (name == "enum" ? "an " : "a ") + name;
}

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const DeclarationMatching::Match& match : context.matching.matches()) {
    if (match.old_declaration.kind == match.new_declaration.kind) continue;
    const std::string name = unqualified_name(match.new_declaration.name());
    sink.report(kTypeSameKind, match.new_declaration.name(), context.new_schema, match.new_declaration.location(),
                fmt::format("{} changed from {} to {}. They are stored differently, so every use of {} in old data "
                            "is misread.",
                            name, with_article(match.old_declaration.kind), with_article(match.new_declaration.kind), name),
                fmt::format("keep {} {} and declare the {} under a new name", name,
                            with_article(match.old_declaration.kind),
                            declaration_kind_name(match.new_declaration.kind)));
  }
}

}  // namespace

extern const EvolutionRule kTypeSameKindRule{kTypeSameKind, check};

}  // namespace fbcompat
