// The loader's release rules (release_rules.h): one row per check that differs between releases, in
// LoaderRule order. The facts are ../shared/facts/executorch/loader-rules.md's.
#include "fbcompat/executorch/release_rules.h"

#include <algorithm>

namespace fbcompat {
namespace {

constexpr std::string_view kContainerName = "the program container";
constexpr std::string_view kPlan = "method load (the plan)";
constexpr std::string_view kValues = "method load (values)";
constexpr std::string_view kTensors = "method load (tensors)";
constexpr std::string_view kDelegateData = "the delegate's data";
constexpr std::string_view kInstructions = "method load (instructions)";

}  // namespace

const std::vector<ReleaseRule>& loader_release_rules() {
  static const std::vector<ReleaseRule> rules{
      {"bfloat16-scalar-type", {0, 3, 0}, std::nullopt, kTensors, "scalar type 15 (BFloat16) is a tensor type",
       "InvalidProgram before"},
      {"constant-segment-placeholder", {0, 4, 0}, std::nullopt, kContainerName,
       "the constant segment is used only when its offsets list has two entries or more (entry 0 is a placeholder); "
       "one entry used it before",
       "InvalidProgram when constant_buffer, segments or the index is wrong"},
      {"mutable-data", {0, 4, 0}, std::nullopt, kTensors,
       "a tensor with data and allocation info takes its initial contents from mutable_data_segments[0], checked in "
       "range (it was a plain constant before)",
       "NotFound, InvalidArgument"},
      {"inputs-outputs-checked-when-used", {0, 4, 0}, std::nullopt, kPlan,
       "the plan's inputs and outputs indices are no longer checked at load: one out of range aborts when the method "
       "runs",
       "InvalidProgram at load before; loads, then crashes when run"},
      {"scalar-types-to-29", {0, 5, 0}, std::nullopt, kTensors, "scalar types 0..29 are valid (0..22 before)",
       "InvalidProgram"},
      {"complex-scalar-types", {0, 6, 0}, std::nullopt, kTensors, "complex scalar types (8..10) are accepted",
       "InvalidProgram before"},
      {"values-present-first", {0, 6, 0}, std::nullopt, kValues,
       "every value is checked present, with a payload, before any is parsed (while parsing before)", "InvalidProgram"},
      {"external-tensors", {0, 6, 0}, std::nullopt, kValues,
       "a tensor whose extra_tensor_info says EXTERNAL takes its data from a .ptd file", "InvalidExternalData"},
      {"list-items-checked", {0, 6, 0}, std::nullopt, kValues,
       "IntList items are value indices in range; TensorList and OptionalTensorList items present and in range",
       "InvalidProgram (a missing TensorList items list crashed before)"},
      {"negative-sizes-refused", {0, 6, 0}, std::nullopt, kTensors, "a negative tensor size is refused",
       "InvalidProgram (loaded before)"},
      {"named-data-needs-segments", {0, 6, 0}, std::nullopt, kContainerName,
       "Program.named_data present requires Program.segments", "InvalidArgument"},
      {"absent-constant-buffer-empty", {0, 6, 0}, std::nullopt, kTensors,
       "an absent Program.constant_buffer counts as empty when a constant is looked up",
       "InvalidArgument (a crash before)"},
      {"named-data-key-prefix", {0, 7, 0}, RuntimeRelease{1, 0, 0}, kDelegateData,
       "a stored named-data key also matches a requested key that starts with it", "NotFound otherwise"},
      {"segment-data-size", {1, 0, 0}, std::nullopt, kContainerName,
       "an extended header of 32 bytes or more gives segment_data_size, and the file must hold the program, or the "
       "segment base plus the segment data (skipped with a base and a size of 0)",
       "InvalidProgram"},
      {"external-data-map-checked", {1, 0, 0}, std::nullopt, kValues,
       "an external tensor without a .ptd data map is refused", "InvalidState, InvalidExternalData (a crash before)"},
      {"rank-at-most-16", {1, 0, 0}, std::nullopt, kTensors, "a tensor has at most 16 dimensions", "InvalidProgram"},
      {"validate-program", {1, 2, 0}, std::nullopt, kContainerName,
       "at InternalConsistency, validate_program checks plans, values, tensor sizes and scalar types, and tensor "
       "lists",
       "InvalidProgram"},
      {"nameless-plans-skipped", {1, 2, 0}, std::nullopt, kPlan,
       "looking a method up by name skips plans without a name", "a crash before"},
      {"dim-order-permutation", {1, 2, 0}, std::nullopt, kTensors,
       "dim_order is a permutation (before, only each entry below the rank)", "Internal"},
      {"constant-buffer-padding", {1, 2, 0}, std::nullopt, kTensors,
       "constant_buffer storage holds at least the tensor's bytes (before, at most)", "InvalidArgument"},
      {"program-bounds", {1, 3, 0}, std::nullopt, kContainerName,
       "the program flatbuffer is at least 8 bytes, at Minimal its root offset lies in it, and the segment base plus "
       "the segment data size does not overflow",
       "InvalidProgram (a crash before)"},
      {"validate-program-overflow", {1, 3, 0}, std::nullopt, kContainerName,
       "validate_program refuses element counts that overflow and excuses dynamic inputs", "InvalidProgram"},
      {"list-item-type-checked", {1, 3, 0}, std::nullopt, kValues,
       "a tensor list item that is not a tensor is refused", "InvalidType (an abort before)"},
      {"planned-memory-required", {1, 3, 0}, std::nullopt, kTensors,
       "a tensor with allocation info needs the plan's planned memory", "InvalidState (a crash before)"},
      {"overflow-checks", {1, 3, 0}, std::nullopt, kTensors,
       "offsets plus sizes of segments, the constant segment, planned memory and mutable data are checked for "
       "overflow",
       "InvalidProgram, InvalidArgument (a crash before)"},
      {"optional-compile-specs", {1, 3, 0}, std::nullopt, kDelegateData,
       "BackendDelegate.compile_specs may be absent", "a crash before"},
      {"move-free-checked", {1, 3, 0}, std::nullopt, kInstructions,
       "MoveCall and FreeCall indices are in range, and an unknown instruction type is refused", "InvalidProgram"},
      {"missing-segments-refused", {1, 4, 0}, std::nullopt, kDelegateData,
       "a segment or mutable data reference without Program.segments is refused", "InvalidProgram (a crash before)"},
  };
  return rules;
}

std::vector<RuntimeRelease> rule_change_releases(const BackendRuleTables& backends) {
  std::vector<RuntimeRelease> releases;
  const auto add = [&](const std::vector<ReleaseRule>& table) {
    for (const ReleaseRule& rule : table) {
      releases.push_back(rule.since);
      if (rule.until) releases.push_back(*rule.until);
    }
  };
  add(loader_release_rules());
  for (const std::vector<ReleaseRule>* table : backends) {
    if (table != nullptr) add(*table);
  }
  std::sort(releases.begin(), releases.end());
  releases.erase(std::unique(releases.begin(), releases.end()), releases.end());
  releases.erase(std::remove_if(releases.begin(), releases.end(),
                                [](const RuntimeRelease& release) { return !(RuntimeRelease::oldest_described() < release); }),
                 releases.end());
  return releases;
}

std::vector<RuntimeRelease> releases_with_distinct_rules(const RuntimeRelease& first, const RuntimeRelease& last,
                                                         const BackendRuleTables& backends) {
  std::vector<RuntimeRelease> releases{first};
  for (const RuntimeRelease& change : rule_change_releases(backends)) {
    if (first < change && !(last < change)) releases.push_back(change);
  }
  return releases;
}

RuntimeRelease rules_release(const RuntimeRelease& release, const BackendRuleTables& backends) {
  if (release < RuntimeRelease::oldest_described()) return release;
  RuntimeRelease rules = RuntimeRelease::oldest_described();
  for (const RuntimeRelease& change : rule_change_releases(backends)) {
    if (!(release < change)) rules = change;
  }
  return rules;
}

}  // namespace fbcompat
