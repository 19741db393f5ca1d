// The release rules: every check of ExecuTorch's runtime that differs from one release to another, as
// one table (what changed, the release it changed in, where the runtime makes it, and its error). The
// loader's checks ask for a rule by name (`applies(LoaderRule::RankAtMost16)`), never for a release
// number; a backend's own checks keep their rules in the same form (BackendLoadChecks::release_rules());
// the releases whose rules differ, and so the releases worth loading a program at, are derived from
// the rules (rule_change_releases). docs/what-loads-where.md lists the same table, and a test holds
// the two together.
#pragma once

#include <bitset>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "fbcompat/executorch/runtime_release.h"

namespace fbcompat {

struct ReleaseRule {
  std::string_view id;     // "rank-at-most-16": how docs/what-loads-where.md names it
  RuntimeRelease since;    // the first release that behaves so
  std::optional<RuntimeRelease> until;  // the first release that no longer does; none: every later one
  std::string_view stage;  // where the runtime makes the check: "method load (tensors)"
  std::string_view change;  // what the rule is, in a sentence
  std::string_view error;   // what it gives, and what the releases before gave: "InvalidProgram (a crash before)"

  constexpr bool applies_to(const RuntimeRelease& release) const {
    return !(release < since) && (!until || release < *until);
  }
};

// The loader's rules (Program::load, segments, Method::init, BackendDelegate::Init), by name.
enum class LoaderRule : std::uint8_t {
  BFloat16ScalarType,
  ConstantSegmentPlaceholder,
  MutableData,
  InputsOutputsCheckedWhenUsed,
  ScalarTypesTo29,
  ComplexScalarTypes,
  ValuesPresentFirst,
  ExternalTensors,
  ListItemsChecked,
  NegativeSizesRefused,
  NamedDataNeedsSegments,
  AbsentConstantBufferEmpty,
  NamedDataKeyPrefix,
  SegmentDataSize,
  ExternalDataMapChecked,
  RankAtMost16,
  ValidateProgram,
  NamelessPlansSkipped,
  DimOrderPermutation,
  ConstantBufferPadding,
  ProgramBounds,
  ValidateProgramOverflow,
  ListItemTypeChecked,
  PlannedMemoryRequired,
  OverflowChecks,
  OptionalCompileSpecs,
  MoveFreeChecked,
  MissingSegmentsRefused,
  Count
};
constexpr std::size_t kLoaderRuleCount = static_cast<std::size_t>(LoaderRule::Count);

// The loader's table, in LoaderRule order.
const std::vector<ReleaseRule>& loader_release_rules();
inline const ReleaseRule& release_rule(LoaderRule rule) {
  return loader_release_rules()[static_cast<std::size_t>(rule)];
}

// Which rules of a table apply to one release, worked out once per load.
template <typename Rule, std::size_t N>
class RulesInEffect {
 public:
  RulesInEffect(const std::vector<ReleaseRule>& table, const RuntimeRelease& release) {
    for (std::size_t i = 0; i < table.size() && i < N; ++i) applies_[i] = table[i].applies_to(release);
  }
  bool operator()(Rule rule) const { return applies_[static_cast<std::size_t>(rule)]; }

 private:
  std::bitset<N> applies_;
};
using LoaderRules = RulesInEffect<LoaderRule, kLoaderRuleCount>;

// Tables of rules besides the loader's: each backend's (BackendLoadChecks::release_rules()).
using BackendRuleTables = std::vector<const std::vector<ReleaseRule>*>;

// The releases, after the oldest described, from which some rule of the loader or of `backends`
// starts or stops applying, oldest first: between two of them every release applies the same rules.
std::vector<RuntimeRelease> rule_change_releases(const BackendRuleTables& backends = {});

// `first` and each rule-change release in (first, last]: one release for each set of rules that the
// releases first..last apply, so checking these checks them all.
std::vector<RuntimeRelease> releases_with_distinct_rules(const RuntimeRelease& first, const RuntimeRelease& last,
                                                         const BackendRuleTables& backends = {});

// The release whose rules `release` applies, among those rule_change_releases() names (or the oldest
// described): the one to load a program at to know how `release` loads it. A release older than the
// rules describe stands for itself.
RuntimeRelease rules_release(const RuntimeRelease& release, const BackendRuleTables& backends = {});

}  // namespace fbcompat
