// XNNPACK's checks at BackendDelegate::Init, in the runtime's order; each names the release that
// introduced it. Before 1.3.0 most were missing, and the runtime read what they now guard: those
// programs are refused as crashes.
#include "fbcompat/xnnpack/backend_load_checks.h"

#include <cstring>
#include <string>
#include <vector>

#include <flatbuffers/flatbuffers.h>
#include <fmt/format.h>

#include "fbcompat/base/little_endian.h"
#include "fbcompat/core/verifier_limits.h"
#include "fbcompat/executorch/program.h"
#include "fbcompat/xnnpack/delegate.h"
#include "fbcompat/xnnpack/runtime_schema_generated.h"

namespace fbcompat::xnnpack {
namespace {

namespace fx = fb_xnnpack;

constexpr std::size_t kMinimumPayload = 30;  // the header's size; the runtime refuses anything shorter
constexpr std::uint32_t kMaxExterns = 4096;
constexpr std::uint32_t kKnownFlags = 1 | 2;  // EXTERNAL_INPUT, EXTERNAL_OUTPUT
constexpr std::uint32_t kVerifierDepth = 64;         // flatbuffers::Verifier's defaults
constexpr std::uint32_t kVerifierTables = 1000000;

// The payload as the runtime splits it: the graph flatbuffer and, with a header, the constant region.
struct PayloadParts {
  bool has_header = false;
  std::uint64_t flatbuffer_offset = 0;
  std::uint64_t flatbuffer_size = 0;
  std::uint64_t constants_offset = 0;
  std::uint64_t constants_size = 0;
};

class Checker {
 public:
  Checker(const std::uint8_t* payload, std::size_t size, const DelegateLoadContext& context)
      : payload_(payload), size_(size), context_(context), release_(context.release) {}

  std::optional<LoadRefusal> run() {
    if (read_header() && check_graph()) return std::nullopt;
    return refusal_;
  }

 private:
  bool refuse(RuntimeError error, std::string message) {
    refusal_ = LoadRefusal{LoadStage::DelegateChecks, error, context_.method, "", std::move(message)};
    return false;
  }
  // The runtime's error from 1.3.0, which added most checks; a crash before.
  bool refuse_from_1_3(RuntimeError error, std::string message) {
    return refuse(release_.at_least(1, 3) ? error : RuntimeError::Crash, std::move(message));
  }

  bool read_header() {
    if (size_ < kMinimumPayload) {
      return refuse(RuntimeError::InvalidArgument,
                    fmt::format("the payload is {} bytes; the runtime needs at least {} to look for its XH00 header",
                                size_, kMinimumPayload));
    }
    parts_.has_header = std::memcmp(payload_ + 4, "XH00", 4) == 0;
    if (!parts_.has_header) {
      parts_.flatbuffer_size = size_;
      return true;
    }
    // Bytes 0..3 and the header length at byte 8 are never read.
    parts_.flatbuffer_offset = read_le(payload_ + 10, 4);
    parts_.flatbuffer_size = read_le(payload_ + 14, 4);
    parts_.constants_offset = read_le(payload_ + 18, 4);
    parts_.constants_size = read_le(payload_ + 22, 8);
    const PayloadParts& p = parts_;
    if (p.flatbuffer_size < 8) {
      return refuse_from_1_3(RuntimeError::InvalidArgument,
                             fmt::format("the XH00 header's flatbuffer size {} (byte 14) is below 8", p.flatbuffer_size));
    }
    if (p.flatbuffer_offset > size_ || p.flatbuffer_size > size_ - p.flatbuffer_offset) {
      return refuse_from_1_3(RuntimeError::InvalidArgument,
                             fmt::format("the XH00 header's flatbuffer (offset {}, size {}; bytes 10 and 14) runs past "
                                         "the {}-byte payload",
                                         p.flatbuffer_offset, p.flatbuffer_size, size_));
    }
    if (p.constants_offset > size_ || p.constants_size > size_ - p.constants_offset) {
      return refuse_from_1_3(RuntimeError::InvalidArgument,
                             fmt::format("the XH00 header's constant data (offset {}, size {}; bytes 18 and 22) runs "
                                         "past the {}-byte payload",
                                         p.constants_offset, p.constants_size, size_));
    }
    if (p.constants_offset < p.flatbuffer_offset || p.constants_offset - p.flatbuffer_offset < p.flatbuffer_size) {
      // Before 1.3.0 the overlap was not checked, and reading overlapping bytes does not crash.
      if (!release_.at_least(1, 3)) return true;
      return refuse(RuntimeError::InvalidArgument,
                    fmt::format("the XH00 header's constant data at byte {} starts before the flatbuffer ends (bytes "
                                "[{}, {}))",
                                p.constants_offset, p.flatbuffer_offset, p.flatbuffer_offset + p.flatbuffer_size));
    }
    return true;
  }

