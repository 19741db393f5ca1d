// The reference runtime behind the DelegateRuntime interface, for the golden runs and the audit.
#include "fbcompat/xnnpack/runtime/reference_runtime.h"

namespace fbcompat::xnnpack {
namespace {

class ReferenceRuntime final : public DelegateRuntime {
 public:
  std::string_view backend_id() const override { return "XnnpackBackend"; }
  std::string description() const override { return "the reference runtime"; }

  std::string unsupported_reason(std::string_view node) const override {
    for (const NodeSupport& support : node_support()) {
      if (support.member == node && !support.supported) return support.unsupported_reason;
    }
    return "";
  }

  std::string how_to_support(std::string_view) const override {
    return "link an XNNPACK that defines the node to run it end to end";
  }

  Run run(const std::uint8_t* data, std::size_t size, const std::vector<std::vector<float>>& inputs) const override {
    Run result;
    auto loaded = load_xnnpack_payload(data, size);
    if (!loaded) {
      result.outputs = loaded.error();
      return result;
    }
    result.loaded = true;
    result.outputs = loaded->run_in_order(inputs);
    return result;
  }

  std::vector<RuntimeDefinition> definitions() const override { return builtin_runtime_definitions(); }
};

}  // namespace

std::string linked_xnnpack() { return FBCOMPAT_LINKED_XNNPACK; }

const DelegateRuntime& reference_runtime() {
  static const ReferenceRuntime runtime;
  return runtime;
}

}  // namespace fbcompat::xnnpack
