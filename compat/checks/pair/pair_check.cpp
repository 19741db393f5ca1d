// The pair walker: from the writer's root, every table, field, struct, enum and union member the writer
// can emit, each looked up in the reader the way generated reader code would: tables by slot, unions by
// type id, enums by number.
#include "fbcompat/checks/pair.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include <fmt/format.h>

#include "evolution/declaration_matching.h"
#include "evolution/field_pairs.h"
#include "evolution/remedies.h"
#include "evolution/union_messages.h"
#include "evolution/default_values.h"
#include "evolution/wire_compatibility.h"
#include "pair/pair_rules.h"
#include "fbcompat/core/finding_sink.h"

namespace fbcompat {
namespace {

using namespace pair_rules;


const Field* reader_field_at_slot(const Composite& table, std::uint16_t slot) {
  for (const Field& field : table.fields) {
    if (field.slot == slot) return &field;
  }
  return nullptr;
}

class PairWalker {
 public:
  PairWalker(const Schema& writer, const Schema& reader, FindingSink& sink)
      : writer_(writer), reader_(reader), matching_(writer, reader), wire_(writer, reader, matching_), sink_(sink) {}

  void check_identifier(const PairOptions& options) {
    const std::string& stamped = writer_.file_identifier;
    if (stamped.empty() || stamped == reader_.file_identifier) return;
    const auto& accepted = options.accepted_identifiers;
    if (std::find(accepted.begin(), accepted.end(), stamped) != accepted.end()) return;
    std::string accepted_list = reader_.file_identifier.empty() ? "" : "\"" + reader_.file_identifier + "\"";
    for (const std::string& identifier : accepted) accepted_list += (accepted_list.empty() ? "\"" : ", \"") + identifier + "\"";
    report(kIdentifierNotAccepted, "file_identifier", writer_.file_identifier_location,
           fmt::format("the writer stamps file_identifier \"{}\", which the reader does not accept ({}). Readers that "
                       "check the identifier reject every buffer this writer produces.",
                       stamped, accepted_list.empty() ? "it accepts none" : "it accepts " + accepted_list),
           fmt::format("make the reader accept \"{}\" (--accept-identifier {} or the family's accepted identifiers), "
                       "or stamp an identifier it accepts",
                       stamped, stamped));
  }

  void walk() {
    if (writer_.root_type.empty()) {
      for (const Composite& composite : writer_.composites) {
        if (composite.is_struct) continue;
        if (const Composite* reader_table = reader_.find_composite(composite.name)) visit_table(composite, *reader_table);
      }
      return;
    }
    const Composite* writer_root = writer_.find_composite(writer_.root_type);
    const Composite* reader_root = reader_.root_type.empty() ? reader_.find_composite(writer_.root_type)
                                                             : reader_.find_composite(reader_.root_type);
    if (writer_root == nullptr) return;
    if (reader_root == nullptr) {
      report(kRootTypeMismatch, "root_type", writer_.root_type_location,
             fmt::format("the writer's root table {} has no counterpart in the reader, which {}.",
                         unqualified_name(writer_.root_type),
                         reader_.root_type.empty() ? "declares no root_type" : "roots at " + reader_.root_type),
             fmt::format("give the reader `root_type {};`", unqualified_name(writer_.root_type)));
      return;
    }
    std::string reason;
    if (writer_root->name != reader_root->name && !wire_.declarations(writer_root->name, reader_root->name, &reason)) {
      report(kRootTypeMismatch, "root_type", writer_.root_type_location,
             fmt::format("the writer roots buffers at {} and the reader decodes them as {}, which is laid out "
                         "differently ({}).",
                         unqualified_name(writer_root->name), unqualified_name(reader_root->name), reason),
             fmt::format("use the same root table in both schemas ({})", unqualified_name(writer_root->name)));
      return;
    }
    visit_table(*writer_root, *reader_root);
  }

 private:
  Finding& report(const RuleInfo& rule, std::string subject, const SourceLocation& at, std::string message,
                  std::string fix) {
    return sink_.report(rule, std::move(subject), writer_, at, std::move(message), std::move(fix));
  }

