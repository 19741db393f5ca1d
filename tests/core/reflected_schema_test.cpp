// ReflectedSchema::renders_plainly and to_json's union check: each kind of field the walk plan visits
// (buffer_walk_plan.h), a value that would not render as itself in each place, and union values
// whose type is NONE or unknown.
#include <boost/test/unit_test.hpp>

#include <flatbuffers/reflection.h>

#include "fbcompat/core/reflected_schema.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

constexpr const char* kSchema = R"(namespace t;
struct Point { x: float; y: float; }
struct Ids { a: int; b: int; }
struct Box { lo: Point; hi: Point; }
table Leaf { weight: double; label: string; }
table Other { n: int; }
union Node { Leaf, Other }
table Root {
  count: int;
  scale: float;
  name: string;
  tags: [string];
  values: [double];
  singles: [float];
  origin: Point;
  box: Box;
  ids: [Ids];
  points: [Point];
  node: Node;
  nodes: [Leaf];
  many: [Node];
}
root_type Root;
)";

constexpr const char* kPlain = R"({"count": 3, "scale": 1.5, "name": "ok", "tags": ["a", "b c"], "values": [1.0, -2.5],
  "singles": [0.5], "origin": {"x": 1, "y": 2}, "box": {"lo": {"x": 0, "y": 0}, "hi": {"x": 1, "y": 1}}, "ids": [{"a": 1, "b": 2}], "points": [{"x": 1, "y": 2}],
  "node_type": "Leaf", "node": {"weight": 2.0, "label": "x"}, "nodes": [{"weight": 1}, {"label": "y"}],
  "many_type": ["Other", "Leaf"], "many": [{"n": 1}, {"weight": 0.5}]})";

struct Fixture {
  TempDir dir;
  std::shared_ptr<const ReflectedSchema> schema;

  Fixture() {
    auto loaded = ReflectedSchema::load(dir.write("t.fbs", kSchema));
    BOOST_TEST_REQUIRE(loaded.ok(), (loaded.ok() ? "" : loaded.error().to_string()));
    schema = loaded.value();
  }

  std::vector<std::uint8_t> encode(const std::string& json) const {
    auto buffer = schema->encode_json(json, "test.json");
    BOOST_TEST_REQUIRE(buffer.ok(), (buffer.ok() ? "" : buffer.error().to_string()));
    BOOST_TEST_REQUIRE(schema->verify(buffer->data(), buffer->size()));
    return std::move(buffer).value();
  }

  bool plain(const std::string& json) const { return schema->renders_plainly(encode(json).data()); }

  // The buffer of kPlain with the type of its union vector's element `i` set to `type_id`.
  std::vector<std::uint8_t> with_many_type(flatbuffers::uoffset_t i, std::uint8_t type_id) const {
    std::vector<std::uint8_t> buffer = encode(kPlain);
    const reflection::Field* field = schema->root().fields()->LookupByKey("many_type");
    BOOST_TEST_REQUIRE(field != nullptr);
    auto* root = flatbuffers::GetMutableRoot<flatbuffers::Table>(buffer.data());
    root->GetPointer<flatbuffers::Vector<std::uint8_t>*>(field->offset())->Mutate(i, type_id);
    return buffer;
  }

  // The buffer of kPlain with its node's union type set to `type_id`.
  std::vector<std::uint8_t> with_node_type(std::uint8_t type_id) const {
    std::vector<std::uint8_t> buffer = encode(kPlain);
    const reflection::Field* field = schema->root().fields()->LookupByKey("node_type");
    BOOST_TEST_REQUIRE(field != nullptr);
    auto* root = flatbuffers::GetMutableRoot<flatbuffers::Table>(buffer.data());
    BOOST_TEST_REQUIRE(root->SetField<std::uint8_t>(field->offset(), type_id, 0));
    return buffer;
  }
};

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  BOOST_TEST_REQUIRE(at != std::string::npos, from);
  return text.replace(at, from.size(), to);
}

}  // namespace

BOOST_FIXTURE_TEST_SUITE(reflected_schema, Fixture)

BOOST_AUTO_TEST_CASE(a_buffer_of_ordinary_values_renders_plainly) {
  BOOST_TEST(plain(kPlain));
  BOOST_TEST(plain("{}"));
  const std::vector<std::uint8_t> buffer = encode(kPlain);
  BOOST_TEST(schema->to_json(buffer.data()).ok());
}

