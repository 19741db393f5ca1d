#include "load/load_check.h"

#include <fmt/format.h>

#include "fbcompat/load_check/load_check.h"
#include "fbcompat/xnnpack/rules.h"
#include "load/backend_rules.h"

namespace fbcompat::xnnpack {

const RuleInfo kLoadTypesUnknown{
    "LOAD_TYPES_UNKNOWN", Category::Wire, Severity::Error, RuleScope::LoadCheck,
    "A program must use only node, value, quantization and data types the runtime knows."};

const RuleInfo kLoadIdentifierNotAccepted{
    "LOAD_IDENTIFIER_NOT_ACCEPTED", Category::Wire, Severity::Error, RuleScope::LoadCheck,
    "A program's XNNPACK payload must carry a file identifier the runtime accepts."};

const RuleInfo kLoadFieldsIgnored{
    "LOAD_FIELDS_IGNORED", Category::Wire, Severity::Info, RuleScope::LoadCheck,
    "Fields a program sets that the runtime does not know are ignored when it loads the program."};

const RuleInfo kRuntimeNodeUnsupportedByXnnpack{
    "RUNTIME_NODE_UNSUPPORTED_BY_XNNPACK", Category::Wire, Severity::Warning, RuleScope::Runtime,
    "A node type the runtime knows but its linked XNNPACK cannot define fails to load, with that reason."};

const std::vector<const RuleInfo*>& family_rules() {
  static const std::vector<const RuleInfo*> rules{&kLoadTypesUnknown, &kLoadIdentifierNotAccepted, &kLoadFieldsIgnored,
                                                  &kRuntimeNodeUnsupportedByXnnpack};
  return rules;
}

namespace {

const RuntimeProfile* profile_named(const std::string& version) { return find_runtime_profile(version.c_str()); }

std::string known_runtime_versions() {
  std::string names;
  for (std::size_t i = 0; i < xnnpack_profiles::kFamily.version_count; ++i) {
    names += (names.empty() ? "" : ", ") + std::string(xnnpack_profiles::kFamily.versions[i].version);
  }
  return names;
}

std::string accepted_identifiers(const RuntimeProfile& runtime) {
  std::string names;
  for (std::size_t i = 0; i < runtime.accepted_identifier_count; ++i) {
    names += fmt::format("{}{}", names.empty() ? "" : ", ", std::string(runtime.accepted_identifiers[i], 4));
  }
  return names;
}

std::string runtime_and_later(const RuntimeProfile& runtime) {
  return runtime.released() ? fmt::format("the runtime of {} (release {}) or later", runtime.version, runtime.first_release)
                            : fmt::format("the runtime of {} (not released yet) or later", runtime.version);
}

std::string later_runtime(const LoadCheckResult& result) {
  const RuntimeProfile* minimum = result.minimum_runtime;
  return minimum != nullptr ? runtime_and_later(*minimum) : "a runtime that knows them (no version fbcompat knows does)";
}

// The check stops at an identifier it does not accept, so it names no minimum runtime: the oldest
// version that accepts the identifier is the one to suggest.
std::string runtime_accepting(const LoadCheckResult& result) {
  const auto* identifier = reinterpret_cast<const std::uint8_t*>(result.identifier);
  for (std::size_t i = 0; i < xnnpack_profiles::kFamily.version_count; ++i) {
    const RuntimeProfile& runtime = xnnpack_profiles::kFamily.versions[i];
    if (runtime.accepts_identifier(identifier)) return runtime_and_later(runtime);
  }
  return fmt::format("a runtime that accepts '{}' (no version fbcompat knows does)", result.identifier);
}

LoadCheckRuntime for_version(const RuntimeProfile& profile) {
  LoadCheckRuntime choice;
  choice.version = profile.version;
  if (!profile.released()) {
    // Not released yet: the newest loader the rules describe stands for it.
    choice.releases = {RuntimeRelease::development_head()};
    choice.name = fmt::format("{} (not released yet; loaded as {} loads, with the node types its schema adds)",
                              profile.version, RuntimeRelease::newest_described().text());
    return choice;
  }
  const RuntimeRelease first = *RuntimeRelease::parse(profile.first_release);
  const RuntimeRelease last = *RuntimeRelease::parse(profile.last_release);
  choice.releases = releases_with_distinct_rules(first, last, {&backend_release_rules()});
  choice.name = first == last ? fmt::format("{} (release {})", profile.version, profile.first_release)
                              : fmt::format("{} (releases {} .. {})", profile.version, profile.first_release, profile.last_release);
  return choice;
}

}  // namespace

Expected<LoadCheckRuntime> choose_load_check_runtime(const std::string& text) {
  if (const RuntimeProfile* profile = profile_named(text)) return for_version(*profile);
  const std::optional<RuntimeRelease> release = RuntimeRelease::parse(text);
  std::string releases;
  for (std::size_t i = 0; i < xnnpack_profiles::kFamily.version_count; ++i) {
    const RuntimeProfile& profile = xnnpack_profiles::kFamily.versions[i];
    if (!profile.released()) continue;
    const RuntimeRelease first = *RuntimeRelease::parse(profile.first_release);
    const RuntimeRelease last = *RuntimeRelease::parse(profile.last_release);
    releases += fmt::format("{}{}..{}", releases.empty() ? "" : ", ", first.text(), last.text());
    if (release && !(*release < first) && !(last < *release)) {
      return LoadCheckRuntime{profile.version, {*release}, fmt::format("ExecuTorch {} ({})", release->text(), profile.version)};
    }
  }
  return Error{"", 0, 0,
               fmt::format("--runtime {}: neither an XNNPACK schema version fbcompat knows ({}) nor an ExecuTorch release "
                           "one of them shipped in ({})",
                           text, known_runtime_versions(), releases)};
}

PayloadLoadCheck check_payload_on(const std::uint8_t* data, std::size_t size, const LoadCheckRuntime& runtime) {
  const RuntimeProfile& profile = *profile_named(runtime.version);  // choose_load_check_runtime found it
  const LoadCheckResult result = check_xnnpack_payload(data, size, profile);
  PayloadLoadCheck check;
  check.code = load_check_code_name(result.code);
  check.message = result.message;
  check.nodes = result.node_count;
  check.values = result.value_count;
  if (result.minimum_runtime != nullptr) check.minimum_runtime = result.minimum_runtime->version;
  switch (result.code) {
    case LoadCheckCode::Ok: check.verdict = PayloadLoadCheck::Verdict::Loads; break;
    case LoadCheckCode::Corrupt: check.verdict = PayloadLoadCheck::Verdict::Corrupt; break;
    case LoadCheckCode::UnknownTypes:
      check.verdict = PayloadLoadCheck::Verdict::Refused;
      check.rule = &kLoadTypesUnknown;
      check.fix = fmt::format("load the program with {}, or export it again for {} without those types",
                              later_runtime(result), profile.version);
      break;
    case LoadCheckCode::IdentifierNotAccepted:
      check.verdict = PayloadLoadCheck::Verdict::Refused;
      check.rule = &kLoadIdentifierNotAccepted;
      check.fix = fmt::format("export the program with a writer whose identifier the runtime of {} accepts ({}), or load "
                              "it with {}",
                              profile.version, accepted_identifiers(profile), runtime_accepting(result));
      break;
    case LoadCheckCode::UnknownFields:
      check.verdict = PayloadLoadCheck::Verdict::LoadsIgnoring;
      check.rule = &kLoadFieldsIgnored;
      check.fix = fmt::format("make sure the program computes the same without those fields, or load it with {}",
                              later_runtime(result));
      break;
  }
  return check;
}

}  // namespace fbcompat::xnnpack