  // The reader's declaration `name` given `text` after its last member (the reader catching up with its
  // writer): in the reader's file, so that --fix edits the reader.
  Remedy add_to_reader(const std::string& name, const SourceLocation& where, const std::string& member,
                       std::string text, const std::string& last, std::size_t order) const {
    Remedy remedy;
    remedy.kind = Remedy::Kind::Restore;
    remedy.file = reader_.file_of(where);
    remedy.declaration = name;
    remedy.member = member;
    remedy.text = std::move(text);
    remedy.after = last;
    remedy.order = order;
    remedy.comment = "added by fbcompat: the writer emits it";
    return remedy;
  }

  std::string reader_place(const SourceLocation& at) const {
    const std::string& file = reader_.file_of(at);
    return at.line != 0 ? fmt::format("{}:{}", file, at.line) : file;
  }

  void visit_table(const Composite& writer_table, const Composite& reader_table) {
    if (!visited_.insert({&writer_table, &reader_table}).second) return;
    if (same_content(writer_table, reader_table)) {
      // Nothing in the table itself can differ; what its fields refer to still might.
      for (const Field& field : writer_table.fields) {
        if (!field.deprecated && !field.type.ref.empty()) visit_type(writer_table.name + "." + field.name, field, field_in(reader_table, field));
      }
      return;
    }
    for (const Field& field : writer_table.fields) {
      if (field.deprecated) continue;  // the writer never emits it
      visit_field(writer_table, field, reader_table);
    }
    for (const Field& reader_field : reader_table.fields) {
      if (!reader_field.required) continue;
      const Field* written = reader_field_at_slot(writer_table, reader_field.slot);
      if (written != nullptr && !written->deprecated) continue;
      Finding& finding = report(kRequiredNotWritten, writer_table.name + "." + reader_field.name, writer_table.location,
             fmt::format("the reader requires {}.{} (slot {}, {}), which the writer {}. The reader's verifier "
                         "rejects every {} the writer produces.",
                         unqualified_name(reader_table.name), reader_field.name, reader_field.slot, reader_place(reader_field.location),
                         written == nullptr ? "does not have" : "has deprecated", unqualified_name(writer_table.name)),
             fmt::format("drop `required` from {} in the reader, or have the writer write it", reader_field.name));
      if (reader_field.attributes.count("required") != 0) {
        finding.remedy.kind = Remedy::Kind::DropAttribute;
        finding.remedy.file = reader_.file_of(reader_field.location);
        finding.remedy.declaration = reader_table.name;
        finding.remedy.member = reader_field.name;
        finding.remedy.text = "required";
      }
    }
  }

