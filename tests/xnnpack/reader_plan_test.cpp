// plan_reader's record of which tables a union can be reached from, and the union walk that follows it
// (known_union_members.h), on a schema whose only way to its union runs through a cycle of tables.
#include <boost/test/unit_test.hpp>

#include <flatbuffers/reflection.h>

#include "fbcompat/core/reflected_schema.h"
#include "payload/known_union_members.h"
#include "payload/reader_plan.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

// Objects are indexed by name: A, B, Holder, Leaf, Root. A and B refer to each other, and only A leads
// on to the union, so a walk that settles B while A is still open must not decide that B reaches nothing.
constexpr const char* kCycleSchema = R"(namespace t;
table Leaf { x: int; }
union U { Leaf }
table Holder { u: U; }
table A { b: B; holder: Holder; }
table B { a: A; }
table Root { b: B; }
root_type Root;
)";

constexpr const char* kBuffer = R"({"b": {"a": {"holder": {"u_type": "Leaf", "u": {"x": 1}}}}})";

std::shared_ptr<const ReflectedSchema> load(const TempDir& dir) {
  auto loaded = ReflectedSchema::load(dir.write("cycle.fbs", kCycleSchema));
  BOOST_TEST_REQUIRE(loaded.ok(), (loaded.ok() ? "" : loaded.error().to_string()));
  return loaded.value();
}

std::int32_t object_index(const ReflectedSchema& schema, const char* name) {
  const auto* objects = schema.schema().objects();
  for (flatbuffers::uoffset_t i = 0; i < objects->size(); ++i) {
    if (objects->Get(i)->name()->str() == name) return static_cast<std::int32_t>(i);
  }
  BOOST_FAIL(std::string("no object ") + name);
  return -1;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(reader_plan)

BOOST_AUTO_TEST_CASE(a_union_reached_only_through_a_cycle_is_reached_from_every_table_of_the_cycle) {
  TempDir dir;
  const auto schema = load(dir);
  const auto plan = plan_reader(schema, *schema);
  for (const char* name : {"t.A", "t.B", "t.Holder", "t.Root"}) {
    BOOST_TEST(plan->reaches_union[static_cast<std::size_t>(object_index(*schema, name))], name);
  }
  BOOST_TEST(!plan->reaches_union[static_cast<std::size_t>(object_index(*schema, "t.Leaf"))]);
}

BOOST_AUTO_TEST_CASE(an_unknown_member_below_the_cycle_is_found) {
  TempDir dir;
  const auto schema = load(dir);
  const auto plan = plan_reader(schema, *schema);
  auto buffer = schema->encode_json(kBuffer, "cycle.json");
  BOOST_TEST_REQUIRE(buffer.ok(), (buffer.ok() ? "" : buffer.error().to_string()));
  BOOST_TEST(union_members_known(*plan, buffer->data()));

  // Root.b.a.holder.u_type, set to a type id U does not have.
  const auto* objects = schema->schema().objects();
  const auto field = [&](const char* object, const char* name) {
    return objects->Get(static_cast<flatbuffers::uoffset_t>(object_index(*schema, object)))->fields()->LookupByKey(name)->offset();
  };
  auto* root = flatbuffers::GetMutableRoot<flatbuffers::Table>(buffer->data());
  auto* b = root->GetPointer<flatbuffers::Table*>(field("t.Root", "b"));
  auto* a = b->GetPointer<flatbuffers::Table*>(field("t.B", "a"));
  auto* holder = a->GetPointer<flatbuffers::Table*>(field("t.A", "holder"));
  BOOST_TEST_REQUIRE(holder->SetField<std::uint8_t>(field("t.Holder", "u_type"), 7, 0));
  BOOST_TEST(!union_members_known(*plan, buffer->data()));
}

BOOST_AUTO_TEST_SUITE_END()
