// How ReflectedSchema reads union values that flatbuffers' own reflection gets wrong: a union whose
// values are not its members' positions (union_members.h), and vectors of unions whose vector of types
// is missing or short, on which reflection's Verify would crash (buffer_walk_plan.h).
#include <boost/test/unit_test.hpp>

#include <flatbuffers/flatbuffers.h>
#include <flatbuffers/reflection.h>

#include "fbcompat/core/reflected_schema.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

namespace fb = flatbuffers;

std::shared_ptr<const ReflectedSchema> load(const TempDir& dir, const char* text) {
  auto loaded = ReflectedSchema::load(dir.write("u.fbs", text));
  BOOST_TEST_REQUIRE(loaded.ok(), (loaded.ok() ? "" : loaded.error().to_string()));
  return loaded.value();
}

std::vector<std::uint8_t> encode(const ReflectedSchema& schema, const std::string& json) {
  auto buffer = schema.encode_json(json, "u.json");
  BOOST_TEST_REQUIRE(buffer.ok(), (buffer.ok() ? "" : buffer.error().to_string()));
  return std::move(buffer).value();
}

fb::voffset_t slot(const ReflectedSchema& schema, const char* object, const char* field) {
  const reflection::Object* found = schema.find_object(object);
  BOOST_TEST_REQUIRE(found != nullptr, object);
  const reflection::Field* named = found->fields()->LookupByKey(field);
  BOOST_TEST_REQUIRE(named != nullptr, field);
  return named->offset();
}

// B's value is 3 but its position is 2; C's value is 4, its position 3.
constexpr const char* kGapSchema = R"(namespace t;
table A { n: int; }
table B { s: string; }
table C { n: int; }
union U { A = 1, B = 3, C = 4 }
table Root { u: U; }
root_type Root;
)";

constexpr const char* kVectorSchema = R"(namespace t;
table Leaf { label: string; }
table Other { n: int; }
union Node { Leaf, Other }
table Group { many: [Node]; }
table Root { many: [Node]; groups: [Group]; }
root_type Root;
)";

