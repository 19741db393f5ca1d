#include "payload/reader_plan.h"

#include <map>
#include <string>

#include "payload/schema_fingerprint.h"

namespace fbcompat {
namespace {

namespace fb = flatbuffers;

// The objects and enums a field's type names: its table or struct, or its union's.
struct Referred {
  const reflection::Object* object = nullptr;
  const reflection::Enum* union_ = nullptr;
};

Referred referred(const reflection::Schema& schema, const reflection::Type& type) {
  const reflection::BaseType base = type.base_type() == reflection::Vector ? type.element() : type.base_type();
  if (type.index() < 0) return {};
  if (base == reflection::Obj) return {schema.objects()->Get(static_cast<fb::uoffset_t>(type.index())), nullptr};
  if (base == reflection::Union) return {nullptr, schema.enums()->Get(static_cast<fb::uoffset_t>(type.index()))};
  return {};
}

// Which objects a union can be reached from, through any chain of table, struct and vector fields.
// Worked out to a fixed point rather than depth first: a depth-first walk that treats an object on the
// current path as reaching nothing would settle, for good, that an object in a cycle reaches nothing
// when the union is reached only through the cycle's entry (A -> B -> A, A -> C holding a union:
// B settled before A finds C).
std::vector<bool> objects_reaching_unions(const reflection::Schema& schema) {
  const auto* objects = schema.objects();
  std::vector<bool> reaches(objects->size(), false);
  for (bool changed = true; changed;) {
    changed = false;
    for (fb::uoffset_t i = 0; i < objects->size(); ++i) {
      if (reaches[i]) continue;
      for (const reflection::Field* field : *objects->Get(i)->fields()) {
        const Referred to = referred(schema, *field->type());
        if (to.union_ != nullptr ||
            (to.object != nullptr && reaches[static_cast<std::size_t>(field->type()->index())])) {
          reaches[i] = true;
          changed = true;
          break;
        }
      }
    }
  }
  return reaches;
}

// Whether an object of the reader and its namesake in the newest reader are the same, and so is
// everything they refer to.
class SameAsNewest {
 public:
  SameAsNewest(const reflection::Schema& reader, const reflection::Schema& newest) : reader_(reader), newest_(newest) {}

  bool object(const reflection::Object& mine) {
    const std::string name = mine.name()->str();
    if (const auto known = objects_.find(name); known != objects_.end()) return known->second;
    const reflection::Object* theirs = newest_.objects()->LookupByKey(name.c_str());
    objects_[name] = false;  // while what it refers to is compared: in a cycle, not known to be the same
    bool same = theirs != nullptr && object_fingerprint(reader_, mine) == object_fingerprint(newest_, *theirs);
    for (const reflection::Field* field : *mine.fields()) {
      if (!same) break;
      const Referred to = referred(reader_, *field->type());
      if (to.object != nullptr) same = object(*to.object);
      if (to.union_ != nullptr) same = union_(*to.union_);
    }
    objects_[name] = same;
    return same;
  }

 private:
  bool union_(const reflection::Enum& mine) {
    const reflection::Enum* theirs = newest_.enums()->LookupByKey(mine.name()->c_str());
    if (theirs == nullptr || enum_fingerprint(reader_, mine) != enum_fingerprint(newest_, *theirs)) return false;
    for (const reflection::EnumVal* member : *mine.values()) {
      const reflection::Type* type = member->union_type();
      if (type == nullptr || type->base_type() != reflection::Obj || type->index() < 0) continue;
      if (!object(*reader_.objects()->Get(static_cast<fb::uoffset_t>(type->index())))) return false;
    }
    return true;
  }

  const reflection::Schema& reader_;
  const reflection::Schema& newest_;
  std::map<std::string, bool> objects_;
};

void add_union_steps(const reflection::Schema& schema, ReaderPlan& plan) {
  const auto* objects = schema.objects();
  const auto is_table_reaching_union = [&](std::int32_t index) {
    return index >= 0 && !objects->Get(static_cast<fb::uoffset_t>(index))->is_struct() &&
           plan.reaches_union[static_cast<std::size_t>(index)];
  };
  plan.union_steps.resize(objects->size());
  for (fb::uoffset_t i = 0; i < objects->size(); ++i) {
    for (const reflection::Field* field : *objects->Get(i)->fields()) {
      const reflection::Type& type = *field->type();
      ReaderPlan::UnionStep step;
      step.offset = field->offset();
      step.index = type.index();
      if (type.base_type() == reflection::Union) {
        step.kind = ReaderPlan::UnionStep::Union;
      } else if (type.base_type() == reflection::Obj && is_table_reaching_union(type.index())) {
        step.kind = ReaderPlan::UnionStep::Table;
      } else if (type.base_type() == reflection::Vector && type.element() == reflection::Union) {
        step.kind = ReaderPlan::UnionStep::Unions;
      } else if (type.base_type() == reflection::Vector && type.element() == reflection::Obj &&
                 is_table_reaching_union(type.index())) {
        step.kind = ReaderPlan::UnionStep::Tables;
      } else {
        continue;
      }
      plan.union_steps[i].push_back(step);
    }
  }
}

}  // namespace

std::shared_ptr<const ReaderPlan> plan_reader(std::shared_ptr<const ReflectedSchema> reader, const ReflectedSchema& newest) {
  auto plan = std::make_shared<ReaderPlan>();
  const reflection::Schema& schema = reader->schema();
  plan->reaches_union = objects_reaching_unions(schema);
  SameAsNewest same(schema, newest.schema());
  for (fb::uoffset_t i = 0; i < schema.objects()->size(); ++i) {
    const reflection::Object* object = schema.objects()->Get(i);
    if (same.object(*object)) plan->same_as_newest.insert(object);
    if (object == schema.root_table()) plan->root = i;
  }
  add_union_steps(schema, *plan);
  plan->reader = std::move(reader);
  return plan;
}

}  // namespace fbcompat
