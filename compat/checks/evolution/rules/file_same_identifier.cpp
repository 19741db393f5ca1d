// FILE_SAME_IDENTIFIER: readers check the 4-byte file_identifier before reading a buffer. Changing it
// or adding one makes new readers reject old buffers; removing it makes readers built from the old
// schema reject new buffers, which no longer carry it.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/remedies.h"

namespace fbcompat {

const RuleInfo kFileSameIdentifier{"FILE_SAME_IDENTIFIER", Category::Wire, Severity::Error, RuleScope::Evolution,
                                   "The file_identifier must not change: readers reject buffers that lack theirs."};

namespace {

std::string message_for(const std::string& before, const std::string& after) {
  if (before.empty()) {
    return fmt::format("file_identifier \"{}\" was added. Buffers written with the old schema carry no identifier, so "
                       "readers that check it (the verifier and BufferHasIdentifier) now reject every one of them.",
                       after);
  }
  if (after.empty()) {
    return fmt::format("file_identifier \"{}\" was removed. New buffers no longer carry it, so readers built from the "
                       "old schema, which check for it, reject every buffer written with the new one; code that "
                       "calls the generated identifier functions no longer compiles.",
                       before);
  }
  return fmt::format("the file_identifier changed from \"{}\" to \"{}\". Readers that check the identifier (the "
                     "verifier and BufferHasIdentifier) now reject every buffer written with the old schema, and "
                     "readers built from the old schema reject every new buffer.",
                     before, after);
}

void check(const EvolutionContext& context, FindingSink& sink) {
  const std::string& before = context.old_schema.file_identifier;
  const std::string& after = context.new_schema.file_identifier;
  if (before == after) return;
  // A removed identifier is shown where it was, in the old file.
  const bool removed = after.empty();
  const Schema& schema = removed ? context.old_schema : context.new_schema;
  const SourceLocation& at = schema.file_identifier_location;
  Finding& finding = sink.report(kFileSameIdentifier, "file_identifier", schema, at, message_for(before, after),
              before.empty() ? std::string("remove the file_identifier, or make readers accept buffers without one")
                             : fmt::format("restore `file_identifier \"{}\";`, or make every reader accept both "
                                           "identifiers (see `fbcompat pair --accept-identifier`)",
                                           before));
  finding.remedy = before.empty()
                       ? no_remedy("an identifier added is a choice (remove it, or make readers accept buffers "
                                   "without one) that is not guessed")
                       : set_statement(Remedy::Kind::SetIdentifier, after.empty() ? context.new_schema.files.front() : std::string(), before);
}

}  // namespace

extern const EvolutionRule kFileSameIdentifierRule{kFileSameIdentifier, check};

}  // namespace fbcompat