  void visit_field(const Composite& writer_table, const Field& field, const Composite& reader_table) {
    const std::string subject = writer_table.name + "." + field.name;
    const Field* reader_field = reader_field_at_slot(reader_table, field.slot);
    const Field* same_name = reader_table.find_field(field.name);
    if (same_name != nullptr && same_name->slot != field.slot) {
      const Field* there = reader_field_at_slot(writer_table, same_name->slot);
      report(kFieldSlotMismatch, subject, field.location,
             fmt::format("the writer puts {} in slot {} and the reader reads it from slot {} ({}). The reader finds "
                         "{} where it looks, and the writer's value is lost.",
                         field.name, field.slot, same_name->slot, reader_place(same_name->location),
                         there != nullptr ? "the writer's " + there->name : std::string("nothing")),
             fmt::format("give {} the same slot in both schemas (same field order, or the same `id`)", field.name));
      return;
    }
    if (reader_field == nullptr) {
      Finding& finding = report(kFieldMissing, subject, field.location,
             fmt::format("the writer emits {}.{} (slot {}), which the reader's {} does not have: the reader silently "
                         "ignores it.",
                         unqualified_name(writer_table.name), field.name, field.slot, unqualified_name(reader_table.name)),
             fmt::format("add `{}: {}` to the reader's {} at slot {}, or stop writing it (deprecate it in the writer)",
                         field.name, type_to_string(field.type), unqualified_name(reader_table.name), field.slot));
      // Added at the reader's end when that is the writer's slot and the reader knows its type.
      const std::uint16_t first_slot = field.type.base == BaseType::Union ? field.slot - 1 : field.slot;
      const bool known_type = field.type.ref.empty() || reader_.find_composite(field.type.ref) != nullptr ||
                              reader_.find_enum(field.type.ref) != nullptr;
      if (first_slot == next_slot(reader_table) && known_type && !reader_table.fields.empty() &&
          reader_table.find_field(field.name) == nullptr) {
        finding.remedy = add_to_reader(reader_table.name, reader_table.location, field.name, field_declaration(field),
                                       last_written(reader_table), field.slot);
        next_slot_[&reader_table] = static_cast<std::uint16_t>(field.slot + 1);
      }
      return;
    }
    if (reader_field->deprecated) {
      report(kFieldDeprecatedInReader, subject, field.location,
             fmt::format("the writer emits {} (slot {}), which the reader has deprecated ({}): the value is written "
                         "and then ignored.",
                         field.name, field.slot, reader_place(reader_field->location)),
             fmt::format("deprecate {} in the writer too", field.name));
      return;
    }
    if (!visit_type(subject, field, *reader_field)) return;
    if (reader_field->name != field.name) {
      report(kFieldNameMismatch, subject, field.location,
             fmt::format("slot {} of {} is named {} by the writer and {} by the reader ({}). Binary data is "
                         "unaffected; JSON written by one does not parse with the other.",
                         field.slot, unqualified_name(writer_table.name), field.name, reader_field->name,
                         reader_place(reader_field->location)),
             fmt::format("use one name for slot {} in both schemas", field.slot));
    }
    if (is_scalar(field.type.base) && !same_default(field, *reader_field)) {
      report(kFieldDefaultMismatch, subject, field.location,
             fmt::format("{} defaults to {} in the writer and {} in the reader ({}). The writer leaves out a value "
                         "equal to its default, and the reader then reads its own default instead.",
                         field.name, field.optional ? "null" : field.default_value,
                         reader_field->optional ? "null" : reader_field->default_value,
                         reader_place(reader_field->location)),
             fmt::format("use the same default for {} in both schemas", field.name));
    }
  }

  // Compares a field's type and descends into what it refers to. False when the types differ.
  bool visit_type(const std::string& subject, const Field& field, const Field& reader_field) {
    const Type& type = field.type;
    const Type& reader_type = reader_field.type;
    std::string reason;
    const bool same_shape = WireCompatibility::same_shape(type, reader_type);
    if (!same_shape || !wire_.types(type, reader_type, &reason)) {
      // When the shapes agree, the reason says what differs inside (a struct's layout, a table's slot).
      const std::string inside = same_shape && !reason.empty() ? ": " + reason : std::string();
      const std::string names =
          reader_field.name == field.name ? field.name : fmt::format("slot {} ({} / {})", field.slot, field.name, reader_field.name);
      report(kFieldTypeMismatch, subject, field.location,
             fmt::format("{} is {} in the writer and {} in the reader ({}){}. The reader misreads every value the "
                         "writer stores there.",
                         names, type_to_string(type), type_to_string(reader_type),
                         reader_place(reader_field.location), inside),
             fmt::format("give {} the same type in both schemas", field.name));
      return false;
    }
    const BaseType kind = type.base == BaseType::Vector || type.base == BaseType::Array ? type.element : type.base;
    if (type.ref.empty()) return true;
    if (kind == BaseType::Union) {
      visit_union(*writer_.find_enum(type.ref), *reader_.find_enum(reader_type.ref));
    } else if (kind == BaseType::Struct && type.ref_is_table) {
      visit_table(*writer_.find_composite(type.ref), *reader_.find_composite(reader_type.ref));
    } else if (kind == BaseType::Struct) {
      visit_struct(subject, *writer_.find_composite(type.ref), *reader_.find_composite(reader_type.ref));
    } else if (const Enum* writer_enum = writer_.find_enum(type.ref)) {
      if (const Enum* reader_enum = reader_.find_enum(reader_type.ref)) visit_enum(*writer_enum, *reader_enum);
    }
    return true;
  }

