// The XNNPACK backend's release rules (fbcompat/executorch/release_rules.h): what XNNCompiler's
// compileModel checks and defines differently from one release to another, node types included. The
// backend's checks (backend_load_checks.cpp) and the definitions on XNNPACK (runtime/) ask for them by
// name.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "fbcompat/executorch/release_rules.h"
#include "fbcompat/xnnpack/runtime_schema_generated.h"

namespace fbcompat::xnnpack {

enum class BackendRule : std::uint8_t {
  NamedConstants,
  DatatypesOf070,
  PayloadBoundsChecked,
  GraphVerified,
  GraphListsChecked,
  ExternsLimited,
  ValueFlagsChecked,
  NullTensorRefused,
  ConstantsChecked,
  NamedDataErrors,
  RankFromDims,
  RemappedIdsChecked,
  NodeListsChecked,
  PackedWeightsFirst,
  NodeBatchMatrixMultiply,
  NodeConcatenate5,
  NodeConvTranspose2d,
  NodeReciprocalSquareRoot,
  NodeExp,
  NodeGelu,
  NodeLog,
  NodeTanh,
  NodeScaledDotProductAttention,
  NodeCopy,
  NodeCos,
  NodeSin,
  Count
};
constexpr std::size_t kBackendRuleCount = static_cast<std::size_t>(BackendRule::Count);
using BackendRules = RulesInEffect<BackendRule, kBackendRuleCount>;

// A datatype as the release's compileModel hands it to XNNPACK (getDataType): itself, or invalid when
// that release does not know it.
fb_xnnpack::XNNDatatype datatype_as_handed(fb_xnnpack::XNNDatatype datatype, const BackendRules& rules);
// Bits per element of a datatype whose static data XNNPACK reads (4 for the 4-bit ones); 0 for others.
std::uint64_t datatype_bits(fb_xnnpack::XNNDatatype datatype);
// The datatypes compileModel counts as quantized (isQuantizedDataType).
bool is_quantized_datatype(fb_xnnpack::XNNDatatype datatype);

// The table, in BackendRule order.
const std::vector<ReleaseRule>& backend_release_rules();

// Whether a release's compileModel defines nodes of this type: the types every release from the oldest
// described defines, and those a rule adds or removes. At the development head (an unreleased schema
// version's runtime), also the types the newest runtime schema adds after the newest described release
// (XNNDepthToSpace2d). NONE and unknown ids: never.
bool node_type_defined(fb_xnnpack::XNodeUnion type, const BackendRules& rules, bool development_head = false);
// The releases that define the type: [first, until), `until` empty when every later release does;
// nullopt when no described release does (XNNDepthToSpace2d, added after 1.4.1). For a refusal's words.
struct DefiningReleases {
  RuntimeRelease first;
  std::optional<RuntimeRelease> until;
};
std::optional<DefiningReleases> releases_defining(fb_xnnpack::XNodeUnion type);

}  // namespace fbcompat::xnnpack