  bool check_graph() {
    const std::uint8_t* flatbuffer = payload_ + parts_.flatbuffer_offset;
    const auto length = static_cast<std::size_t>(parts_.flatbuffer_size);
    const char* identifier = reinterpret_cast<const char*>(flatbuffer + 4);
    if (std::memcmp(identifier, "XN00", 4) != 0 && std::memcmp(identifier, "XN01", 4) != 0) {
      std::string shown;
      for (int i = 0; i < 4; ++i) {
        const auto c = static_cast<unsigned char>(identifier[i]);
        shown += c >= 0x20 && c < 0x7f ? std::string(1, static_cast<char>(c)) : fmt::format("\\x{:02x}", c);
      }
      return refuse(RuntimeError::DelegateInvalidCompatibility,
                    fmt::format("the graph's identifier is '{}'; the runtime accepts 'XN00' and 'XN01'", shown));
    }
    // flatbuffers reads scalars in place: a graph that is not 4-byte aligned in memory is read from a copy.
    const std::uint8_t* in_payload = flatbuffer;
    if (reinterpret_cast<std::uintptr_t>(flatbuffer) % alignof(std::uint64_t) != 0) {
      aligned_.assign(flatbuffer, flatbuffer + length);
      flatbuffer = aligned_.data();
    }
    const auto verify = [&](std::uint32_t depth, std::uint32_t tables) {
      flatbuffers::Verifier verifier(flatbuffer, length, depth, tables);
      return verifier.VerifyBuffer<fx::XNNGraph>(nullptr);
    };
    // The runtime's Verifier has flatbuffers' default limits.
    if (!passes_verifier(context_.verified, "fb_xnnpack.XNNGraph", in_payload, length, kVerifierDepth, kVerifierTables,
                         verify)) {
      return refuse_from_1_3(RuntimeError::DelegateInvalidCompatibility,
                             fmt::format("the {}-byte graph flatbuffer fails flatbuffers' Verifier{}", length,
                                         release_.at_least(1, 3) ? "" : ", and this release reads it unverified"));
    }
    graph_ = flatbuffers::GetRoot<fx::XNNGraph>(flatbuffer);
    if (graph_->xvalues() == nullptr || graph_->xnodes() == nullptr) {
      return refuse_from_1_3(RuntimeError::InvalidProgram,
                             fmt::format("the graph has no {} list", graph_->xvalues() == nullptr ? "xvalues" : "xnodes"));
    }
    if (release_.at_least(1, 3) && graph_->num_externs() > kMaxExterns) {
      return refuse(RuntimeError::InvalidProgram,
                    fmt::format("num_externs is {}, above the runtime's limit of {}", graph_->num_externs(), kMaxExterns));
    }
    const auto* values = graph_->xvalues();
    for (flatbuffers::uoffset_t v = 0; v < values->size(); ++v) {
      if (!check_value(*values->Get(v), v)) return false;
    }
    return true;
  }

  bool check_value(const fx::XValue& value, flatbuffers::uoffset_t v) {
    const fx::XNNTensorValue* tensor = nullptr;
    const fx::XNNQuantizedTensorValue* quantized = nullptr;
    switch (value.xvalue_union_type()) {
      case fx::XValueUnion::XNNTensorValue:
        tensor = value.xvalue_union_as_XNNTensorValue();
        break;
      case fx::XValueUnion::XNNQuantizedTensorValue:
        quantized = value.xvalue_union_as_XNNQuantizedTensorValue();
        tensor = quantized == nullptr ? nullptr : quantized->tensor_value();
        break;
      default:
        return refuse(RuntimeError::NotImplemented,
                      fmt::format("xvalues[{}] has value kind {}; the runtime defines tensors (1) and quantized tensors "
                                  "(2)",
                                  v, static_cast<int>(value.xvalue_union_type())));
    }
    if (tensor == nullptr) return refuse_from_1_3(RuntimeError::InvalidProgram, fmt::format("xvalues[{}] has no tensor", v));
    if (release_.at_least(1, 3) && (tensor->flags() & ~kKnownFlags) != 0) {
      return refuse(RuntimeError::InvalidProgram,
                    fmt::format("xvalues[{}] has flags {:#x}; only EXTERNAL_INPUT (1) and EXTERNAL_OUTPUT (2) are "
                                "known",
                                v, tensor->flags()));
    }
    if (!check_constant(tensor->constant_buffer_idx(), ConstantIndex{v, ".constant_buffer_idx"})) return false;
    const std::uint32_t scales = quantized == nullptr ? 0 : scale_buffer(*quantized);
    return check_constant(scales, ConstantIndex{v, " scale_buffer_idx"});
  }

