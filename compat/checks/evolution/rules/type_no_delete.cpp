// TYPE_NO_DELETE: a table, struct, enum or union that old data can contain must stay declared.
#include <fmt/format.h>

#include "evolution/declaration_uses.h"
#include "evolution/evolution_context.h"

namespace fbcompat {

const RuleInfo kTypeNoDelete{"TYPE_NO_DELETE", Category::Wire, Severity::Error, RuleScope::Evolution,
                             "A table, struct, enum or union that old data can contain must not be deleted."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const DeclarationRef& declaration : context.matching.deleted()) {
    std::vector<std::string> unread;
    for (const DeclarationUse& use : old_uses(context, declaration.name())) {
      if (!use.still_read) unread.push_back(use.where);
    }
    if (unread.empty()) continue;  // TYPE_NO_DELETE_UNUSED
    const char* kind = declaration_kind_name(declaration.kind);
    sink.report(kTypeNoDelete, declaration.name(), context.old_schema, declaration.location(),
                fmt::format("{} {} was deleted, but the old schema uses it ({}), so old data can contain it; readers "
                            "built from the new schema can no longer decode that data.",
                            kind, unqualified_name(declaration.name()), list_uses(unread)),
                fmt::format("restore {} {}; keep it even when nothing new writes it", kind,
                            unqualified_name(declaration.name())));
  }
}

}  // namespace

extern const EvolutionRule kTypeNoDeleteRule{kTypeNoDelete, check};

}  // namespace fbcompat
