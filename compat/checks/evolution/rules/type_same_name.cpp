// TYPE_SAME_NAME: a declaration renamed, recognised because the fields and union members that used it
// now use the new name. Table and struct names are not stored in data; generated code uses them.
#include <fmt/format.h>

#include "evolution/evolution_context.h"

namespace fbcompat {

const RuleInfo kTypeSameName{"TYPE_SAME_NAME", Category::Source, Severity::Warning, RuleScope::Evolution,
                             "A declaration should keep its name: generated code uses it."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const DeclarationMatching::Match& match : context.matching.matches()) {
    if (match.how != DeclarationMatching::How::Renamed) continue;
    sink.report(kTypeSameName, match.new_declaration.name(), context.new_schema, match.new_declaration.location(),
                fmt::format("{} {} was renamed {}. Its uses were renamed with it and data does not store the name, "
                            "but code that uses the generated type {} no longer compiles.",
                            declaration_kind_name(match.new_declaration.kind),
                            unqualified_name(match.old_declaration.name()), unqualified_name(match.new_declaration.name()),
                            unqualified_name(match.old_declaration.name())),
                fmt::format("keep the name {}, or accept the source change", unqualified_name(match.old_declaration.name())));
  }
}

}  // namespace

extern const EvolutionRule kTypeSameNameRule{kTypeSameName, check};

}  // namespace fbcompat
