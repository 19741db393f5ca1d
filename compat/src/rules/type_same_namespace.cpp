// TYPE_SAME_NAMESPACE: the namespace is not stored in data, but it is the package or C++ namespace of
// generated code, and part of a nested_flatbuffer's or a union member's qualified name.
#include <fmt/format.h>

#include "rules/evolution_context.h"

namespace fbcompat {

const RuleInfo kTypeSameNamespace{"TYPE_SAME_NAMESPACE", Category::Source, Severity::Warning, RuleScope::Evolution,
                                  "A declaration should stay in its namespace: generated code is organised by it."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const DeclarationMatching::Match& match : context.matching.matches()) {
    if (match.how != DeclarationMatching::How::MovedNamespace) continue;
    sink.report(kTypeSameNamespace, match.new_declaration.name(), context.new_schema, match.new_declaration.location(),
                fmt::format("{} {} moved to {}. Data is unaffected, but generated code now lives in another "
                            "namespace or package, and code that names {} no longer compiles.",
                            declaration_kind_name(match.new_declaration.kind), match.old_declaration.name(),
                            match.new_declaration.name(), match.old_declaration.name()),
                fmt::format("keep {} in its old namespace, or accept the source change",
                            short_name(match.new_declaration.name())));
  }
}

}  // namespace

extern const EvolutionRule kTypeSameNamespaceRule{kTypeSameNamespace, check};

}  // namespace fbcompat
