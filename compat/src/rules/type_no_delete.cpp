// TYPE_NO_DELETE: a table, struct, enum or union that old data can contain must stay declared.
#include <fmt/format.h>

#include "rules/evolution_context.h"

namespace fbcompat {

const RuleInfo kTypeNoDelete{"TYPE_NO_DELETE", Category::Wire, Severity::Error, RuleScope::Evolution,
                             "A table, struct, enum or union that old data can contain must not be deleted."};

namespace {

std::string list_uses(const std::vector<std::string>& uses, std::size_t limit = 4) {
  std::string text;
  for (std::size_t i = 0; i < uses.size() && i < limit; ++i) text += (i == 0 ? "" : ", ") + uses[i];
  if (uses.size() > limit) text += fmt::format(" and {} more", uses.size() - limit);
  return text;
}

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const DeclarationRef& declaration : context.matching.deleted()) {
    const std::vector<std::string> uses = context.old_uses_of(declaration.name());
    if (uses.empty()) continue;  // TYPE_NO_DELETE_UNUSED
    const char* kind = declaration_kind_name(declaration.kind);
    sink.report(kTypeNoDelete, declaration.name(), context.old_schema, declaration.location(),
                fmt::format("{} {} was deleted, but the old schema uses it ({}), so old data can contain it; readers "
                            "built from the new schema can no longer decode that data.",
                            kind, short_name(declaration.name()), list_uses(uses)),
                fmt::format("restore {} {}; keep it even when nothing new writes it", kind,
                            short_name(declaration.name())));
  }
}

}  // namespace

extern const EvolutionRule kTypeNoDeleteRule{kTypeNoDelete, check};

}  // namespace fbcompat
