// TYPE_NO_DELETE_UNUSED: a declaration nothing in the old schema used. Data is unaffected (no table,
// union or root can hold it), but generated code that named it breaks.
#include <fmt/format.h>

#include "rules/evolution_context.h"

namespace fbcompat {

const RuleInfo kTypeNoDeleteUnused{"TYPE_NO_DELETE_UNUSED", Category::Source, Severity::Warning, RuleScope::Evolution,
                                   "Deleting an unused declaration breaks only the code generated from it."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const DeclarationRef& declaration : context.matching.deleted()) {
    if (!context.old_uses_of(declaration.name()).empty()) continue;  // TYPE_NO_DELETE
    const char* kind = declaration_kind_name(declaration.kind);
    sink.report(kTypeNoDeleteUnused, declaration.name(), context.old_schema, declaration.location(),
                fmt::format("{} {} was deleted. Nothing in the old schema used it, so no data can contain it, but "
                            "code that uses its generated type no longer compiles.",
                            kind, short_name(declaration.name())),
                fmt::format("keep {} {} until no code uses it", kind, short_name(declaration.name())));
  }
}

}  // namespace

extern const EvolutionRule kTypeNoDeleteUnusedRule{kTypeNoDeleteUnused, check};

}  // namespace fbcompat
