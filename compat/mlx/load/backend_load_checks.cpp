// MLX's checks at BackendDelegate::Init, in the runtime's order (MLXBackend.cpp's init, the generated
// MLXLoader.cpp's load_program, MLXExecutor.h's load_constants and load_mutable_buffers), up to the init
// chain, which runs MLX. The runtime catches every exception its loader throws and returns
// Error::InvalidProgram; before 1.3.0 no backend is registered as MLXBackend at all.
#include "fbcompat/mlx/delegate.h"

#include <cstring>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "fbcompat/mlx/payload.h"
#include "load/runtime_versions.h"
#include "payload/graph.h"

namespace fbcompat::mlx {
namespace {

constexpr std::uint32_t kVerifierDepth = 64;  // flatbuffers::Verifier's defaults, as the runtime builds it
constexpr std::uint32_t kVerifierTables = 1000000;
constexpr std::uint64_t kMaxCollection = 1'000'000;  // the loader's cap on every count and list
constexpr std::size_t kMaxRank = 16;                 // kTensorDimensionLimit
constexpr std::int8_t kScalarTypes = 30;             // ExecuTorch's ScalarType::NumOptions (1.3.0 .. main)
constexpr std::uint64_t kMaxAllocation = std::uint64_t{4} << 30;  // a mutable buffer's bytes at most
constexpr std::int8_t kSlotTypes = 4;                // SlotType: tensor, int, float, bool
constexpr std::int8_t kTensorSlot = 0;

// The bytes of each ScalarType MLX can hold (resolve_dtype); 0: MLX refuses the type.
std::uint64_t element_size(std::int8_t scalar_type) {
  switch (scalar_type) {
    case 0: case 1: case 11: return 1;     // Byte, Char, Bool
    case 2: case 5: case 15: return 2;     // Short, Half, BFloat16
    case 3: case 6: case 28: return 4;     // Int, Float, UInt32
    case 4: return 8;                      // Long
    default: return 0;
  }
}

std::string op_named(std::uint32_t type_id) {
  const std::string name = newest_op_name(type_id);
  const auto introduced = version_introducing(type_id);
  if (name.empty() || !introduced) return fmt::format("op type {} (unknown to every version fbcompat knows)", type_id);
  return fmt::format("{} (op type {}, added in {})", name, type_id, runtime_versions()[*introduced].introduced());
}

class Checker {
 public:
  Checker(const std::uint8_t* payload, std::size_t size, const DelegateLoadContext& context)
      : payload_(payload), size_(size), context_(context) {}

  std::optional<LoadRefusal> run() {
    if (registered() && split() && verified() && loaded() && version_supported() && constants_found() && buffers_sized()) {
      return std::nullopt;
    }
    return refusal_;
  }

 private:
  bool refuse(std::string message, RuntimeError error = RuntimeError::InvalidProgram, LoadStage stage = LoadStage::DelegateChecks) {
    refusal_ = LoadRefusal{stage, error, context_.method, "", std::move(message), {}};
    return false;
  }

  bool registered() {
    version_ = version_at(context_.release);
    if (version_) return true;
    return refuse(fmt::format("ExecuTorch {} has no backend registered as {}: the MLX backend ships from {} on",
                              context_.release.text(), kBackendId, kFirstRelease.text()),
                  RuntimeError::NotFound, LoadStage::DelegateData);
  }

  bool split() {
    if (size_ == 0) return refuse("the payload is empty");
    auto parts = split_payload(payload_, size_);
    if (!parts) return refuse("Invalid MLX header: " + parts.error().message);
    parts_ = *parts;
    return true;
  }

  bool verified() {
    const std::uint8_t* flatbuffer = aligned_flatbuffer(parts_, aligned_);
    if (!verify_graph(flatbuffer, parts_.flatbuffer_size, kVerifierDepth, kVerifierTables,
                      flatbuffer == parts_.flatbuffer ? context_.verified : nullptr)) {
      return refuse(fmt::format("the {}-byte MLXGraph flatbuffer fails flatbuffers' Verifier (Invalid FlatBuffer data)",
                                parts_.flatbuffer_size));
    }
    graph_ = read_graph(flatbuffer);
    return true;
  }

  bool capped(std::uint64_t count, const std::string& what) {
    if (count <= kMaxCollection) return true;
    return refuse(fmt::format("{} is {}, above the loader's maximum of {}", what, count, kMaxCollection));
  }

