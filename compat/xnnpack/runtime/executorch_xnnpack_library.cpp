// XNNPACK as ExecuTorch's XNNPACK backend uses it, offered to the program loader (load_verdict.h's
// BackendLibrary): each payload the backend's checks let through is defined on the linked XNNPACK
// (payload_definition.h). Only an XNNPACK with the functions the backend calls can stand for it: the
// build looks for them (CMakeLists.txt, FBCOMPAT_XNNPACK_DEFINES_AS_EXECUTORCH).
#include <flatbuffers/flatbuffers.h>
#include <fmt/format.h>
#include <xnnpack.h>

#include "fbcompat/core/verifier_limits.h"
#include "fbcompat/executorch/program.h"
#include "fbcompat/xnnpack/delegate.h"
#include "fbcompat/xnnpack/runtime/reference_runtime.h"
#include "load/payload_parts.h"
#include "runtime/node_context.h"
#include "runtime/payload_definition.h"

namespace fbcompat::xnnpack {
namespace {

#if FBCOMPAT_XNNPACK_DEFINES_AS_EXECUTORCH
constexpr std::uint32_t kVerifierDepth = 64;  // flatbuffers::Verifier's defaults, as the backend's
constexpr std::uint32_t kVerifierTables = 1000000;

Error library_error(std::string message) { return Error{"", 0, 0, std::move(message)}; }

class ExecutorchXnnpackLibrary final : public BackendLibrary {
 public:
  std::string_view backend_id() const override { return kBackendId; }
  std::string_view name() const override { return "XNNPACK"; }
  std::string description() const override { return linked_xnnpack(); }

  Expected<std::unique_ptr<PayloadDefinition>> begin(const std::uint8_t* payload, std::size_t size,
                                                     const DelegateLoadContext& context) const override {
    static const xnn_status initialized = xnn_initialize(nullptr);
    if (initialized != xnn_status_success) {
      return library_error(fmt::format("xnn_initialize answers {}", xnn_status_text(initialized)));
    }
    if (payload == nullptr || size < kXh00HeaderSize) return library_error("the payload is too small to define");
    const PayloadParts parts = split_payload(payload, size);
    if (!parts.inside(size)) return library_error("the payload's XH00 header places its parts outside it");
    const std::uint8_t* flatbuffer = payload + parts.flatbuffer_offset;
    const auto length = static_cast<std::size_t>(parts.flatbuffer_size);
    AlignedBytes copy;
    if (reinterpret_cast<std::uintptr_t>(flatbuffer) % alignof(std::uint64_t) != 0) copy = AlignedBytes(flatbuffer, length);
    const std::uint8_t* graph_bytes = copy.data() != nullptr ? copy.data() : flatbuffer;
    const auto verify = [&](std::uint32_t depth, std::uint32_t tables) {
      flatbuffers::Verifier verifier(graph_bytes, length, depth, tables);
      return verifier.VerifyBuffer<fb_xnnpack::XNNGraph>(nullptr);
    };
    if (!passes_verifier(context.verified, "fb_xnnpack.XNNGraph", flatbuffer, length, kVerifierDepth, kVerifierTables,
                         verify)) {
      return library_error("the graph fails flatbuffers' Verifier: nothing of it is handed to XNNPACK");
    }
    const fb_xnnpack::XNNGraph& graph = *flatbuffers::GetRoot<fb_xnnpack::XNNGraph>(graph_bytes);
    if (graph.xvalues() == nullptr || graph.xnodes() == nullptr) return library_error("the graph has no values or nodes");
    xnn_subgraph_t subgraph = nullptr;
    if (const xnn_status status = xnn_create_subgraph(graph.num_externs(), 0, &subgraph); status != xnn_status_success) {
      return library_error(fmt::format("xnn_create_subgraph answers {}", xnn_status_text(status)));
    }
    return std::unique_ptr<PayloadDefinition>(std::make_unique<XnnpackPayloadDefinition>(
        subgraph, std::move(copy), graph, parts.has_header ? payload + parts.constants_offset : nullptr,
        parts.constants_size, parts.has_header, context));
  }
};
#endif

}  // namespace

const BackendLibrary* executorch_xnnpack_library(std::string* why) {
#if FBCOMPAT_XNNPACK_DEFINES_AS_EXECUTORCH
  static const ExecutorchXnnpackLibrary library;
  if (why != nullptr) why->clear();
  return &library;
#else
  if (why != nullptr) {
    *why = fmt::format("{} lacks functions ExecuTorch's XNNPACK backend calls ({})", linked_xnnpack(),
                       FBCOMPAT_XNNPACK_MISSING_EXECUTORCH_FUNCTIONS);
  }
  return nullptr;
#endif
}

}  // namespace fbcompat::xnnpack
