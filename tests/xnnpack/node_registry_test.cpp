// The reference runtime's node registry covers every member of every version's runtime schema: each
// has a definer, or is registered as unsupported with a reason naming the XNNPACK function it lacks.
#include <boost/test/unit_test.hpp>

#include <flatbuffers/flatbuffers.h>

#include <map>
#include <set>
#include <string>

#include "fbcompat/core/schema_loader.h"
#include "fbcompat/xnnpack/runtime/reference_runtime.h"
#include "runtime/node_registry.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

// The schema the runtime of each version reads (0.1.0 had only schema.fbs), the newest last.
std::vector<std::string> runtime_schemas() {
  return {
      "schemas/xnnpack/v0.1.0/schema.fbs",         "schemas/xnnpack/v0.2.0/runtime_schema.fbs",
      "schemas/xnnpack/v0.4.0/runtime_schema.fbs", "schemas/xnnpack/v0.6.0/runtime_schema.fbs",
      "schemas/xnnpack/v0.7.0/runtime_schema.fbs", "schemas/xnnpack/v1.1.0/runtime_schema.fbs",
      newest_schema("runtime_schema.fbs"),
  };
}

const Enum& node_union(const Schema& schema) {
  const Enum* found = schema.find_enum("fb_xnnpack.XNodeUnion");
  BOOST_TEST_REQUIRE(found != nullptr);
  return *found;
}

int payload_definer_calls = 0;

xnnpack::Status count_payload(const fb_xnnpack::_XNNNode2x1& payload, const xnnpack::NodeContext&) {
  payload_definer_calls += static_cast<int>(payload.input1_id());
  return xnnpack::Status{std::monostate{}};
}