// A Root of kVectorSchema whose `many` (at the root, or in its one group) holds `values` Other tables,
// with a vector of `types` type ids beside it (none when `types` is negative).
std::vector<std::uint8_t> union_vector_buffer(const ReflectedSchema& schema, bool in_group, int values, int types) {
  fb::FlatBufferBuilder builder;
  std::vector<fb::Offset<void>> elements;
  for (int i = 0; i < values; ++i) {
    const auto start = builder.StartTable();
    builder.AddElement<std::int32_t>(slot(schema, "t.Other", "n"), i + 1, 0);
    elements.push_back(fb::Offset<void>(builder.EndTable(start)));
  }
  const auto elements_vector = builder.CreateVector(elements);
  const auto types_vector = builder.CreateVector(std::vector<std::uint8_t>(types < 0 ? 0 : static_cast<std::size_t>(types), 2));
  const char* holder = in_group ? "t.Group" : "t.Root";
  const auto start = builder.StartTable();
  builder.AddOffset(slot(schema, holder, "many"), elements_vector);
  if (types >= 0) builder.AddOffset(slot(schema, holder, "many_type"), types_vector);
  fb::uoffset_t table = builder.EndTable(start);
  if (in_group) {
    const auto groups = builder.CreateVector(std::vector<fb::Offset<void>>{fb::Offset<void>(table)});
    const auto root = builder.StartTable();
    builder.AddOffset(slot(schema, "t.Root", "groups"), groups);
    table = builder.EndTable(root);
  }
  builder.Finish(fb::Offset<void>(table));
  return {builder.GetBufferPointer(), builder.GetBufferPointer() + builder.GetSize()};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(reflected_schema_unions)

BOOST_AUTO_TEST_CASE(a_member_whose_value_is_its_position_is_read) {
  TempDir dir;
  const auto schema = load(dir, kGapSchema);
  const auto buffer = encode(*schema, R"({"u_type": "A", "u": {"n": 5}})");
  BOOST_TEST_REQUIRE(schema->verify(buffer.data(), buffer.size()));
  BOOST_TEST(schema->renders_plainly(buffer.data()));
  const auto json = schema->to_json(buffer.data());
  BOOST_TEST_REQUIRE(json.ok(), (json.ok() ? "" : json.error().to_string()));
  BOOST_TEST(json.value() == R"({"u_type": "A","u": {"n": 5}})");
}

// Type id 3 is B by value, but reflection's Verify checks the value as C (position 3): a C whose int
// would be read as B's string offset, far outside the buffer. Such a type id is refused, not read.
BOOST_AUTO_TEST_CASE(a_type_id_that_names_one_member_by_value_and_another_by_position_is_refused) {
  TempDir dir;
  const auto schema = load(dir, kGapSchema);
  std::vector<std::uint8_t> buffer = encode(*schema, R"({"u_type": "C", "u": {"n": 100000000}})");
  auto* root = fb::GetMutableRoot<fb::Table>(buffer.data());
  BOOST_TEST_REQUIRE(root->GetField<std::uint8_t>(slot(*schema, "t.Root", "u_type"), 0) == 4);
  BOOST_TEST(!schema->verify(buffer.data(), buffer.size()));  // 4: past C's position, as reflection says
  BOOST_TEST_REQUIRE(root->SetField<std::uint8_t>(slot(*schema, "t.Root", "u_type"), 3, 0));
  BOOST_TEST(!schema->verify(buffer.data(), buffer.size()));  // 3: reflection alone would take it as C
  const std::vector<std::uint8_t> without_value = encode(*schema, R"({"u_type": "B"})");  // 3, and no value
  BOOST_TEST(!schema->verify(without_value.data(), without_value.size()));
  BOOST_TEST(!schema->renders_plainly(buffer.data()));        // and, were it passed on unverified, not read as B
  const auto json = schema->to_json(buffer.data());
  BOOST_TEST_REQUIRE(!json.ok());
  BOOST_TEST(json.error().message.find("whose value is not its position") != std::string::npos, json.error().message);

  const UnionMembers& members = schema->union_members();
  std::int32_t u = -1;
  for (fb::uoffset_t i = 0; i < schema->schema().enums()->size(); ++i) {
    if (schema->schema().enums()->Get(i)->name()->str() == "t.U") u = static_cast<std::int32_t>(i);
  }
  BOOST_TEST_REQUIRE(u >= 0);
  BOOST_TEST(members.has_gaps(u));
  BOOST_TEST((members.member(u, 1).kind == UnionMembers::Kind::Table));
  for (const std::uint8_t type_id : {0, 2, 3, 4, 255}) {
    BOOST_TEST((members.member(u, type_id).kind == UnionMembers::Kind::Unknown), int(type_id));
  }
}

// Holder's value is 3, its position 2: reflection's Verify takes type id 2 as Holder and reaches its
// vector of unions, which has no types. The type id is refused first.
BOOST_AUTO_TEST_CASE(a_vector_of_unions_behind_a_type_id_reflection_misreads_is_refused_not_crashed_on) {
  TempDir dir;
  const auto schema = load(dir, R"(namespace t;
table Leaf { n: int; }
union Inner { Leaf }
table Holder { many: [Inner]; }
table A { n: int; }
union U { A = 1, Holder = 3 }
table Root { u: U; }
root_type Root;
)");
  fb::FlatBufferBuilder builder;
  const auto leaf_start = builder.StartTable();
  builder.AddElement<std::int32_t>(slot(*schema, "t.Leaf", "n"), 7, 0);
  const fb::Offset<void> leaf(builder.EndTable(leaf_start));
  const auto many = builder.CreateVector(std::vector<fb::Offset<void>>{leaf});
  const auto holder_start = builder.StartTable();
  builder.AddOffset(slot(*schema, "t.Holder", "many"), many);  // no many_type
  const fb::Offset<void> holder(builder.EndTable(holder_start));
  const auto root_start = builder.StartTable();
  builder.AddOffset(slot(*schema, "t.Root", "u"), holder);
  builder.AddElement<std::uint8_t>(slot(*schema, "t.Root", "u_type"), 2, 0);
  builder.Finish(fb::Offset<void>(builder.EndTable(root_start)));
  BOOST_TEST(!schema->verify(builder.GetBufferPointer(), builder.GetSize()));

  const auto written = encode(*schema, R"({"u_type": "A", "u": {"n": 1}})");
  BOOST_TEST(schema->verify(written.data(), written.size()));
}

// flatbuffers' parser accepts a string as a union member; it is read as a string, checked like any other.
BOOST_AUTO_TEST_CASE(a_string_member_is_read_as_a_string) {
  TempDir dir;
  const auto schema = load(dir, R"(namespace t;
table Leaf { n: int; }
union N { Leaf, S: string }
table Root { u: N; }
root_type Root;
)");
  const auto plain = encode(*schema, R"({"u_type": "S", "u": "hello"})");
  BOOST_TEST_REQUIRE(schema->verify(plain.data(), plain.size()));
  BOOST_TEST(schema->renders_plainly(plain.data()));
  const auto json = schema->to_json(plain.data());
  BOOST_TEST_REQUIRE(json.ok(), (json.ok() ? "" : json.error().to_string()));
  BOOST_TEST(json.value().find(R"("u": "hello")") != std::string::npos, json.value());

  const auto control = encode(*schema, R"({"u_type": "S", "u": "bell\u0007"})");
  BOOST_TEST_REQUIRE(schema->verify(control.data(), control.size()));
  BOOST_TEST(!schema->renders_plainly(control.data()));
}

BOOST_AUTO_TEST_CASE(a_vector_of_unions_with_its_types_beside_it_verifies) {
  TempDir dir;
  const auto schema = load(dir, kVectorSchema);
  for (const bool in_group : {false, true}) {
    const auto buffer = union_vector_buffer(*schema, in_group, 2, 2);
    BOOST_TEST(schema->verify(buffer.data(), buffer.size()), in_group);
    BOOST_TEST(schema->to_json(buffer.data()).ok(), in_group);
  }
}

// Reflection's Verify (flatbuffers 2.0.8 to 23.5.26) reads the types without checking they are there.
BOOST_AUTO_TEST_CASE(a_vector_of_unions_without_its_types_or_with_too_few_is_refused_not_crashed_on) {
  TempDir dir;
  const auto schema = load(dir, kVectorSchema);
  for (const bool in_group : {false, true}) {
    for (const int types : {-1, 0, 1}) {
      const auto buffer = union_vector_buffer(*schema, in_group, 2, types);
      BOOST_TEST(!schema->verify(buffer.data(), buffer.size()), "in_group " << in_group << ", types " << types);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
