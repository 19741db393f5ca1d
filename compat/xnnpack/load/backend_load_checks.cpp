// XNNPACK's init at BackendDelegate::Init, in the runtime's order (payload_checker.h): the payload and
// its graph, the definitions XNNPACK is given, and the runtime it makes of them. What differs between
// releases is a rule of backend_rules.cpp.
#include "fbcompat/xnnpack/backend_load_checks.h"

#include <cstring>
#include <string>

#include <flatbuffers/flatbuffers.h>
#include <fmt/format.h>

#include "fbcompat/core/verifier_limits.h"
#include "fbcompat/executorch/program.h"
#include "fbcompat/xnnpack/delegate.h"
#include "fbcompat/xnnpack/runtime_schema_generated.h"
#include "load/payload_checker.h"

namespace fbcompat::xnnpack {
namespace {

constexpr std::uint32_t kMaxExterns = 4096;
constexpr std::uint32_t kVerifierDepth = 64;  // flatbuffers::Verifier's defaults
constexpr std::uint32_t kVerifierTables = 1000000;

std::string printable_identifier(const char* identifier) {
  std::string shown;
  for (int i = 0; i < 4; ++i) {
    const auto c = static_cast<unsigned char>(identifier[i]);
    shown += c >= 0x20 && c < 0x7f ? std::string(1, static_cast<char>(c)) : fmt::format("\\x{:02x}", c);
  }
  return shown;
}

// The nodes whose weights 1.4.1 looks for before defining any value.
bool packs_weights(fx::XNodeUnion type) {
  return type == fx::XNodeUnion::XNNFullyConnected || type == fx::XNodeUnion::XNNConv2d ||
         type == fx::XNodeUnion::XNNDepthwiseConv2d || type == fx::XNodeUnion::XNNConvTranspose2d;
}

}  // namespace

PayloadChecker::PayloadChecker(const std::uint8_t* payload, std::size_t size, const DelegateLoadContext& context)
    : payload_(payload), size_(size), context_(context), rules_(backend_release_rules(), context.release) {}

std::optional<LoadRefusal> PayloadChecker::run() {
  const bool loads = read_header() && check_graph() && start_definitions() && check_packed_weights() &&
                     define_values() && define_nodes() && judge_short_constants() && create_runtime();
  if (loads && definition_ && context_.warn) {
    for (std::string& note : definition_->notes()) context_.warn(std::move(note));
  }
  if (loads && definition_ && context_.not_checked) {
    for (std::string& why : definition_->unchecked()) context_.not_checked(std::move(why));
  }
  return loads ? std::nullopt : refusal_;
}

bool PayloadChecker::refuse(RuntimeError error, std::string message) {
  refusal_ = LoadRefusal{LoadStage::DelegateChecks, error, context_.method, "", std::move(message), {}};
  return false;
}

bool PayloadChecker::refuse_under(BackendRule rule, RuntimeError error, std::string message) {
  return refuse(rules_(rule) ? error : RuntimeError::Crash, std::move(message));
}

bool PayloadChecker::refuse_definition(PayloadPlace place, const std::string& answer) {
  refusal_ = LoadRefusal{LoadStage::LibraryDefinition, RuntimeError::Internal, context_.method, "", answer, place};
  return false;
}

bool PayloadChecker::read_header() {
  if (size_ < kXh00HeaderSize) {
    return refuse(RuntimeError::InvalidArgument,
                  fmt::format("the payload is {} bytes; the runtime needs at least {} to look for its XH00 header", size_,
                              kXh00HeaderSize));
  }
  parts_ = split_payload(payload_, size_);
  if (!parts_.has_header) return true;
  const PayloadParts& p = parts_;
  constexpr BackendRule kBounds = BackendRule::PayloadBoundsChecked;
  if (p.flatbuffer_size < 8) {
    return refuse_under(kBounds, RuntimeError::InvalidArgument,
                        fmt::format("the XH00 header's flatbuffer size {} (byte 14) is below 8", p.flatbuffer_size));
  }
  if (p.flatbuffer_offset > size_ || p.flatbuffer_size > size_ - p.flatbuffer_offset) {
    return refuse_under(kBounds, RuntimeError::InvalidArgument,
                        fmt::format("the XH00 header's flatbuffer (offset {}, size {}; bytes 10 and 14) runs past the "
                                    "{}-byte payload",
                                    p.flatbuffer_offset, p.flatbuffer_size, size_));
  }
  if (p.constants_offset > size_ || p.constants_size > size_ - p.constants_offset) {
    return refuse_under(kBounds, RuntimeError::InvalidArgument,
                        fmt::format("the XH00 header's constant data (offset {}, size {}; bytes 18 and 22) runs past "
                                    "the {}-byte payload",
                                    p.constants_offset, p.constants_size, size_));
  }
  if (p.constants_offset < p.flatbuffer_offset || p.constants_offset - p.flatbuffer_offset < p.flatbuffer_size) {
    // Before the rule the overlap was not checked, and reading overlapping bytes does not crash.
    if (!rules_(kBounds)) return true;
    return refuse(RuntimeError::InvalidArgument,
                  fmt::format("the XH00 header's constant data at byte {} starts before the flatbuffer ends (bytes [{}, "
                              "{}))",
                              p.constants_offset, p.flatbuffer_offset, p.flatbuffer_offset + p.flatbuffer_size));
  }
  return true;
}

bool PayloadChecker::check_graph() {
  const std::uint8_t* flatbuffer = payload_ + parts_.flatbuffer_offset;
  const auto length = static_cast<std::size_t>(parts_.flatbuffer_size);
  const char* identifier = reinterpret_cast<const char*>(flatbuffer + 4);
  if (std::memcmp(identifier, "XN00", 4) != 0 && std::memcmp(identifier, "XN01", 4) != 0) {
    return refuse(RuntimeError::DelegateInvalidCompatibility,
                  fmt::format("the graph's identifier is '{}'; the runtime accepts 'XN00' and 'XN01'", printable_identifier(identifier)));
  }
  // flatbuffers reads scalars in place: a graph that is not 8-byte aligned in memory is read from a copy.
  const std::uint8_t* in_payload = flatbuffer;
  if (reinterpret_cast<std::uintptr_t>(flatbuffer) % alignof(std::uint64_t) != 0) {
    aligned_.assign(flatbuffer, flatbuffer + length);
    flatbuffer = aligned_.data();
  }
  const auto verify = [&](std::uint32_t depth, std::uint32_t tables) {
    flatbuffers::Verifier verifier(flatbuffer, length, depth, tables);
    return verifier.VerifyBuffer<fx::XNNGraph>(nullptr);
  };
  // The runtime's Verifier has flatbuffers' default limits. fbcompat reads nothing unverified.
  if (!passes_verifier(context_.verified, "fb_xnnpack.XNNGraph", in_payload, length, kVerifierDepth, kVerifierTables,
                       verify)) {
    const bool verified = rules_(BackendRule::GraphVerified);
    return refuse(verified ? RuntimeError::DelegateInvalidCompatibility : RuntimeError::Crash,
                  fmt::format("the {}-byte graph flatbuffer fails flatbuffers' Verifier{}", length,
                              verified ? "" : ", and this release reads it unverified"));
  }
  graph_ = flatbuffers::GetRoot<fx::XNNGraph>(flatbuffer);
  if (graph_->xvalues() == nullptr || graph_->xnodes() == nullptr) {
    return refuse_under(BackendRule::GraphListsChecked, RuntimeError::InvalidProgram,
                        fmt::format("the graph has no {} list", graph_->xvalues() == nullptr ? "xvalues" : "xnodes"));
  }
  if (rules_(BackendRule::ExternsLimited) && graph_->num_externs() > kMaxExterns) {
    return refuse(RuntimeError::InvalidProgram,
                  fmt::format("num_externs is {}, above the runtime's limit of {}", graph_->num_externs(), kMaxExterns));
  }
  packed_ = packed_reads(*graph_);
  return true;
}

// xnn_initialize and xnn_create_subgraph, on the library when one is given.
bool PayloadChecker::start_definitions() {
  defined_ids_.insert(kInvalidValueId);
  if (context_.library == nullptr) return true;
  auto started = context_.library->begin(payload_, size_, context_);
  // The checks before have read the payload whole: what stops the library now is the machine (XNNPACK
  // not initialised, no memory), which says nothing about the program.
  if (!started) {
    if (context_.not_checked) context_.not_checked(started.error().message);
    return true;
  }
  definition_ = std::move(started.value());
  return true;
}

// 1.4.1 looks through the nodes for the weights XNNPACK packs before it defines any value.
bool PayloadChecker::check_packed_weights() {
  if (!rules_(BackendRule::PackedWeightsFirst)) return true;
  const auto* nodes = graph_->xnodes();
  for (flatbuffers::uoffset_t n = 0; n < nodes->size(); ++n) {
    const fx::XNode& node = *nodes->Get(n);
    if (packs_weights(node.xnode_union_type()) && node.xnode_union() == nullptr) {
      return refuse(RuntimeError::Crash,
                    fmt::format("{} has no payload table, which the runtime reads unchecked while it looks for the "
                                "weights XNNPACK packs",
                                node_name(node, n)));
    }
  }
  return true;
}

bool PayloadChecker::define_values() {
  const auto* values = graph_->xvalues();
  for (flatbuffers::uoffset_t v = 0; v < values->size(); ++v) {
    if (!check_value(*values->Get(v), v)) return false;
    if (!definition_) continue;
    if (auto answer = definition_->define_value(v)) return refuse_definition(PayloadPlace::value(v), *answer);
  }
  return true;
}

bool PayloadChecker::define_nodes() {
  const auto* nodes = graph_->xnodes();
  for (flatbuffers::uoffset_t n = 0; n < nodes->size(); ++n) {
    if (!check_node(*nodes->Get(n), n)) return false;
    if (!definition_) continue;
    if (auto answer = definition_->define_node(n)) return refuse_definition(PayloadPlace::node(n), *answer);
  }
  return true;
}

bool PayloadChecker::create_runtime() {
  if (!definition_) return true;
  if (auto answer = definition_->create_runtime()) return refuse_definition(PayloadPlace::runtime(), *answer);
  return true;
}

std::uint64_t PayloadChecker::payload_end_from(const std::uint8_t* inside) const {
  const std::uint8_t* base = aligned_.empty() ? payload_ + parts_.flatbuffer_offset : aligned_.data();
  return size_ - parts_.flatbuffer_offset - static_cast<std::uint64_t>(inside - base);
}

bool PayloadChecker::judge_short_constants() {
  for (const ShortConstant& constant : short_constants_) {
    const std::string what = fmt::format("xvalues[{}]'s constant holds {} bytes where XNNPACK reads {}", constant.value,
                                         constant.bytes.entry, constant.needed);
    if (constant.needed <= constant.bytes.to_payload_end) {
      if (context_.warn) context_.warn(what + ": the runtime reads on into other bytes of the payload");
      continue;
    }
    if (packed_.count(constant.id) != 0) {
      return refuse(RuntimeError::Crash, what + ", past the end of the delegate's data, while it packs the weights as "
                                                "the method loads");
    }
    if (context_.crashes_when_run) {
      context_.crashes_when_run(what + ", past the end of the delegate's data, when the method runs");
    }
  }
  return true;
}

std::string PayloadChecker::node_name(const fx::XNode& node, std::size_t n) const {
  const fx::XNodeUnion type = node.xnode_union_type();
  const char* member = fx::EnumNameXNodeUnion(type);
  if (*member == '\0') return fmt::format("xnodes[{}] (node type {})", n, static_cast<int>(type));
  return fmt::format("xnodes[{}] ({})", n, member);
}

namespace {

class XnnpackLoadChecks final : public BackendLoadChecks {
 public:
  std::string_view backend_id() const override { return kBackendId; }
  std::string_view display_name() const override { return "XNNPACK"; }
  std::optional<LoadRefusal> check(const std::uint8_t* payload, std::size_t size,
                                   const DelegateLoadContext& context) const override {
    return PayloadChecker(payload, size, context).run();
  }
  const std::vector<ReleaseRule>& release_rules() const override { return backend_release_rules(); }
};

}  // namespace

const BackendLoadChecks& backend_load_checks() {
  static const XnnpackLoadChecks checks;
  return checks;
}

}  // namespace fbcompat::xnnpack
