#include "payload/known_union_members.h"

namespace fbcompat {
namespace {

namespace fb = flatbuffers;

using Step = ReaderPlan::UnionStep;

bool table_known(const ReaderPlan& plan, std::size_t index, const fb::Table& table);

// NONE is accepted, as reflection's Verify accepts it; any other type id must name a member
// (union_members.h), and a table member must have its table.
bool member_known(const ReaderPlan& plan, std::int32_t union_index, std::uint8_t type_id, const fb::Table* value) {
  if (type_id == 0) return true;
  const UnionMembers::Member member = plan.reader->union_members().member(union_index, type_id);
  switch (member.kind) {
    case UnionMembers::Kind::Unknown: return false;
    case UnionMembers::Kind::Struct:
    case UnionMembers::Kind::String: return true;
    case UnionMembers::Kind::Table: break;
  }
  return value != nullptr && table_known(plan, static_cast<std::size_t>(member.object), *value);
}

bool table_known(const ReaderPlan& plan, std::size_t index, const fb::Table& table) {
  if (!plan.reaches_union[index]) return true;
  for (const Step& step : plan.union_steps[index]) {
    switch (step.kind) {
      case Step::Union: {
        const auto type_id = table.GetField<std::uint8_t>(static_cast<fb::voffset_t>(step.offset - sizeof(fb::voffset_t)), 0);
        if (!member_known(plan, step.index, type_id, table.GetPointer<const fb::Table*>(step.offset))) return false;
        break;
      }
      case Step::Table: {
        const auto* child = table.GetPointer<const fb::Table*>(step.offset);
        if (child != nullptr && !table_known(plan, static_cast<std::size_t>(step.index), *child)) return false;
        break;
      }
      case Step::Unions: {
        const auto* values = table.GetPointer<const fb::Vector<fb::Offset<fb::Table>>*>(step.offset);
        const auto* types = table.GetPointer<const fb::Vector<std::uint8_t>*>(static_cast<fb::voffset_t>(step.offset - sizeof(fb::voffset_t)));
        if (values == nullptr) break;
        if (types == nullptr || types->size() != values->size()) return false;
        for (fb::uoffset_t i = 0; i < values->size(); ++i) {
          if (!member_known(plan, step.index, types->Get(i), values->Get(i))) return false;
        }
        break;
      }
      case Step::Tables: {
        const auto* children = table.GetPointer<const fb::Vector<fb::Offset<fb::Table>>*>(step.offset);
        if (children == nullptr) break;
        for (const fb::Table* child : *children) {
          if (!table_known(plan, static_cast<std::size_t>(step.index), *child)) return false;
        }
        break;
      }
    }
  }
  return true;
}

}  // namespace

bool union_members_known(const ReaderPlan& plan, const std::uint8_t* verified_buffer) {
  return table_known(plan, plan.root, *fb::GetAnyRoot(verified_buffer));
}

}  // namespace fbcompat
