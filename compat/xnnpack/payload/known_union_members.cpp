#include "payload/known_union_members.h"

namespace fbcompat {
namespace {

namespace fb = flatbuffers;

// As reflection's VerifyUnion judges a type id: by position among the union's values, and a member
// must have its table.
bool table_known(const reflection::Schema& schema, const ReaderPlan& plan, std::int32_t index, const fb::Table& table);

bool member_known(const reflection::Schema& schema, const ReaderPlan& plan, const reflection::Field& field, std::uint8_t type_id,
                  const fb::Table* value) {
  if (type_id == 0) return true;
  const reflection::Enum& members = *schema.enums()->Get(static_cast<fb::uoffset_t>(field.type()->index()));
  if (type_id >= members.values()->size()) return false;
  const reflection::Type* member = members.values()->Get(type_id)->union_type();
  if (member->base_type() != reflection::Obj) return member->base_type() == reflection::String;
  const reflection::Object& object = *schema.objects()->Get(static_cast<fb::uoffset_t>(member->index()));
  if (object.is_struct()) return true;
  return value != nullptr && table_known(schema, plan, member->index(), *value);
}

bool table_known(const reflection::Schema& schema, const ReaderPlan& plan, std::int32_t index, const fb::Table& table) {
  if (!plan.reaches_union[static_cast<std::size_t>(index)]) return true;
  const reflection::Object& object = *schema.objects()->Get(static_cast<fb::uoffset_t>(index));
  for (const reflection::Field* field : *object.fields()) {
    const reflection::Type& type = *field->type();
    switch (type.base_type()) {
      case reflection::Union: {
        const auto type_id = table.GetField<std::uint8_t>(static_cast<fb::voffset_t>(field->offset() - sizeof(fb::voffset_t)), 0);
        if (!member_known(schema, plan, *field, type_id, fb::GetFieldT(table, *field))) return false;
        break;
      }
      case reflection::Obj: {
        const reflection::Object& nested = *schema.objects()->Get(static_cast<fb::uoffset_t>(type.index()));
        const fb::Table* child = nested.is_struct() ? nullptr : fb::GetFieldT(table, *field);
        if (child != nullptr && !table_known(schema, plan, type.index(), *child)) return false;
        break;
      }
      case reflection::Vector: {
        if (type.element() == reflection::Union) {
          const auto* values = fb::GetFieldV<fb::Offset<fb::Table>>(table, *field);
          const auto* types = table.GetPointer<const fb::Vector<std::uint8_t>*>(static_cast<fb::voffset_t>(field->offset() - sizeof(fb::voffset_t)));
          if (values == nullptr) break;
          if (types == nullptr || types->size() != values->size()) return false;
          for (fb::uoffset_t i = 0; i < values->size(); ++i) {
            if (!member_known(schema, plan, *field, types->Get(i), values->Get(i))) return false;
          }
          break;
        }
        if (type.element() != reflection::Obj) break;
        const reflection::Object& nested = *schema.objects()->Get(static_cast<fb::uoffset_t>(type.index()));
        if (nested.is_struct() || !plan.reaches_union[static_cast<std::size_t>(type.index())]) break;
        const auto* children = fb::GetFieldV<fb::Offset<fb::Table>>(table, *field);
        if (children == nullptr) break;
        for (const fb::Table* child : *children) {
          if (!table_known(schema, plan, type.index(), *child)) return false;
        }
        break;
      }
      default:
        break;
    }
  }
  return true;
}

}  // namespace

bool union_members_known(const ReflectedSchema& schema, const ReaderPlan& plan, const std::uint8_t* verified_buffer) {
  return table_known(schema.schema(), plan, static_cast<std::int32_t>(plan.root), *fb::GetAnyRoot(verified_buffer));
}

}  // namespace fbcompat
