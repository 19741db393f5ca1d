// FIELD_NO_DELETE: a field is deprecated, never deleted. A deprecated field keeps its slot, so no later
// field can reuse it with another type, and slots after it cannot shift.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/remedies.h"
#include "evolution/field_pairs.h"

namespace fbcompat {

const RuleInfo kFieldNoDelete{"FIELD_NO_DELETE", Category::Wire, Severity::Error, RuleScope::Evolution,
                              "A table field must not be deleted: mark it (deprecated) to keep its slot."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const CompositePair& table : context.tables) {
    for (std::size_t index : table.fields.deleted) {
      const Field& field = table.old_field(index);
      const auto displaced = table.fields.displaced_by_deletion(index);
      std::string message = fmt::format("{}{} ({}) was deleted from {}. ", field.deprecated ? "deprecated field " : "field ",
                                        field.name, slots_of(field), unqualified_name(table.new_composite.name));
      if (!displaced.empty()) {
        message += fmt::format("The fields after it were numbered by position and moved to lower slots: {}; readers "
                               "now take each of them from the slot of another field and misread all old data.",
                               list_shifts(displaced, table.fields));
      } else {
        message += fmt::format("Its {} {} now free, so a later field can take {} with another type and misread "
                               "old data that set {}; code that uses {} no longer compiles.",
                               slots_of(field), is_union_field(field) ? "are" : "is",
                               is_union_field(field) ? "them" : "it", field.name, field.name);
      }
      Field kept = field;
      kept.deprecated = true;
      kept.attributes.emplace("deprecated", "0");
      // Point at the field that now takes the slot, where the deleted one belongs; else at the table.
      const Field* now = field_at_slot(table.new_composite, field.slot);
      Finding& finding = sink.report(kFieldNoDelete, field_subject(table.new_composite, field), context.new_schema,
                  now != nullptr && now->location.known() ? now->location : table.new_composite.location, message,
                  fmt::format("restore `{};` in its old place: a deprecated field keeps its slot and loses its "
                              "accessors",
                              field_declaration(kept)));
      const std::string missing = missing_declaration(context.new_schema, field.type);
      finding.remedy = missing.empty() ? restore_field(table, index, field_declaration(kept))
                                       : no_remedy(fmt::format("its type {} is no longer declared: restore it first",
                                                               unqualified_name(missing)));
    }
  }
}

}  // namespace

extern const EvolutionRule kFieldNoDeleteRule{kFieldNoDelete, check};

}  // namespace fbcompat
