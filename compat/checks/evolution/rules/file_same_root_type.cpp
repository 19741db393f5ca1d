// FILE_SAME_ROOT_TYPE: the root type is how a reader decodes the whole buffer.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/remedies.h"

namespace fbcompat {

const RuleInfo kFileSameRootType{"FILE_SAME_ROOT_TYPE", Category::Wire, Severity::Error, RuleScope::Evolution,
                                 "The root_type must not change: it decides how every buffer is decoded."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  const std::string& before = context.old_schema.root_type;
  const std::string& after = context.new_schema.root_type;
  if (before.empty() || context.matching.same(before, after)) return;
  const bool removed = after.empty();
  const Schema& schema = removed ? context.old_schema : context.new_schema;
  const SourceLocation& at = removed ? context.old_schema.root_type_location : context.new_schema.root_type_location;
  Finding& finding = sink.report(kFileSameRootType, "root_type", schema, at,
              removed ? fmt::format("root_type {} was removed. Readers generated from the new schema have no root "
                                    "accessor or verifier for buffers written with the old one.",
                                    unqualified_name(before))
                      : fmt::format("the root_type changed from {} to {}. Every buffer written with the old schema "
                                    "holds a {} at its root, which readers now decode as a {}.",
                                    unqualified_name(before), unqualified_name(after), unqualified_name(before), unqualified_name(after)),
              fmt::format("restore `root_type {};`", unqualified_name(before)));
  // The name as the root file's namespace reads it: unqualified where the old root shares the new one's
  // namespace (or the file's), qualified otherwise.
  const std::string& name_space = context.new_schema.namespaces.empty() ? "" : context.new_schema.namespaces.back();
  const bool same_namespace = removed ? before.rfind(name_space + ".", 0) == 0 || before.find('.') == std::string::npos
                                      : before.substr(0, before.rfind('.') + 1) == after.substr(0, after.rfind('.') + 1);
  finding.remedy = context.new_schema.find_composite(before) == nullptr
                       ? no_remedy(fmt::format("{} is no longer declared: restore it first", unqualified_name(before)))
                       : set_statement(Remedy::Kind::SetRootType, removed ? context.new_schema.files.front() : std::string(),
                                       same_namespace ? unqualified_name(before) : before);
}

}  // namespace

extern const EvolutionRule kFileSameRootTypeRule{kFileSameRootType, check};

}  // namespace fbcompat
