// FILE_SAME_IDENTIFIER: readers check the 4-byte file_identifier before reading a buffer.
#include <fmt/format.h>

#include "rules/evolution_context.h"

namespace fbcompat {

const RuleInfo kFileSameIdentifier{"FILE_SAME_IDENTIFIER", Category::Wire, Severity::Error, RuleScope::Evolution,
                                   "The file_identifier must not change: readers reject buffers that lack theirs."};

namespace {

std::string quoted(const std::string& identifier) {
  return identifier.empty() ? std::string("none") : "\"" + identifier + "\"";
}

void check(const EvolutionContext& context, FindingSink& sink) {
  const std::string& before = context.old_schema.file_identifier;
  const std::string& after = context.new_schema.file_identifier;
  if (before == after) return;
  const SourceLocation& at = after.empty() ? context.old_schema.file_identifier_location
                                           : context.new_schema.file_identifier_location;
  const Schema& schema = after.empty() ? context.old_schema : context.new_schema;
  sink.report(kFileSameIdentifier, "file_identifier", schema, at,
              fmt::format("the file_identifier changed from {} to {}. Readers that check the identifier (the verifier "
                          "and BufferHasIdentifier) now reject every buffer written with the old schema.",
                          quoted(before), quoted(after)),
              before.empty() ? std::string("remove the file_identifier, or make readers accept buffers without one")
                             : fmt::format("restore `file_identifier \"{}\";`, or make every reader accept both "
                                           "identifiers (see `fbcompat pair --accept-identifier`)",
                                           before));
}

}  // namespace

extern const EvolutionRule kFileSameIdentifierRule{kFileSameIdentifier, check};

}  // namespace fbcompat