  // load_program: the counts, every chain's instructions, the chain indexes, the maps, the named slots,
  // the tensors' metadata.
  bool loaded() {
    if (!capped(graph_.num_tensors(), "num_tensors()") || !capped(graph_.num_values, "num_values") ||
        !capped(graph_.chains.size(), "instruction_chains' size")) {
      return false;
    }
    for (std::size_t c = 0; c < graph_.chains.size(); ++c) {
      if (!capped(graph_.chains[c].size(), fmt::format("instruction_chains[{}]'s size", c)) || !ops_known(c)) return false;
    }
    if (graph_.main_chain_idx >= graph_.chains.size()) {
      return refuse(fmt::format("main_chain_idx is {}, but only {} chains load", graph_.main_chain_idx, graph_.chains.size()));
    }
    if (graph_.init_chain_idx >= 0 && static_cast<std::uint32_t>(graph_.init_chain_idx) >= graph_.chains.size()) {
      return refuse(fmt::format("init_chain_idx is {}, but only {} chains load", graph_.init_chain_idx, graph_.chains.size()));
    }
    return map_loads(graph_.input_map, "input_map") && map_loads(graph_.output_map, "output_map") &&
           map_loads(graph_.mutable_buffer_map, "mutable_buffer_map") && named_slots_load() && tensor_meta_loads();
  }

  // Each node's type must be an OpNode member of the runtime's schema: its loader switches on the type
  // and throws on any other.
  bool ops_known(std::size_t c) {
    const RuntimeVersion& runtime = runtime_versions()[*version_];
    for (std::size_t i = 0; i < graph_.chains[c].size(); ++i) {
      const GraphOp& op = graph_.chains[c][i];
      if (!op.present || (op.type >= 1 && op.type <= runtime.op_count)) continue;
      return refuse(fmt::format("instruction_chains[{}].instructions[{}] is {}; this release's MLX runtime ({}) knows op "
                                "types 1..{}",
                                c, i, op_named(op.type), runtime.name, runtime.op_count));
    }
    return true;
  }

  bool slot_loads(const GraphSlot& slot, const std::string& where, bool tensors_in_range) {
    if (slot.slot_type < 0 || slot.slot_type >= kSlotTypes) {
      return refuse(fmt::format("{} has slot type {}, which is no SlotType", where, static_cast<int>(slot.slot_type)));
    }
    if (tensors_in_range && slot.slot_type == kTensorSlot && slot.idx >= graph_.num_tensors()) {
      return refuse(fmt::format("{} is tensor {}, past num_tensors() {}", where, slot.idx, graph_.num_tensors()));
    }
    return true;
  }

  bool map_loads(const std::vector<GraphSlot>& map, const char* name) {
    if (!capped(map.size(), fmt::format("{}'s size", name))) return false;
    for (std::size_t i = 0; i < map.size(); ++i) {
      if (!slot_loads(map[i], fmt::format("{}[{}]", name, i), /*tensors_in_range=*/true)) return false;
    }
    return true;
  }

  bool named_slots_load() {
    if (!capped(graph_.named_slots.size(), "named_slots' size")) return false;
    for (std::size_t i = 0; i < graph_.named_slots.size(); ++i) {
      const GraphNamedSlot& named = graph_.named_slots[i];
      if (!named.name) return refuse(fmt::format("named_slots[{}] has no name", i));
      if (!named.slot) return refuse(fmt::format("named_slots[{}] ('{}') has no slot", i, *named.name));
      if (!slot_loads(*named.slot, fmt::format("named_slots[{}] ('{}')", i, *named.name), /*tensors_in_range=*/false)) {
        return false;
      }
    }
    return true;
  }

  bool tensor_meta_loads() {
    if (!capped(graph_.tensor_meta.size(), "tensor_meta's size")) return false;
    for (std::size_t t = 0; t < graph_.tensor_meta.size(); ++t) {
      if (!graph_.tensor_meta[t]) continue;
      const GraphTensorMeta& meta = *graph_.tensor_meta[t];
      if (meta.shape.size() > kMaxRank) {
        return refuse(fmt::format("tensor_meta[{}] has rank {}, above the runtime's limit of {}", t, meta.shape.size(), kMaxRank));
      }
      for (std::size_t d = 0; d < meta.shape.size(); ++d) {
        const GraphDim& dim = meta.shape[d];
        const bool dynamic = dim.value < 0;
        if (dim.value < -1 || (dynamic && dim.min_value < 0) || (dynamic && dim.max_value != -1 && dim.max_value < dim.min_value)) {
          return refuse(fmt::format("tensor_meta[{}].shape[{}] is value {}, min {}, max {}: a dimension is a size, or -1 "
                                    "with 0 <= min <= max (max -1: unbounded)",
                                    t, d, dim.value, dim.min_value, dim.max_value));
        }
      }
      if (meta.scalar_type < 0 || meta.scalar_type >= kScalarTypes) {
        return refuse(fmt::format("tensor_meta[{}] has scalar_type {}, which is no ExecuTorch ScalarType (0..{})", t,
                                  static_cast<int>(meta.scalar_type), kScalarTypes - 1));
      }
    }
    return true;
  }

  // MLXBackend's init reads MLXGraph.version as an integer and refuses one newer than it supports.
  bool version_supported() {
    const RuntimeVersion& runtime = runtime_versions()[*version_];
    const auto version = schema_version_of(graph_.version);
    if (!version) return refuse(fmt::format("Invalid MLX schema version '{}' (expected integer)", *graph_.version));
    if (*version <= runtime.max_schema_version) return true;
    return refuse(fmt::format("the payload's schema version is {}; this release's MLX runtime ({}) supports up to "
                              "version {}",
                              *version, runtime.name, runtime.max_schema_version));
  }