BOOST_AUTO_TEST_CASE(a_value_that_would_not_render_as_itself_is_found_wherever_it_is) {
  // Each case changes one value of kPlain: a table's float, string, vectors of either, a struct, a
  // struct in a struct, a vector of structs, a table through a union and through a vector
  // of unions, and a vector of tables.
  const std::vector<std::pair<std::string, std::string>> changes = {
      {R"("scale": 1.5)", R"("scale": nan)"},
      {R"("scale": 1.5)", R"("scale": inf)"},
      {R"("name": "ok")", R"("name": "\u0001")"},
      {R"("name": "ok")", R"("name": "caf\u00e9")"},
      {R"("tags": ["a", "b c"])", R"("tags": ["a", "b\tc"])"},
      {R"("values": [1.0, -2.5])", R"("values": [1.0, -inf])"},
      {R"("singles": [0.5])", R"("singles": [0.5, nan])"},
      {R"("hi": {"x": 1, "y": 1})", R"("hi": {"x": 1, "y": inf})"},
      {R"("origin": {"x": 1, "y": 2})", R"("origin": {"x": 1, "y": nan})"},
      {R"("points": [{"x": 1, "y": 2}])", R"("points": [{"x": 1, "y": 2}, {"x": inf, "y": 0}])"},
      {R"("weight": 2.0, "label": "x")", R"("weight": nan, "label": "x")"},
      {R"("weight": 2.0, "label": "x")", R"("weight": 2.0, "label": "\u007f")"},
      {R"("nodes": [{"weight": 1}, {"label": "y"}])", R"("nodes": [{"weight": 1}, {"weight": -inf}])"},
      {R"({"weight": 0.5}])", R"({"weight": nan}])"},
  };
  for (const auto& [from, to] : changes) BOOST_TEST(!plain(replaced(kPlain, from, to)), to);
}

BOOST_AUTO_TEST_CASE(integers_and_structs_of_integers_always_render_plainly) {
  BOOST_TEST(plain(replaced(kPlain, R"("count": 3)", R"("count": -2147483648)")));
  BOOST_TEST(plain(replaced(kPlain, R"("ids": [{"a": 1, "b": 2}])", R"("ids": [{"a": -1, "b": 2147483647}])")));
}

BOOST_AUTO_TEST_CASE(a_union_value_without_a_known_type_neither_renders_nor_turns_into_json) {
  BOOST_TEST(schema->renders_plainly(with_node_type(1).data()));  // Leaf, as written
  for (const std::uint8_t type_id : {std::uint8_t{0}, std::uint8_t{3}, std::uint8_t{255}}) {
    const std::vector<std::uint8_t> buffer = with_node_type(type_id);
    BOOST_TEST(!schema->renders_plainly(buffer.data()), int(type_id));
    const auto json = schema->to_json(buffer.data());
    BOOST_TEST_REQUIRE(!json.ok(), int(type_id));
    BOOST_TEST(json.error().message.find("union value has no type (NONE), one its union does not have") !=
                   std::string::npos,
               json.error().message);
  }
}

BOOST_AUTO_TEST_CASE(an_element_of_a_union_vector_without_a_known_type_neither_renders_nor_turns_into_json) {
  BOOST_TEST(schema->renders_plainly(with_many_type(1, 1).data()));  // Leaf, as written
  for (const std::uint8_t type_id : {std::uint8_t{0}, std::uint8_t{3}, std::uint8_t{200}}) {
    const std::vector<std::uint8_t> buffer = with_many_type(1, type_id);
    BOOST_TEST(!schema->renders_plainly(buffer.data()), int(type_id));
    BOOST_TEST(!schema->to_json(buffer.data()).ok(), int(type_id));
  }
}

BOOST_AUTO_TEST_SUITE_END()

// flatbuffers' text generator reads a nested flatbuffer's bytes, or a FlexBuffer's, without verifying
// them (garbage ones crashed it): to_json refuses such a schema, naming the field, and nothing takes
// such a buffer for plain.
BOOST_AUTO_TEST_SUITE(reflected_schema_nested_buffers)

BOOST_AUTO_TEST_CASE(a_schema_with_a_nested_flatbuffer_or_a_flexbuffer_is_not_turned_into_json) {
  const auto schema_with = [](const TempDir& dir, const std::string& attributes) {
    auto loaded = ReflectedSchema::load(dir.write("n.fbs", "namespace n;\ntable Inner { x: int; }\ntable Outer { blob: [ubyte]" +
                                                               attributes + "; }\nroot_type Outer;\n"));
    BOOST_TEST_REQUIRE(loaded.ok(), (loaded.ok() ? "" : loaded.error().to_string()));
    return loaded.value();
  };
  // Bytes that are neither a flatbuffer nor a FlexBuffer, written with the same table without the attribute.
  TempDir plain_dir;
  auto buffer = schema_with(plain_dir, "")->encode_json(R"({"blob": [255, 255, 255, 127, 1, 2, 3, 4, 250, 251, 252, 253]})", "n.json");
  BOOST_TEST_REQUIRE(buffer.ok(), (buffer.ok() ? "" : buffer.error().to_string()));
  for (const std::string attribute : {"nested_flatbuffer: \"Inner\"", "flexbuffer"}) {
    TempDir dir;
    const auto schema = schema_with(dir, " (" + attribute + ")");
    BOOST_TEST_REQUIRE(schema->verify(buffer->data(), buffer->size()));
    const auto json = schema->to_json(buffer->data());
    BOOST_TEST_REQUIRE(!json.ok(), attribute);
    BOOST_TEST(json.error().message.find("n.Outer.blob holds a nested flatbuffer or a FlexBuffer") != std::string::npos,
               json.error().message);
    BOOST_TEST(!schema->renders_plainly(buffer->data()), attribute);
  }
}

BOOST_AUTO_TEST_SUITE_END()