  // The slot after the reader table's last, counting fields this walk has already added to it.
  std::uint16_t next_slot(const Composite& table) {
    const auto added = next_slot_.find(&table);
    if (added != next_slot_.end()) return added->second;
    std::uint16_t next = 0;
    for (const Field& field : table.fields) next = std::max<std::uint16_t>(next, field.slot + 1);
    return next;
  }

  // The reader table's field declared last (in slot order for a table without ids).
  static std::string last_written(const Composite& table) {
    const Field* last = &table.fields.front();
    for (const Field& field : table.fields) {
      if (field.location.line > last->location.line) last = &field;
    }
    return last->name;
  }

  // The reader's field at the writer field's slot, for tables known to be the same.
  static const Field& field_in(const Composite& reader_table, const Field& field) {
    return *reader_field_at_slot(reader_table, field.slot);
  }

  void visit_struct(const std::string& subject, const Composite& writer_struct, const Composite& reader_struct) {
    if (!visited_.insert({&writer_struct, &reader_struct}).second) return;
    std::string reason;
    if (wire_.declarations(writer_struct.name, reader_struct.name, &reason)) {
      // Same bytes; the structs' own fields may still be named differently, which only JSON sees.
      return;
    }
    report(kStructLayoutMismatch, writer_struct.name, writer_struct.location,
           fmt::format("struct {} (used by {}) is laid out differently in the reader ({}): {}. Structs are stored "
                       "inline, so every value the writer stores is misread.",
                       unqualified_name(writer_struct.name), subject, reader_place(reader_struct.location), reason),
           fmt::format("make struct {} identical in both schemas", unqualified_name(writer_struct.name)));
  }

  void visit_enum(const Enum& writer_enum, const Enum& reader_enum) {
    if (!visited_.insert({&writer_enum, &reader_enum}).second) return;
    if (same_content(writer_enum, reader_enum)) return;
    std::int64_t highest_added = reader_enum.values.empty() ? 0 : reader_enum.values.back().value;
    for (const EnumValue& value : writer_enum.values) {
      const std::string subject = writer_enum.name + "." + value.name;
      const EnumValue* at_number = reader_enum.find_number(value.value);
      if (at_number == nullptr) {
        const EnumValue* same_name = reader_enum.find_value(value.name);
        Finding& finding = report(kEnumValueMissing, subject, value.location,
               same_name != nullptr
                   ? fmt::format("the writer stores {} as {} and the reader knows it as {}: the reader takes the "
                                 "writer's {} for an unknown value.",
                                 value.name, writer_enum.number_to_string(value.value),
                                 reader_enum.number_to_string(same_name->value), value.name)
                   : fmt::format("the writer can store {} ({}), which the reader's {} does not have: readers see an "
                                 "unknown value.",
                                 value.name, writer_enum.number_to_string(value.value), unqualified_name(reader_enum.name)),
               fmt::format("declare `{} = {}`{} in the reader's {}", value.name,
                           declared_value(writer_enum, value.value), bit_note(writer_enum, value.value),
                           unqualified_name(reader_enum.name)));
        // Added after the reader's values when it numbers past them (enum values ascend) and is a new name.
        if (same_name == nullptr && !reader_enum.values.empty() && value.value > highest_added) {
          finding.remedy = add_to_reader(reader_enum.name, reader_enum.location, value.name,
                                         fmt::format("{} = {}", value.name, declared_value(writer_enum, value.value)),
                                         reader_enum.values.back().name, static_cast<std::size_t>(value.value));
          highest_added = value.value;
        }
      } else if (at_number->name != value.name) {
        report(kEnumValueNameMismatch, subject, value.location,
               fmt::format("{} is named {} by the writer and {} by the reader. Binary data is unaffected; JSON "
                           "written by one does not parse with the other.",
                           writer_enum.number_to_string(value.value), value.name, at_number->name),
               fmt::format("use one name for {} in both schemas", writer_enum.number_to_string(value.value)));
      }
    }
  }