  // A tensor's static shape and the bytes of its type, as to_shape and resolve_dtype make them.
  bool static_shape(std::size_t t, const char* context, std::vector<std::int32_t>& dims, std::uint64_t& element) {
    const GraphTensorMeta& meta = *graph_.tensor_meta[t];
    for (std::size_t d = 0; d < meta.shape.size(); ++d) {
      if (meta.shape[d].value < 0) {
        return refuse(fmt::format("{}: tensor {} has a dynamic dimension ({}), but it must have a static shape", context, t, d));
      }
      dims.push_back(meta.shape[d].value);
    }
    element = element_size(meta.scalar_type);
    if (element == 0) {
      return refuse(fmt::format("{}: tensor {} has scalar_type {}, which MLX does not support", context, t,
                                static_cast<int>(meta.scalar_type)));
    }
    return true;
  }

  // load_constants: each constant tensor by the name its named slot gives, from the program's named data.
  bool constants_found() {
    if (graph_.num_constant_tensors == 0) return true;
    std::map<std::uint32_t, const std::string*> names;  // the last named slot of each tensor wins
    for (const GraphNamedSlot& named : graph_.named_slots) {
      if (named.slot->slot_type == kTensorSlot) names[named.slot->idx] = &*named.name;
    }
    for (std::uint32_t t = 0; t < graph_.num_constant_tensors; ++t) {
      if (t >= graph_.tensor_meta.size() || !graph_.tensor_meta[t]) {
        return refuse(fmt::format("constant tensor {} has no tensor_meta", t));
      }
      const auto name = names.find(t);
      if (name == names.end()) return refuse(fmt::format("constant tensor {} has no named slot to find its data by", t));
      if (!context_.resolve_named_data) {
        return refuse(fmt::format("constant tensor {} is named data '{}', but the program has no named data", t, *name->second));
      }
      if (std::optional<LoadRefusal> missing = context_.resolve_named_data(*name->second)) {
        return refuse(fmt::format("constant tensor {}: {}", t, missing->message));
      }
      std::vector<std::int32_t> dims;
      std::uint64_t element = 0;
      if (!static_shape(t, "load_constants", dims, element)) return false;
    }
    return true;
  }

  // load_mutable_buffers: each mutable buffer is allocated, zeroed, from its metadata.
  bool buffers_sized() {
    std::uint32_t max_tid = 0;
    for (const GraphSlot& slot : graph_.mutable_buffer_map) max_tid = std::max(max_tid, slot.idx);
    if (!graph_.mutable_buffer_map.empty() && max_tid >= kMaxCollection) {
      return refuse(fmt::format("mutable_buffer_map names tensor {}, above the loader's limit", max_tid));
    }
    for (const GraphSlot& slot : graph_.mutable_buffer_map) {
      if (slot.slot_type != kTensorSlot) {
        return refuse(fmt::format("mutable_buffer_map holds a slot of type {}; only tensors are mutable buffers",
                                  static_cast<int>(slot.slot_type)));
      }
      if (slot.idx >= graph_.tensor_meta.size() || !graph_.tensor_meta[slot.idx]) {
        return refuse(fmt::format("mutable buffer tensor {} has no tensor_meta", slot.idx));
      }
      std::vector<std::int32_t> dims;
      std::uint64_t bytes = 0;
      if (!static_shape(slot.idx, "load_mutable_buffers", dims, bytes)) return false;
      for (std::int32_t dim : dims) {
        if (dim <= 0) return refuse(fmt::format("mutable buffer tensor {} has dimension {}", slot.idx, dim));
        if (bytes > kMaxAllocation / static_cast<std::uint64_t>(dim)) {
          return refuse(fmt::format("mutable buffer tensor {} would take more than the runtime's 4 GB limit", slot.idx));
        }
        bytes *= static_cast<std::uint64_t>(dim);
      }
    }
    return true;
  }

  const std::uint8_t* payload_;
  std::size_t size_;
  const DelegateLoadContext& context_;
  std::optional<std::size_t> version_;
  Payload parts_;
  std::vector<std::uint8_t> aligned_;
  GraphView graph_;
  std::optional<LoadRefusal> refusal_;
};

class MlxLoadChecks final : public BackendLoadChecks {
 public:
  std::string_view backend_id() const override { return kBackendId; }
  std::string_view display_name() const override { return "MLX"; }
  std::optional<LoadRefusal> check(const std::uint8_t* payload, std::size_t size,
                                   const DelegateLoadContext& context) const override {
    return Checker(payload, size, context).run();
  }
};

}  // namespace

const BackendLoadChecks& backend_load_checks() {
  static const MlxLoadChecks checks;
  return checks;
}

}  // namespace fbcompat::mlx
