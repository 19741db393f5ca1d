// The XNNPACK backend's release rules, read from backends/xnnpack/runtime/XNNCompiler.cpp at each
// release tag: one row per check or definition that differs between releases, in BackendRule order.
#include "load/backend_rules.h"

#include <algorithm>
#include <utility>

namespace fbcompat::xnnpack {
namespace {

using fb_xnnpack::XNodeUnion;

constexpr std::string_view kChecks = "the XNNPACK delegate's own checks";
constexpr std::string_view kDefinitions = "XNNPACK's definitions";
constexpr std::string_view kNodeTypes = "the XNNPACK delegate's own checks (node types)";
constexpr std::string_view kUnhandled = "NotImplemented (Unhandled node type) otherwise";

// The node types the oldest described release (0.2.0) defines and every later one still does.
constexpr XNodeUnion kAlwaysDefined[] = {
    XNodeUnion::XNNAdd,           XNodeUnion::XNNFullyConnected,     XNodeUnion::XNNSoftmax,
    XNodeUnion::XNNSigmoid,       XNodeUnion::XNNStaticTranspose,    XNodeUnion::XNNClamp,
    XNodeUnion::XNNConv2d,        XNodeUnion::XNNDiv,                XNodeUnion::XNNStaticResizeBilinear2D,
    XNodeUnion::XNNStaticConstantPad, XNodeUnion::XNNAvgPooling2d,   XNodeUnion::XNNMinimum,
    XNodeUnion::XNNDepthwiseConv2d, XNodeUnion::XNNMaxPooling2d,     XNodeUnion::XNNMultiply,
    XNodeUnion::XNNSubtract,      XNodeUnion::XNNFloor,              XNodeUnion::XNNConvert,
    XNodeUnion::XNNGlobalAvgPooling2d, XNodeUnion::XNNStaticReshape, XNodeUnion::XNNArgMaxPooling2d,
    XNodeUnion::XNNSquareRoot,    XNodeUnion::XNNCeiling,            XNodeUnion::XNNHardswish,
    XNodeUnion::XNNLeakyReLU,     XNodeUnion::XNNMaximum,            XNodeUnion::XNNNegate,
    XNodeUnion::XNNSquare,        XNodeUnion::XNNELU,                XNodeUnion::XNNAbs,
    XNodeUnion::XNNPReLU,         XNodeUnion::XNNConcatenate2,       XNodeUnion::XNNConcatenate3,
    XNodeUnion::XNNConcatenate4,  XNodeUnion::XNNStaticSlice,
};

// The node types a rule adds (or, with `until`, removes).
constexpr std::pair<XNodeUnion, BackendRule> kNodeRules[] = {
    {XNodeUnion::XNNBatchMatrixMultiply, BackendRule::NodeBatchMatrixMultiply},
    {XNodeUnion::XNNConcatenate5, BackendRule::NodeConcatenate5},
    {XNodeUnion::XNNConvTranspose2d, BackendRule::NodeConvTranspose2d},
    {XNodeUnion::XNNReciprocalSquareRoot, BackendRule::NodeReciprocalSquareRoot},
    {XNodeUnion::XNNExp, BackendRule::NodeExp},
    {XNodeUnion::XNNGelu, BackendRule::NodeGelu},
    {XNodeUnion::XNNLog, BackendRule::NodeLog},
    {XNodeUnion::XNNTanh, BackendRule::NodeTanh},
    {XNodeUnion::XNNScaledDotProductAttention, BackendRule::NodeScaledDotProductAttention},
    {XNodeUnion::XNNCopy, BackendRule::NodeCopy},
    {XNodeUnion::XNNCos, BackendRule::NodeCos},
    {XNodeUnion::XNNSin, BackendRule::NodeSin},
};

bool always_defined(XNodeUnion type) {
  return std::find(std::begin(kAlwaysDefined), std::end(kAlwaysDefined), type) != std::end(kAlwaysDefined);
}

const BackendRule* rule_of(XNodeUnion type) {
  for (const auto& [member, rule] : kNodeRules) {
    if (member == type) return &rule;
  }
  return nullptr;
}

}  // namespace

const std::vector<ReleaseRule>& backend_release_rules() {
  static const std::vector<ReleaseRule> rules{
      {"xnnpack-named-constants", {0, 6, 0}, std::nullopt, kChecks,
       "a constant_data entry with a named_key takes its bytes from the program's named data",
       "a crash when the program has no named data"},
      {"xnnpack-datatypes-0.7", {0, 7, 0}, std::nullopt, kDefinitions,
       "datatypes qpint8, int32, pfp32 and bf16 are handed to XNNPACK as themselves (as invalid before)",
       "Internal from XNNPACK's refusal before"},
      {"xnnpack-payload-bounds", {1, 3, 0}, std::nullopt, kChecks,
       "the XH00 header's flatbuffer and constant ranges lie in the payload, the constants after the flatbuffer",
       "InvalidArgument (a crash before)"},
      {"xnnpack-graph-verified", {1, 3, 0}, std::nullopt, kChecks, "flatbuffers' Verifier on the graph",
       "DelegateInvalidCompatibility (read unverified before)"},
      {"xnnpack-graph-lists", {1, 3, 0}, std::nullopt, kChecks, "a null graph, xvalues or xnodes is refused",
       "InvalidProgram (a crash before)"},
      {"xnnpack-externs-limited", {1, 3, 0}, std::nullopt, kChecks, "num_externs is at most 4096", "InvalidProgram"},
      {"xnnpack-value-flags", {1, 3, 0}, std::nullopt, kChecks,
       "a value's flags hold only EXTERNAL_INPUT and EXTERNAL_OUTPUT", "InvalidProgram"},
      {"xnnpack-null-tensor", {1, 3, 0}, std::nullopt, kChecks, "a value without its tensor is InvalidProgram",
       "Internal before"},
      {"xnnpack-constants-checked", {1, 3, 0}, std::nullopt, kChecks,
       "constant indices lie in constant_data or constant_buffer, and offsets inside the constant region",
       "InvalidProgram (a crash before)"},
      {"xnnpack-named-data-errors", {1, 3, 0}, std::nullopt, kChecks,
       "a named_key the program's named data does not resolve is refused", "its error (no data before)"},
      {"xnnpack-rank-from-dims", {1, 3, 0}, std::nullopt, kDefinitions,
       "a value's rank is its dims' length, and absent dims are rank 0 (before, num_dims gave the rank)",
       "a crash before on absent dims, or num_dims past them"},
      {"xnnpack-remapped-ids", {1, 3, 0}, std::nullopt, kChecks,
       "a node naming a value id no value defined is refused", "Internal (std::terminate before)"},
      {"xnnpack-node-lists", {1, 3, 0}, std::nullopt, kChecks,
       "perm, new_shape, pre_paddings, post_paddings, offsets and sizes present, and a slice's offsets and sizes as "
       "long as each other (before, num_dims gave their length)",
       "InvalidProgram (a crash before)"},
      {"xnnpack-packed-weights-first", {1, 4, 1}, std::nullopt, kChecks,
       "fully connected and convolution nodes are read before any value is defined (to find the weights XNNPACK "
       "packs)",
       "a crash there on a node without its payload"},
      {"xnnpack-node-batch-matrix-multiply", {0, 4, 0}, std::nullopt, kNodeTypes, "XNNBatchMatrixMultiply is defined",
       kUnhandled},
      {"xnnpack-node-concatenate5", {0, 6, 0}, std::nullopt, kNodeTypes, "XNNConcatenate5 is defined", kUnhandled},
      {"xnnpack-node-conv-transpose2d", {0, 6, 0}, std::nullopt, kNodeTypes, "XNNConvTranspose2d is defined",
       kUnhandled},
      {"xnnpack-node-reciprocal-square-root", {0, 6, 0}, std::nullopt, kNodeTypes,
       "XNNReciprocalSquareRoot is defined", kUnhandled},
      {"xnnpack-node-exp", {0, 7, 0}, std::nullopt, kNodeTypes, "XNNExp is defined", kUnhandled},
      {"xnnpack-node-gelu", {0, 7, 0}, std::nullopt, kNodeTypes, "XNNGelu is defined", kUnhandled},
      {"xnnpack-node-log", {0, 7, 0}, std::nullopt, kNodeTypes, "XNNLog is defined", kUnhandled},
      {"xnnpack-node-tanh", {0, 7, 0}, std::nullopt, kNodeTypes, "XNNTanh is defined", kUnhandled},
      {"xnnpack-node-scaled-dot-product-attention", {0, 2, 0}, RuntimeRelease{0, 7, 0}, kNodeTypes,
       "XNNScaledDotProductAttention is defined (until 0.7.0 removed it)", kUnhandled},
      {"xnnpack-node-copy", {1, 1, 0}, std::nullopt, kNodeTypes, "XNNCopy is defined", kUnhandled},
      {"xnnpack-node-cos", {1, 1, 0}, std::nullopt, kNodeTypes, "XNNCos is defined", kUnhandled},
      {"xnnpack-node-sin", {1, 1, 0}, std::nullopt, kNodeTypes, "XNNSin is defined", kUnhandled},
  };
  return rules;
}

fb_xnnpack::XNNDatatype datatype_as_handed(fb_xnnpack::XNNDatatype datatype, const BackendRules& rules) {
  using fb_xnnpack::XNNDatatype;
  const auto code = static_cast<int>(datatype);
  const int newest = static_cast<int>(rules(BackendRule::DatatypesOf070) ? XNNDatatype::xnn_datatype_bf16
                                                                          : XNNDatatype::xnn_datatype_qbint4);
  return code >= 1 && code <= newest ? datatype : XNNDatatype::xnn_datatype_invalid;
}

std::uint64_t datatype_bits(fb_xnnpack::XNNDatatype datatype) {
  using fb_xnnpack::XNNDatatype;
  switch (datatype) {
    case XNNDatatype::xnn_datatype_qcint4:
    case XNNDatatype::xnn_datatype_qbint4: return 4;
    case XNNDatatype::xnn_datatype_qint8:
    case XNNDatatype::xnn_datatype_quint8:
    case XNNDatatype::xnn_datatype_qcint8:
    case XNNDatatype::xnn_datatype_qdint8:
    case XNNDatatype::xnn_datatype_qpint8: return 8;
    case XNNDatatype::xnn_datatype_fp16:
    case XNNDatatype::xnn_datatype_bf16: return 16;
    case XNNDatatype::xnn_datatype_fp32:
    case XNNDatatype::xnn_datatype_qint32:
    case XNNDatatype::xnn_datatype_qcint32:
    case XNNDatatype::xnn_datatype_int32:
    case XNNDatatype::xnn_datatype_pfp32: return 32;
    default: return 0;
  }
}

bool is_quantized_datatype(fb_xnnpack::XNNDatatype datatype) {
  using fb_xnnpack::XNNDatatype;
  switch (datatype) {
    case XNNDatatype::xnn_datatype_qint8:
    case XNNDatatype::xnn_datatype_quint8:
    case XNNDatatype::xnn_datatype_qint32:
    case XNNDatatype::xnn_datatype_qcint8:
    case XNNDatatype::xnn_datatype_qcint32:
    case XNNDatatype::xnn_datatype_qcint4:
    case XNNDatatype::xnn_datatype_qdint8:
      return true;
    default:
      return false;
  }
}

bool node_type_defined(XNodeUnion type, const BackendRules& rules, bool development_head) {
  if (always_defined(type)) return true;
  const BackendRule* rule = rule_of(type);
  if (rule != nullptr) return rules(*rule);
  if (!development_head) return false;
  // Past the newest described release's types: what the newest schema added after it.
  static const int newest_defined = [] {
    const BackendRules newest(backend_release_rules(), RuntimeRelease::newest_described());
    int id = 0;
    for (int t = 1; t <= static_cast<int>(XNodeUnion::MAX); ++t) {
      if (node_type_defined(static_cast<XNodeUnion>(t), newest)) id = t;
    }
    return id;
  }();
  const int id = static_cast<int>(type);
  return id > newest_defined && id <= static_cast<int>(XNodeUnion::MAX);
}

std::optional<DefiningReleases> releases_defining(XNodeUnion type) {
  if (always_defined(type)) return DefiningReleases{RuntimeRelease::oldest_described(), std::nullopt};
  const BackendRule* rule = rule_of(type);
  if (rule == nullptr) return std::nullopt;
  const ReleaseRule& row = backend_release_rules()[static_cast<std::size_t>(*rule)];
  return DefiningReleases{row.since, row.until};
}

}  // namespace fbcompat::xnnpack
