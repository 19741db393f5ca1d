// FILE_SAME_ROOT_TYPE: the root type is how a reader decodes the whole buffer.
#include <fmt/format.h>

#include "evolution/evolution_context.h"

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
  sink.report(kFileSameRootType, "root_type", schema, at,
              removed ? fmt::format("root_type {} was removed. Readers generated from the new schema have no root "
                                    "accessor or verifier for buffers written with the old one.",
                                    unqualified_name(before))
                      : fmt::format("the root_type changed from {} to {}. Every buffer written with the old schema "
                                    "holds a {} at its root, which readers now decode as a {}.",
                                    unqualified_name(before), unqualified_name(after), unqualified_name(before), unqualified_name(after)),
              fmt::format("restore `root_type {};`", unqualified_name(before)));
}

}  // namespace

extern const EvolutionRule kFileSameRootTypeRule{kFileSameRootType, check};

}  // namespace fbcompat
