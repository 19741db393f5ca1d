// The rules for rpc_services and nested buffers: a gRPC client calls a method by its service's qualified
// name and its own, sends the request table and reads the response table in the streaming mode the
// schema says; a nested_flatbuffer field's bytes are a buffer of the table it names.
#include <boost/test/unit_test.hpp>

#include "support/finding_assertions.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

const std::string kTables =
    "namespace shop;\ntable Query { id: int; }\ntable Item { name: string; }\ntable Note { text: string; }\n";

std::string service(const std::string& methods) { return kTables + "rpc_service Catalog {\n" + methods + "}\n"; }

const std::string kMethods =
    "  Lookup(Query):Item;\n  Watch(Query):Item (streaming: \"server\");\n";

std::string holder(const std::string& attribute) {
  return "namespace shop;\ntable Item { name: string; }\ntable Other { x: long; y: long; }\n"
         "table Holder { payload: [ubyte]" + attribute + "; }\nroot_type Holder;\n";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(service_rules)

BOOST_AUTO_TEST_CASE(the_model_reads_services_and_their_places) {
  const std::string text = service(kMethods);
  const Schema schema = load_text(text);
  const Service* catalog = schema.find_service("shop.Catalog");
  BOOST_TEST_REQUIRE(catalog != nullptr);
  BOOST_TEST_REQUIRE(catalog->methods.size() == 2u);
  BOOST_TEST(catalog->methods[0].request == "shop.Query");
  BOOST_TEST(catalog->methods[0].response == "shop.Item");
  BOOST_TEST(catalog->methods[0].streaming == "none");
  BOOST_TEST(catalog->methods[1].streaming == "server");
  BOOST_TEST(catalog->methods[1].location.line == place_of(text, "Watch(").line);
}

BOOST_AUTO_TEST_CASE(a_deleted_method_breaks_every_client_that_calls_it) {
  const auto findings = diff_texts(service(kMethods), service("  Lookup(Query):Item;\n"));
  const Finding finding = single(findings, "RPC_NO_DELETE");
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(finding.severity == Severity::Error);
  BOOST_TEST(finding.subject == "shop.Catalog.Watch");
  BOOST_TEST(contains(finding.message, "Clients built from the old schema call /shop.Catalog/Watch"), finding.message);
}

BOOST_AUTO_TEST_CASE(a_renamed_method_is_named_as_renamed) {
  const std::string new_fbs = service("  Find(Query):Item;\n  Watch(Query):Item (streaming: \"server\");\n");
  const auto findings = diff_texts(service(kMethods), new_fbs);
  const Finding finding = single(findings, "RPC_NO_DELETE");
  BOOST_TEST(contains(finding.message, "Lookup of Catalog was renamed to Find"), finding.message);
  BOOST_TEST(points_at(finding, "new.fbs", new_fbs, "Find("));
}

BOOST_AUTO_TEST_CASE(a_deleted_service_is_one_finding) {
  const auto findings = diff_texts(service(kMethods), kTables);
  BOOST_TEST(rules_of(findings) == std::vector<std::string>{"SERVICE_NO_DELETE"});
  BOOST_TEST(contains(single(findings, "SERVICE_NO_DELETE").message, "with its 2 methods (Lookup, Watch)"));
}

BOOST_AUTO_TEST_CASE(a_method_keeps_its_tables_unless_they_are_laid_out_alike) {
  const auto changed = diff_texts(service(kMethods), service("  Lookup(Query):Note;\n  Watch(Query):Item (streaming: \"server\");\n"));
  const Finding finding = single(changed, "RPC_SAME_TYPES");
  BOOST_TEST(contains(finding.message, "the response of Lookup changed from Item to Note"), finding.message);
  BOOST_TEST(contains(finding.message, "A server built from the old schema sends Item, which a client built from the new one reads as Note"), finding.message);
  // A request table renamed, the same bytes: only its name changed, which the table's own rules report.
  const std::string renamed =
      "namespace shop;\ntable Question { id: int; }\ntable Item { name: string; }\ntable Note { text: string; }\n"
      "rpc_service Catalog {\n  Lookup(Question):Item;\n  Watch(Question):Item (streaming: \"server\");\n}\n";
  BOOST_TEST(with_rule(diff_texts(service(kMethods), renamed), "RPC_SAME_TYPES").empty());
}

BOOST_AUTO_TEST_CASE(a_method_keeps_its_streaming_mode) {
  const auto findings = diff_texts(service(kMethods), service("  Lookup(Query):Item;\n  Watch(Query):Item (streaming: \"bidi\");\n"));
  const Finding finding = single(findings, "RPC_SAME_STREAMING");
  BOOST_TEST(contains(finding.message, "Watch was streaming: \"server\" and is streaming: \"bidi\""), finding.message);
  const auto unary = diff_texts(service(kMethods), service("  Lookup(Query):Item (streaming: \"client\");\n"
                                                           "  Watch(Query):Item (streaming: \"server\");\n"));
  BOOST_TEST(contains(single(unary, "RPC_SAME_STREAMING").message, "Lookup was unary (streaming: \"none\")"));
}

BOOST_AUTO_TEST_CASE(a_nested_buffer_keeps_its_table) {
  const std::string nested = holder(" (nested_flatbuffer: \"Item\")");
  const auto changed = diff_texts(nested, holder(" (nested_flatbuffer: \"Other\")"));
  const Finding finding = single(changed, "FIELD_SAME_NESTED_FLATBUFFER");
  BOOST_TEST(finding.category == Category::Wire);
  BOOST_TEST(contains(finding.message, "the nested_flatbuffer of payload changed from Item to Other"), finding.message);
  // Plain bytes that become a nested buffer: old data's bytes were never promised to be one.
  const auto added = diff_texts(holder(""), nested);
  BOOST_TEST(contains(single(added, "FIELD_SAME_NESTED_FLATBUFFER").message, "payload became a nested_flatbuffer of Item"));
  // Dropped: the bytes stay; JSON and generated code lose the buffer. A warning, not a wire break.
  const auto removed = diff_texts(nested, holder(""));
  BOOST_TEST(rules_of(removed) == std::vector<std::string>{"FIELD_NO_DELETE_NESTED_FLATBUFFER"});
  const Finding dropped = single(removed, "FIELD_NO_DELETE_NESTED_FLATBUFFER");
  BOOST_TEST(dropped.category == Category::Json);
  BOOST_TEST(dropped.severity == Severity::Warning);
  // Unchanged, or written fully qualified: nothing.
  BOOST_TEST(diff_texts(nested, holder(" (nested_flatbuffer: \"shop.Item\")")).empty());
}

BOOST_AUTO_TEST_SUITE_END()
