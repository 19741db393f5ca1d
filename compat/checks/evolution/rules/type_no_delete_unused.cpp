// TYPE_NO_DELETE_UNUSED: a deleted declaration no data needs: nothing in the old schema used it, or
// every use now holds a type laid out the same (an enum field that became its integer). Data is
// unaffected, but generated code that named it breaks.
#include <fmt/format.h>

#include "evolution/declaration_uses.h"
#include "evolution/evolution_context.h"

namespace fbcompat {

const RuleInfo kTypeNoDeleteUnused{"TYPE_NO_DELETE_UNUSED", Category::Source, Severity::Warning, RuleScope::Evolution,
                                   "Deleting an unused declaration breaks only the code generated from it."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const DeclarationRef& declaration : context.matching.deleted()) {
    std::vector<std::string> uses;
    bool all_still_read = true;
    for (const DeclarationUse& use : old_uses(context, declaration.name())) {
      uses.push_back(use.where);
      all_still_read &= use.still_read;
    }
    if (!all_still_read) continue;  // TYPE_NO_DELETE
    const char* kind = declaration_kind_name(declaration.kind);
    const std::string name = unqualified_name(declaration.name());
    const std::string why =
        uses.empty() ? std::string("Nothing that data of the old schema can reach from its roots used it, so no data can "
                                   "contain it")
                     : fmt::format("Its uses in the old schema ({}) now hold types laid out the same, so old data still "
                                   "reads",
                                   list_uses(uses));
    sink.report(kTypeNoDeleteUnused, declaration.name(), context.old_schema, declaration.location(),
                fmt::format("{} {} was deleted. {}, but code that uses its generated type no longer compiles.", kind,
                            name, why),
                fmt::format("keep {} {} until no code uses it", kind, name));
  }
}

}  // namespace

extern const EvolutionRule kTypeNoDeleteUnusedRule{kTypeNoDeleteUnused, check};

}  // namespace fbcompat
