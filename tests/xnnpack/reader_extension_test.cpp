// extends_reading: which changes between two reader schemas leave everything the earlier one reads
// read alike (golden verify then keeps the earlier reader's comparison of a program's recorded fields),
// and which do not.
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "fbcompat/core/reflected_schema.h"
#include "fbcompat/xnnpack/family.h"
#include "payload/reader_extension.h"
#include "payload/schema_fingerprint.h"
#include "support/golden_support.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

constexpr const char* kEarlier = R"(namespace t;
enum Kind : short { none, small, large }
struct Point { x: int; y: int; }
table Leaf { size: uint = 3; kind: Kind; at: Point; name: string; }
union Node { Leaf }
table Root { nodes: [Node]; scale: float = 1.0; blob: [ubyte]; }
root_type Root;
)";

std::string fingerprint_of(const std::string& text) {
  TempDir dir;
  auto loaded = ReflectedSchema::load(dir.write("schema.fbs", text));
  BOOST_TEST_REQUIRE(loaded.ok(), (loaded.ok() ? "" : loaded.error().to_string()));
  return schema_fingerprint(loaded.value()->schema());
}

// kEarlier with `from` replaced by `to`.
std::string changed(const std::string& from, const std::string& to) {
  std::string text = kEarlier;
  const auto at = text.find(from);
  BOOST_TEST_REQUIRE(at != std::string::npos, from);
  text.replace(at, from.size(), to);
  return text;
}

bool extends(const std::string& later) { return extends_reading(fingerprint_of(kEarlier), fingerprint_of(later)); }

}  // namespace

BOOST_AUTO_TEST_SUITE(reader_extension)

BOOST_AUTO_TEST_CASE(a_schema_extends_itself) { BOOST_TEST(extends(kEarlier)); }