  void visit_union(const Enum& writer_union, const Enum& reader_union) {
    if (!visited_.insert({&writer_union, &reader_union}).second) return;
    std::int64_t reader_highest = 0;
    for (const EnumValue& member : reader_union.values) reader_highest = std::max(reader_highest, member.value);
    for (const EnumValue& member : writer_union.values) {
      const std::string subject = writer_union.name + "." + member.name;
      const EnumValue* at_id = reader_union.find_number(member.value);
      const EnumValue* same_name = reader_union.find_value(member.name);
      if (at_id == nullptr && same_name == nullptr) {
        Finding& finding = report(kUnionMemberMissing, subject, member.location,
               fmt::format("the writer can emit {} (type id {}, table {}), which the reader's {} does not have: it "
                           "knows type ids 1..{}. Buffers that use {} fail to verify on this reader.",
                           member.name, member.value, unqualified_name(member.table), unqualified_name(reader_union.name),
                           reader_highest, member.name),
               fmt::format("add `{}` to the reader's {} as type id {} (at the end), or use a reader built from the "
                           "writer's version",
                           member.name, unqualified_name(reader_union.name), member.value));
        // Appended to the reader when that gives it the writer's type id and the reader has its table.
        if (member.value == reader_highest + 1 && !reader_union.values.empty() &&
            reader_.find_composite(member.table) != nullptr) {
          finding.remedy = add_to_reader(reader_union.name, reader_union.location, member.name,
                                         member_declaration(member), reader_union.values.back().name,
                                         static_cast<std::size_t>(member.value));
          reader_highest = member.value;
        }
        continue;
      }
      if (at_id == nullptr || (same_name != nullptr && same_name->value != member.value)) {
        report(kUnionMemberMoved, subject, member.location,
               fmt::format("the writer stores {} as type id {} and the reader knows it as type id {}{}.", member.name,
                           member.value, same_name->value,
                           at_id != nullptr ? fmt::format(": the reader decodes the writer's {} as {}", member.name,
                                                          at_id->name)
                                            : std::string()),
               fmt::format("give {} the same type id in both schemas (same member order)", member.name));
        continue;
      }
      if (at_id->name != member.name) {
        report(kUnionMemberNameMismatch, subject, member.location,
               fmt::format("type id {} of {} is named {} by the writer and {} by the reader. Binary data is "
                           "unaffected; JSON written by one does not parse with the other.",
                           member.value, unqualified_name(writer_union.name), member.name, at_id->name),
               fmt::format("use one name for type id {} in both schemas", member.value));
      }
      visit_member_table(subject, member, *at_id);
    }
  }

  void visit_member_table(const std::string& subject, const EnumValue& member, const EnumValue& reader_member) {
    const Composite* writer_table = writer_.find_composite(member.table);
    const Composite* reader_table = reader_.find_composite(reader_member.table);
    if (writer_table == nullptr || reader_table == nullptr) return;  // string members: nothing inside
    if (writer_table->name == reader_table->name) {
      visit_table(*writer_table, *reader_table);
      return;
    }
    std::string reason;
    if (wire_.declarations(writer_table->name, reader_table->name, &reason)) return;
    report(kUnionMemberTableMismatch, subject, member.location,
           fmt::format("{} (type id {}) carries table {} in the writer and {} in the reader, which are laid out "
                       "differently ({}). The reader misreads every {} the writer emits.",
                       member.name, member.value, unqualified_name(writer_table->name), unqualified_name(reader_table->name),
                       reason, member.name),
           fmt::format("make {} carry the same table in both schemas", member.name));
  }

  const Schema& writer_;
  const Schema& reader_;
  DeclarationMatching matching_;
  WireCompatibility wire_;
  FindingSink& sink_;
  std::set<std::pair<const void*, const void*>> visited_;  // declarations already compared
  std::map<const Composite*, std::uint16_t> next_slot_;     // reader tables that --fix adds fields to
};

}  // namespace

std::vector<Finding> check_pair(const Schema& writer, const Schema& reader, const PairOptions& options) {
  std::vector<Finding> findings;
  FindingSink sink(findings);
  PairWalker walker(writer, reader, sink);
  walker.check_identifier(options);
  walker.walk();
  sort_findings(findings);
  return findings;
}

const std::vector<const RuleInfo*>& pair_check_rules() { return pair_rules::all(); }

}  // namespace fbcompat
