// TYPE_SAME_NAMESPACE: the namespace is not stored in data, but it is the package or C++ namespace of
// generated code, and part of a nested_flatbuffer's or a union member's qualified name. Renaming a
// whole namespace is one change and one finding; moving some declarations out is one per declaration.
#include <map>
#include <utility>

#include <fmt/format.h>

#include "evolution/evolution_context.h"

namespace fbcompat {

const RuleInfo kTypeSameNamespace{"TYPE_SAME_NAMESPACE", Category::Source, Severity::Warning, RuleScope::Evolution,
                                  "A declaration should stay in its namespace: generated code is organised by it."};

namespace {

std::string namespace_of(const std::string& qualified_name) {
  const auto dot = qualified_name.rfind('.');
  return dot == std::string::npos ? std::string() : qualified_name.substr(0, dot);
}

std::string shown(const std::string& name_space) {
  return name_space.empty() ? std::string("the root namespace") : "namespace " + name_space;
}

std::string list_names(const std::vector<const DeclarationMatching::Match*>& moves, std::size_t limit = 6) {
  std::string text;
  for (std::size_t i = 0; i < moves.size() && i < limit; ++i) {
    if (i > 0) text += i + 1 == moves.size() ? " and " : ", ";
    text += unqualified_name(moves[i]->new_declaration.name());
  }
  if (moves.size() > limit) text += fmt::format(" and {} more", moves.size() - limit);
  return text;
}

void report_declaration(const EvolutionContext& context, FindingSink& sink, const DeclarationMatching::Match& match) {
  sink.report(kTypeSameNamespace, match.new_declaration.name(), context.new_schema, match.new_declaration.location(),
              fmt::format("{} {} moved to {}. Data is unaffected, but generated code now lives in another namespace or "
                          "package, and code that names {} no longer compiles.",
                          declaration_kind_name(match.new_declaration.kind), match.old_declaration.name(),
                          match.new_declaration.name(), match.old_declaration.name()),
              fmt::format("keep {} in {}, or accept the source change", unqualified_name(match.new_declaration.name()),
                          shown(namespace_of(match.old_declaration.name()))));
}

void report_namespace(const EvolutionContext& context, FindingSink& sink, const std::string& old_namespace,
                      const std::string& new_namespace, const std::vector<const DeclarationMatching::Match*>& moves) {
  const DeclarationMatching::Match& first = *moves.front();
  sink.report(kTypeSameNamespace, new_namespace, context.new_schema, first.new_declaration.location(),
              fmt::format("{} was renamed {}: all {} declarations in it moved ({}). Data is unaffected, but generated "
                          "code now lives in another namespace or package, and code that names them no longer "
                          "compiles.",
                          shown(old_namespace), new_namespace.empty() ? shown(new_namespace) : new_namespace,
                          moves.size(), list_names(moves)),
              fmt::format("keep {}, or accept the source change", shown(old_namespace)));
}

void check(const EvolutionContext& context, FindingSink& sink) {
  std::map<std::pair<std::string, std::string>, std::vector<const DeclarationMatching::Match*>> moves;
  for (const DeclarationMatching::Match& match : context.matching.matches()) {
    if (match.how != DeclarationMatching::How::MovedNamespace) continue;
    moves[{namespace_of(match.old_declaration.name()), namespace_of(match.new_declaration.name())}].push_back(&match);
  }
  std::map<std::string, std::size_t> old_declarations_in;
  for (const DeclarationRef& declaration : declarations_of(context.old_schema)) {
    ++old_declarations_in[namespace_of(declaration.name())];
  }
  for (const auto& [namespaces, group] : moves) {
    if (group.size() > 1 && group.size() == old_declarations_in[namespaces.first]) {
      report_namespace(context, sink, namespaces.first, namespaces.second, group);
    } else {
      for (const DeclarationMatching::Match* match : group) report_declaration(context, sink, *match);
    }
  }
}

}  // namespace

extern const EvolutionRule kTypeSameNamespaceRule{kTypeSameNamespace, check};

}  // namespace fbcompat
