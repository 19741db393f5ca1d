// The load-time check as a runtime builds it: -fno-exceptions -fno-rtti, nothing but the check's
// headers and the flatc-generated builder (to make payloads). Plain asserts instead of Boost.Test,
// which needs exceptions.
#include <cstdio>
#include <cstring>
#include <vector>

#include "fbcompat/load_check/load_check.h"

#if defined(__cpp_exceptions) || defined(__GXX_RTTI)
#error "this test must be built with -fno-exceptions -fno-rtti"
#endif

// The newest version (the one after v1.1.0, which added XNNDepthToSpace2d), as the build read it from
// schemas/xnnpack/manifest.toml.
#ifndef FBCOMPAT_XNNPACK_NEWEST
#error "define FBCOMPAT_XNNPACK_NEWEST, the newest version of schemas/xnnpack/manifest.toml"
#endif

namespace {

int passed = 0;
int failed = 0;

void expect(bool condition, const char* what, const char* message) {
  if (condition) {
    ++passed;
  } else {
    ++failed;
    std::printf("FAILED: %s\n  message: %s\n", what, message);
  }
}

std::vector<std::uint8_t> program(fb_xnnpack::XNodeUnion extra_node, const char* identifier) {
  using namespace fb_xnnpack;
  flatbuffers::FlatBufferBuilder builder;
  std::vector<flatbuffers::Offset<XNode>> nodes;
  nodes.push_back(CreateXNode(builder, XNodeUnion::XNNAdd, Create_XNNNode2x1(builder, 0, 1, 2).Union(), 1));
  flatbuffers::Offset<void> payload = extra_node == XNodeUnion::XNNDepthToSpace2d
                                          ? CreateXNNDepthToSpace2d(builder, 2, 3, 2).Union()
                                          : Create_XNNNode1x1(builder, 2, 3).Union();
  nodes.push_back(CreateXNode(builder, extra_node, payload, 2));
  std::vector<flatbuffers::Offset<XValue>> values;
  for (std::uint32_t id = 0; id < 4; ++id) {
    const auto tensor = CreateXNNTensorValue(builder, XNNDatatype::xnn_datatype_fp32, 0, 0, 0, 0, 0, id);
    values.push_back(CreateXValue(builder, XValueUnion::XNNTensorValue, tensor.Union()));
  }
  builder.Finish(CreateXNNGraphDirect(builder, "no-exceptions", &nodes, &values), identifier);
  return std::vector<std::uint8_t>(builder.GetBufferPointer(), builder.GetBufferPointer() + builder.GetSize());
}

}  // namespace

int main() {
  using fbcompat::LoadCheckCode;
  const fbcompat::RuntimeProfile* old_runtime = fbcompat::find_runtime_profile("v1.1.0");
  const fbcompat::RuntimeProfile* new_runtime = fbcompat::find_runtime_profile(FBCOMPAT_XNNPACK_NEWEST);
  if (old_runtime == nullptr || new_runtime == nullptr) {
    std::printf("FAILED: runtime profiles v1.1.0 and %s exist\n0 passed, 1 failed\n", FBCOMPAT_XNNPACK_NEWEST);
    return 1;
  }
  expect(new_runtime == &fbcompat::xnnpack_profiles::kFamily.newest(), "the build's newest version is the profiles' newest",
         new_runtime->version);

  const auto depth_to_space = program(fb_xnnpack::XNodeUnion::XNNDepthToSpace2d, "XN01");
  auto result = fbcompat::check_xnnpack_payload(depth_to_space.data(), depth_to_space.size(), *old_runtime);
  expect(result.code == LoadCheckCode::UnknownTypes, "v1.1.0 refuses XNNDepthToSpace2d", result.message);
  expect(std::strstr(result.message, "XNNDepthToSpace2d (node type 48") != nullptr, "the message names it",
         result.message);
  expect(result.minimum_runtime == new_runtime, "the minimum runtime is the newest version's", result.message);
  result = fbcompat::check_xnnpack_payload(depth_to_space.data(), depth_to_space.size(), *new_runtime);
  expect(result.code == LoadCheckCode::Ok, "the newest version loads it", result.message);

  const auto sin = program(fb_xnnpack::XNodeUnion::XNNSin, "XN00");
  result = fbcompat::check_xnnpack_payload(sin.data(), sin.size(), *old_runtime);
  expect(result.code == LoadCheckCode::Ok, "v1.1.0 loads XNNSin", result.message);
  expect(result.node_count == 2 && result.value_count == 4, "counts nodes and values", result.message);

  const auto foreign = program(fb_xnnpack::XNodeUnion::XNNSin, "ABCD");
  result = fbcompat::check_xnnpack_payload(foreign.data(), foreign.size(), *new_runtime);
  expect(result.code == LoadCheckCode::IdentifierNotAccepted, "identifier ABCD is refused", result.message);

  std::size_t corrupt = 0;
  for (std::size_t size = 0; size < sin.size(); ++size) {
    result = fbcompat::check_xnnpack_payload(sin.data(), size, *new_runtime);
    if (result.code == LoadCheckCode::Corrupt) ++corrupt;
  }
  expect(corrupt == sin.size(), "every truncation is corrupt", result.message);

  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