// The declarations a later reader does not keep, by name: a comparison that read through none of them
// holds for the later reader (XnnpackVersion::reads_as_previous). A changed root is "", which none does.
BOOST_AUTO_TEST_CASE(changed_declarations_name_what_a_later_reader_does_not_keep) {
  const auto changes = [](const std::string& later) { return changed_declarations(fingerprint_of(kEarlier), fingerprint_of(later)); };
  using Names = std::vector<std::string>;
  BOOST_TEST(changes(kEarlier) == Names{}, boost::test_tools::per_element());
  BOOST_TEST(changes(changed("size: uint = 3;", "size: uint = 4;")) == Names{"t.Leaf"}, boost::test_tools::per_element());
  BOOST_TEST(changes(changed("{ none, small, large }", "{ none, large, small }")) == Names{"t.Kind"},
             boost::test_tools::per_element());
  BOOST_TEST(changes(changed("struct Point { x: int; y: int; }", "struct Point { y: int; x: int; }")) == Names{"t.Point"},
             boost::test_tools::per_element());
  BOOST_TEST(changes(changed("union Node { Leaf }", "union Node { Alias: Leaf = 1, Leaf = 1 }")) == Names{"t.Node"},
             boost::test_tools::per_element());
  BOOST_TEST(changes(changed("scale: float = 1.0;", "scale: float = 2.0;")) == Names{"t.Root"}, boost::test_tools::per_element());
  BOOST_TEST(changes(changed("root_type Root;", "table Other { a: int; }\nroot_type Other;")) == Names{""},
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(additions_at_the_end_extend_the_reading) {
  BOOST_TEST(extends(changed("name: string; }", "name: string; extra: [ubyte]; }")));      // a field appended
  BOOST_TEST(extends(changed("{ none, small, large }", "{ none, small, large, huge }")));  // an enum value
  BOOST_TEST(extends(changed("union Node { Leaf }", "table Other { a: int; }\nunion Node { Leaf, Other }")));
  BOOST_TEST(extends(changed("root_type", "table Unused { b: bool; }\nroot_type")));  // a table of its own
}

// A number several names share renders as the first of them: a name put before an existing one changes
// how the value reads, though every earlier value is still there.
BOOST_AUTO_TEST_CASE(a_name_put_before_an_existing_value_does_not) {
  BOOST_TEST(!extends(changed("{ none, small, large }", "{ none, little = 1, small = 1, large }")));
  BOOST_TEST(!extends(changed("union Node { Leaf }", "union Node { Alias: Leaf = 1, Leaf = 1 }")));
}

// An attribute's value cannot pass for lines of the fingerprint: here one carries, after a line break,
// the earlier reader's line for the field whose default it changes.
BOOST_AUTO_TEST_CASE(an_attribute_value_cannot_forge_a_field) {
  const std::string earlier = fingerprint_of(kEarlier);
  const auto at = earlier.find("  field size ");
  BOOST_TEST_REQUIRE(at != std::string::npos);
  const std::string size_line = earlier.substr(at, earlier.find('\n', at) - at);
  std::string later = changed("size: uint = 3;", "size: uint = 4 (note: \"\\n" + size_line + "\");");
  later.insert(later.find("enum Kind"), "attribute \"note\";\n");
  const std::string later_fingerprint = fingerprint_of(later);
  BOOST_TEST(later_fingerprint.find("note=\"\\n  field size ") != std::string::npos, later_fingerprint);
  BOOST_TEST(!extends_reading(earlier, later_fingerprint));
}

BOOST_AUTO_TEST_CASE(any_change_to_what_the_earlier_reader_reads_does_not) {
  BOOST_TEST(!extends(changed("size: uint = 3;", "size: uint = 4;")));                // a default
  BOOST_TEST(!extends(changed("size: uint = 3; kind: Kind;", "kind: Kind; size: uint = 3;")));  // slots swapped
  BOOST_TEST(!extends(changed("size: uint = 3;", "size: int = 3;")));                 // a type
  BOOST_TEST(!extends(changed("size: uint = 3;", "size: uint = 3 (deprecated);")));   // no longer read
  BOOST_TEST(!extends(changed("name: string;", "label: string;")));                   // a name
  BOOST_TEST(!extends(changed("{ none, small, large }", "{ none, little, large }")));  // a value's name
  BOOST_TEST(!extends(changed("{ none, small, large }", "{ none, small = 2, large }")));  // a value's number
  BOOST_TEST(!extends(changed("enum Kind : short", "enum Kind : int")));              // the underlying type
  BOOST_TEST(!extends(changed("y: int; }", "y: int; z: int; }")));                    // a struct grows
  BOOST_TEST(!extends(changed("root_type Root;", "table Other { r: Root; }\nroot_type Other;")));
}

// An enum's underlying type and a union's type field refer to the enum, not to the table that happens to
// share its index (with more enums than tables, none does: reading one was out of bounds).
BOOST_AUTO_TEST_CASE(a_union_type_names_its_union) {
  const std::string fingerprint = fingerprint_of(R"(namespace t;
enum A : byte { a }
enum B : byte { b }
enum C : byte { c }
table T { x: int; }
union U { T }
table R { u: U; }
root_type R;
)");
  BOOST_TEST(fingerprint.find("enum t.U union=true type=1/0/t.U/0") != std::string::npos, fingerprint);
  BOOST_TEST(fingerprint.find("enum t.C union=false type=3/0/t.C/0") != std::string::npos, fingerprint);
  BOOST_TEST(fingerprint.find("field u_type id=0 offset=4 type=1/0/t.U/0") != std::string::npos, fingerprint);
}

BOOST_AUTO_TEST_CASE(bundled_readers_extend_the_previous_one_only_where_nothing_read_changed) {
  const auto family = XnnpackFamily::load(family_dir());
  BOOST_TEST_REQUIRE(family.ok(), (family.ok() ? "" : family.error().to_string()));
  const auto& versions = family->versions();
  for (std::size_t v = 0; v < versions.size(); ++v) {
    const std::string& name = versions[v].info.name;
    // The oldest has none before it, and v0.7.0 deprecates PerChannelGroupQuant.scale_bf16. Every other
    // version only adds: node types, data types, quantization kinds, tables and fields at the end.
    const bool expected = !(name == "v0.1.0" || name == "v0.7.0");
    BOOST_TEST(versions[v].extends_previous_reader == expected, name);
  }
  const auto reflection_only = XnnpackFamily::load(family_dir(), PayloadReadingPath::Reflection);
  BOOST_TEST_REQUIRE(reflection_only.ok());
  for (const XnnpackVersion& version : reflection_only->versions()) BOOST_TEST(!version.extends_previous_reader);
}

BOOST_AUTO_TEST_SUITE_END()