// One node of `member` whose payload is a _XNNNode1x1 (softmax) or _XNNNode2x1 (add).
flatbuffers::DetachedBuffer single_node(fb_xnnpack::XNodeUnion member) {
  flatbuffers::FlatBufferBuilder builder;
  const flatbuffers::Offset<void> payload =
      member == fb_xnnpack::XNodeUnion::XNNAdd ? fb_xnnpack::Create_XNNNode2x1(builder, 7, 8, 9).Union()
                                               : fb_xnnpack::Create_XNNNode1x1(builder, 7, 9).Union();
  builder.Finish(fb_xnnpack::CreateXNode(builder, member, payload));
  return builder.Release();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(node_registry)

// with_payload is the one place a definer's payload is fetched: the right member reaches the definer
// with its table; a definer registered for the wrong member is reported, never handed a misread table.
BOOST_AUTO_TEST_CASE(with_payload_hands_the_registered_members_table_or_reports_a_mismatch) {
  constexpr auto define_add = xnnpack::with_payload<&fb_xnnpack::XNode::xnode_union_as_XNNAdd, count_payload>;
  xnnpack::NodeContext context;
  context.node_index = 3;
  context.member = "XNNAdd";

  payload_definer_calls = 0;
  const auto add = single_node(fb_xnnpack::XNodeUnion::XNNAdd);
  BOOST_TEST(define_add(*flatbuffers::GetRoot<fb_xnnpack::XNode>(add.data()), context).ok());
  BOOST_TEST(payload_definer_calls == 7);

  payload_definer_calls = 0;
  const auto softmax = single_node(fb_xnnpack::XNodeUnion::XNNSoftmax);
  const auto status = define_add(*flatbuffers::GetRoot<fb_xnnpack::XNode>(softmax.data()), context);
  BOOST_TEST_REQUIRE(!status.ok());
  BOOST_TEST(status.error().to_string().find("node 3 (XNNAdd): the node's payload is not the table this definer reads") !=
             std::string::npos, status.error().to_string());
  BOOST_TEST(payload_definer_calls == 0);
}

BOOST_AUTO_TEST_CASE(every_member_of_every_version_is_registered) {
  std::map<std::string, xnnpack::NodeSupport> registry;
  for (const xnnpack::NodeSupport& entry : xnnpack::node_support()) registry.emplace(entry.member, entry);
  for (const std::string& relative : runtime_schemas()) {
    BOOST_TEST_CONTEXT(relative) {
      auto schema = load_schema(source_path(relative));
      BOOST_TEST_REQUIRE(schema.ok(), (schema.ok() ? "" : schema.error().to_string()));
      for (const EnumValue& member : node_union(*schema).values) {
        const auto entry = registry.find(member.name);
        BOOST_TEST_REQUIRE((entry != registry.end()), member.name << " has no registry entry");
        BOOST_TEST(entry->second.type_id == member.value, member.name);
        if (entry->second.supported) {
          BOOST_TEST(entry->second.unsupported_reason.empty());
        } else {
          BOOST_TEST(entry->second.unsupported_reason == "the linked XNNPACK has no " + entry->second.xnnpack_function);
        }
        BOOST_TEST(entry->second.xnnpack_function.rfind("xnn_define_", 0) == 0u, member.name);
        BOOST_TEST(entry->second.file.rfind("compat/xnnpack/runtime/define_", 0) == 0u, entry->second.file);
        BOOST_TEST(entry->second.line > 0u);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(no_member_is_registered_twice) {
  BOOST_TEST(xnnpack::node_registry().duplicates().empty());
  std::set<std::string> names;
  for (const xnnpack::NodeSupport& entry : xnnpack::node_support()) BOOST_TEST(names.insert(entry.member).second);
}

// The 16 node types Debian 12's 2022 XNNPACK snapshot cannot define are unsupported exactly when the
// linked XNNPACK lacks the function their definer calls (what the build found: FBCOMPAT_HAS_XNN_DEFINE_*);
// every other node type is supported on either.
BOOST_AUTO_TEST_CASE(supported_and_unsupported_node_types) {
  std::set<std::string> supported, unsupported;
  for (const xnnpack::NodeSupport& entry : xnnpack::node_support()) {
    (entry.supported ? supported : unsupported).insert(entry.member);
  }
  const std::map<std::string, bool> newer_nodes{
      {"XNNStaticTranspose", FBCOMPAT_HAS_XNN_DEFINE_STATIC_TRANSPOSE},
      {"XNNConcatenate2", FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE2},
      {"XNNConcatenate3", FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE3},
      {"XNNConcatenate4", FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE4},
      {"XNNConcatenate5", FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE5},
      {"XNNStaticSlice", FBCOMPAT_HAS_XNN_DEFINE_STATIC_SLICE},
      {"XNNScaledDotProductAttention", FBCOMPAT_HAS_XNN_DEFINE_SCALED_DOT_PRODUCT_ATTENTION},
      {"XNNBatchMatrixMultiply", FBCOMPAT_HAS_XNN_DEFINE_BATCH_MATRIX_MULTIPLY},
      {"XNNReciprocalSquareRoot", FBCOMPAT_HAS_XNN_DEFINE_UNARY},
      {"XNNLog", FBCOMPAT_HAS_XNN_DEFINE_UNARY},
      {"XNNGelu", FBCOMPAT_HAS_XNN_DEFINE_UNARY},
      {"XNNTanh", FBCOMPAT_HAS_XNN_DEFINE_UNARY},
      {"XNNExp", FBCOMPAT_HAS_XNN_DEFINE_UNARY},
      {"XNNSin", FBCOMPAT_HAS_XNN_DEFINE_UNARY},
      {"XNNCopy", FBCOMPAT_HAS_XNN_DEFINE_COPY},
      {"XNNCos", FBCOMPAT_HAS_XNN_DEFINE_UNARY},
  };
  std::set<std::string> expected_unsupported;
  for (const auto& [member, has] : newer_nodes) {
    if (!has) expected_unsupported.insert(member);
  }
  BOOST_TEST(unsupported == expected_unsupported, boost::test_tools::per_element());
  BOOST_TEST(supported.size() == 48u - expected_unsupported.size());
  BOOST_TEST(supported.count("XNNDepthToSpace2d") == 1u);
  BOOST_TEST(supported.count("XNNConvTranspose2d") == 1u);

  const xnnpack::NodeDefinition* concat = xnnpack::node_registry().find("XNNConcatenate4");
  BOOST_TEST_REQUIRE(concat != nullptr);
  BOOST_TEST(concat->xnnpack_function == "xnn_define_concatenate4");
  BOOST_TEST(concat->supported() == bool{FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE4});
  BOOST_TEST(concat->unsupported_reason() ==
             (FBCOMPAT_HAS_XNN_DEFINE_CONCATENATE4 ? "" : "the linked XNNPACK has no xnn_define_concatenate4"));
  const xnnpack::NodeDefinition* sine = xnnpack::node_registry().find("XNNSin");
  BOOST_TEST_REQUIRE(sine != nullptr);
  BOOST_TEST(sine->xnnpack_function == "xnn_define_unary (xnn_unary_sine)");
  const xnnpack::NodeDefinition* depth_to_space = xnnpack::node_registry().find(fb_xnnpack::XNodeUnion::XNNDepthToSpace2d);
  BOOST_TEST_REQUIRE(depth_to_space != nullptr);
  BOOST_TEST(depth_to_space->xnnpack_function == "xnn_define_depth_to_space");
  BOOST_TEST(depth_to_space->supported());
}

BOOST_AUTO_TEST_SUITE_END()