  // Where a constant's index was read ("xvalues[3].constant_buffer_idx"), worded only for a refusal:
  // wording it for every value of every load was a measurable share of golden verify.
  struct ConstantIndex {
    std::size_t value;
    const char* field;
    std::string worded() const { return fmt::format("xvalues[{}]{}", value, field); }
  };

  static std::uint32_t scale_buffer(const fx::XNNQuantizedTensorValue& quantized) {
    if (const auto* channel = quantized.quant_params_as_PerChannelQuant()) return channel->scale_buffer_idx();
    if (const auto* group = quantized.quant_params_as_PerChannelGroupQuant()) return group->scale_buffer_idx();
    return 0;
  }

  // Constant data `i` (0: none): inside the flatbuffer without a header, else in the constant region
  // or the program's named data.
  bool check_constant(std::uint32_t i, const ConstantIndex& where) {
    if (i == 0) return true;
    if (!parts_.has_header) {
      const auto* buffers = graph_->constant_buffer();
      const std::size_t count = buffers == nullptr ? 0 : buffers->size();
      if (i >= count) {
        return refuse_from_1_3(RuntimeError::InvalidProgram,
                               fmt::format("{} is {}, past the graph's {} constant_buffer entries", where.worded(), i, count));
      }
      if (buffers->Get(i)->storage() == nullptr) {
        return refuse_from_1_3(RuntimeError::InvalidProgram, fmt::format("{}: constant_buffer[{}] has no storage", where.worded(), i));
      }
      return true;
    }
    const auto* entries = graph_->constant_data();
    const std::size_t count = entries == nullptr ? 0 : entries->size();
    if (i >= count) {
      return refuse_from_1_3(RuntimeError::InvalidProgram,
                             fmt::format("{} is {}, past the graph's {} constant_data entries", where.worded(), i, count));
    }
    const fx::ConstantDataOffset* entry = entries->Get(i);
    if (entry->named_key() != nullptr && release_.at_least(0, 6)) return check_named(entry->named_key()->str(), where.worded());
    if (entry->offset() > parts_.constants_size || entry->size() > parts_.constants_size - entry->offset()) {
      return refuse_from_1_3(RuntimeError::InvalidProgram,
                             fmt::format("{}: constant_data[{}] (offset {}, size {}) runs past the payload's {} bytes of "
                                         "constant data",
                                         where.worded(), i, entry->offset(), entry->size(), parts_.constants_size));
    }
    return true;
  }

  bool check_named(const std::string& key, const std::string& where) {
    if (!context_.resolve_named_data) {
      return refuse(RuntimeError::Crash,
                    fmt::format("{} names named data '{}', but the program has no named_data (and no .ptd data is "
                                "supplied): the runtime reads a null map",
                                where, key));
    }
    std::optional<LoadRefusal> missing = context_.resolve_named_data(key);
    if (!missing || !release_.at_least(1, 3)) return true;  // before 1.3.0 the tensor silently got no data
    refusal_ = std::move(missing);
    refusal_->stage = LoadStage::DelegateChecks;
    refusal_->message = fmt::format("{}: {}", where, refusal_->message);
    return false;
  }

  const std::uint8_t* payload_;
  std::size_t size_;
  const DelegateLoadContext& context_;
  RuntimeRelease release_;
  PayloadParts parts_;
  std::vector<std::uint8_t> aligned_;
  const fx::XNNGraph* graph_ = nullptr;
  std::optional<LoadRefusal> refusal_;
};

class XnnpackLoadChecks final : public BackendLoadChecks {
 public:
  std::string_view backend_id() const override { return kBackendId; }
  std::string_view display_name() const override { return "XNNPACK"; }
  std::optional<LoadRefusal> check(const std::uint8_t* payload, std::size_t size,
                                   const DelegateLoadContext& context) const override {
    return Checker(payload, size, context).run();
  }
};

}  // namespace

const BackendLoadChecks& backend_load_checks() {
  static const XnnpackLoadChecks checks;
  return checks;
}

}  // namespace fbcompat::xnnpack
