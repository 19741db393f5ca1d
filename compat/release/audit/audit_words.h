// Words the audit's renderings share, so text, Markdown and JSON describe things the same way.
#pragma once

#include <optional>
#include <string>

#include "fbcompat/release/audit.h"

namespace fbcompat::audit_words {

// "writer v0.1.0 -> v0.2.0"
std::string transition_name(const AuditReport& report, const Transition& transition);
// "v1.1.0 (1.1.0 .. 1.4.1)" or "v1.5.0-dev (unreleased)"
std::string version_label(const HistoryVersion& version);
// "v1.1.0 (1.1.0)", or "-" for none
std::string version_at(const AuditReport& report, const std::optional<std::size_t>& version);
// The first error's message, shortened to a clause, for a matrix cell: "XNNDepthToSpace2d (type id 48) unknown"
// `errors`: how many errors there were in all, when `findings` holds only some of them.
std::string short_reason(const std::vector<Finding>& findings, std::size_t errors = 0);
// Whether `capacity` is the writer's view of a union the reader schema's capacity shows too: a union is
// shown once, as the runtime reads it.
bool shown_by_reader(const AuditReport& report, const UnionCapacity& capacity);

}  // namespace fbcompat::audit_words
