// The reference runtime: turns an XNNPACK delegate payload (the bytes the XNNPACK backend of an
// ExecuTorch program receives) into a real XNNPACK subgraph with the linked XNNPACK library, creates
// the XNNPACK runtime, and runs it. It proves that an old program does not only decode but still
// loads and computes.
//
// Loading checks everything XNNPACK would otherwise trust: the flatbuffer (flatbuffers::Verifier),
// value ids, shapes against what each node computes, constant data ranges and sizes. Bad payloads come
// back as an Error, never as a crash. A node type the linked XNNPACK cannot define fails to load with
// a message naming the missing XNNPACK function.
//
//   auto program = fbcompat::xnnpack::load_xnnpack_payload(bytes.data(), bytes.size());
//   if (!program) return program.error();
//   auto outputs = program->run({{0, input_pixels}});  // fp32 inputs by external id
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/checks/runtime_check.h"
#include "fbcompat/executorch/delegate_family.h"

namespace fbcompat::xnnpack {

// A program input or output as XNNPACK sees it.
struct TensorInfo {
  std::uint32_t value_id = 0;     // the value's id in the payload (XNNTensorValue.id_out)
  std::uint32_t external_id = 0;  // its XNNPACK external id: how run() names it
  std::string datatype;           // the XNNDatatype member, such as "xnn_datatype_fp32"
  std::size_t element_size = 0;   // bytes per element
  std::vector<std::size_t> dims;  // NHWC for images

  std::size_t element_count() const;
  std::size_t byte_size() const { return element_count() * element_size; }
};

// A view of bytes owned by someone else.
struct ByteView {
  const std::uint8_t* data = nullptr;
  std::size_t size = 0;
};

struct PayloadLoadOptions {
  // The program's named data (in a .pte, its named data map), for constants stored by key
  // (ConstantDataOffset.named_key). The bytes are copied while loading. Unset: such constants fail.
  std::function<std::optional<ByteView>(const std::string& key)> named_data;
  // Limits that keep a corrupt payload from asking for huge allocations.
  std::size_t max_tensor_bytes = std::size_t{256} << 20;
  std::size_t max_total_tensor_bytes = std::size_t{1} << 30;
};

// Bytes XNNPACK may read past the end of an input buffer (XNN_EXTRA_BYTES of the linked XNNPACK).
// run() provides them; callers of run_in_place() must.
constexpr std::size_t kInputPaddingBytes = 16;

class LoadedProgram {
 public:
  LoadedProgram(LoadedProgram&& other) noexcept;
  LoadedProgram& operator=(LoadedProgram&& other) noexcept;
  LoadedProgram(const LoadedProgram&) = delete;
  LoadedProgram& operator=(const LoadedProgram&) = delete;
  ~LoadedProgram();

  // The values flagged as external inputs and outputs, by ascending external id: the order the
  // exporter numbers them in, which is the order of the delegate call's arguments.
  const std::vector<TensorInfo>& inputs() const;
  const std::vector<TensorInfo>& outputs() const;
  // The XNodeUnion member of each node, in graph order.
  const std::vector<std::string>& node_types() const;

  // Runs once with fp32 inputs given by external id; returns every output by external id. Fails
  // (without running) when an input is missing, unknown or of the wrong size, or when an input or
  // output is not fp32 (use run_in_place for those).
  Expected<std::map<std::uint32_t, std::vector<float>>> run(const std::map<std::uint32_t, std::vector<float>>& inputs);
  // The same with inputs and outputs in the order of inputs() and outputs(), as a manifest lists them.
  Expected<std::vector<std::vector<float>>> run_in_order(const std::vector<std::vector<float>>& inputs);

  // Runs once with the caller's buffers, one per input and output, any datatype. Each input buffer
  // must have kInputPaddingBytes readable bytes past its end; each buffer must hold byte_size() bytes.
  struct Binding {
    std::uint32_t external_id = 0;
    void* data = nullptr;
  };
  Expected<std::monostate> run_in_place(const std::vector<Binding>& bindings);

 private:
  struct State;
  explicit LoadedProgram(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;

  friend Expected<LoadedProgram> load_xnnpack_payload(const std::uint8_t* data, std::size_t size,
                                                      const PayloadLoadOptions& options);
};

// Loads a payload with or without the XH00 header. The payload is copied: `data` need not outlive
// the call.
Expected<LoadedProgram> load_xnnpack_payload(const std::uint8_t* data, std::size_t size,
                                             const PayloadLoadOptions& options = {});
inline Expected<LoadedProgram> load_xnnpack_payload(const std::vector<std::uint8_t>& payload,
                                                    const PayloadLoadOptions& options = {}) {
  return load_xnnpack_payload(payload.data(), payload.size(), options);
}

// One entry of the runtime's node registry: an XNodeUnion member, the XNNPACK function that defines
// it, and whether the linked XNNPACK has that function.
struct NodeSupport {
  std::string member;            // "XNNDepthToSpace2d"
  std::uint8_t type_id = 0;      // the id the runtime dispatches on (from the newest runtime schema)
  std::string xnnpack_function;  // "xnn_define_depth_to_space"
  bool supported = false;
  std::string unsupported_reason;  // empty when supported
  std::string file;                // where the entry is registered
  std::uint32_t line = 0;
};

// Every registry entry, by type id.
std::vector<NodeSupport> node_support();

// The registry as runtime-check sees it (`fbcompat runtime-check --builtin`).
std::vector<RuntimeDefinition> builtin_runtime_definitions();

// The reference runtime as the golden runs and the audit use any delegate's runtime.
const DelegateRuntime& reference_runtime();

// XNNPACK as ExecuTorch's XNNPACK backend uses it, for the program loader's definition stage
// (load_verdict.h's BackendLibrary): every value and node of a payload defined with the calls the
// backend makes, then XNNPACK's runtime of them, created and not run. Null when the linked XNNPACK
// lacks functions the backend calls (Debian 12's): then `why` names them.
const BackendLibrary* executorch_xnnpack_library(std::string* why = nullptr);

// Which XNNPACK the runtime links, for `fbcompat --version`: "XNNPACK from <prefix>" for a private
// build (tools/deps/xnnpack.sh), "the system's XNNPACK (<library>)" otherwise.
std::string linked_xnnpack();

}  // namespace fbcompat::xnnpack
