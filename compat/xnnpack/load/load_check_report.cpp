#include "fbcompat/xnnpack/load_check_report.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "fbcompat/core/report_json.h"
#include "fbcompat/load_check/load_check.h"

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

std::string known_runtime_versions() {
  std::string names;
  for (std::size_t i = 0; i < xnnpack_profiles::kFamily.version_count; ++i) {
    names += (names.empty() ? "" : ", ") + std::string(xnnpack_profiles::kFamily.versions[i].version);
  }
  return names;
}

namespace {

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

std::string later_runtime(const DelegateLoadCheck& item) {
  const RuntimeProfile* minimum = item.result.minimum_runtime;
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

// The finding for one delegate; nullopt when the runtime loads it as it is.
std::optional<Finding> finding_for(const DelegateLoadCheck& item, const RuntimeProfile& runtime, const std::string& file) {
  const RuleInfo* rule = nullptr;
  std::string fix;
  switch (item.result.code) {
    case LoadCheckCode::Ok:
    case LoadCheckCode::Corrupt: return std::nullopt;
    case LoadCheckCode::UnknownTypes:
      rule = &kLoadTypesUnknown;
      fix = fmt::format("load the program with {}, or export it again for {} without those types", later_runtime(item),
                        runtime.version);
      break;
    case LoadCheckCode::IdentifierNotAccepted:
      rule = &kLoadIdentifierNotAccepted;
      fix = fmt::format("export the program with a writer whose identifier the runtime of {} accepts ({}), or load it "
                        "with {}", runtime.version, accepted_identifiers(runtime), runtime_accepting(item.result));
      break;
    case LoadCheckCode::UnknownFields:
      rule = &kLoadFieldsIgnored;
      fix = fmt::format("make sure the program computes the same without those fields, or load it with {}",
                        later_runtime(item));
      break;
  }
  Finding finding = finding_of(*rule, item.subject(),
                               fmt::format("{} ({}, {} bytes) on the runtime of {}: {}", item.subject(),
                                           delegate_location_name(item.delegate->location), item.delegate->size,
                                           runtime.version, item.result.message),
                               std::move(fix));
  finding.file = file;
  return finding;
}

}  // namespace

std::string DelegateLoadCheck::subject() const { return fmt::format("{}.delegates[{}]", plan.empty() ? "plan" : plan, index); }

const RuntimeProfile* find_runtime(const std::string& version) { return find_runtime_profile(version.c_str()); }

LoadCheckReport::LoadCheckReport(std::vector<Finding> findings, std::vector<DelegateLoadCheck> delegates,
                                 const RuntimeProfile& runtime, std::string file)
    : Report(std::move(findings)), delegates_(std::move(delegates)), runtime_(&runtime), file_(std::move(file)) {}

Expected<LoadCheckReport> LoadCheckReport::check(const ProgramView& program, const RuntimeProfile& runtime,
                                                 const std::string& file) {
  std::vector<DelegateLoadCheck> results;
  for (const ProgramPlan& plan : program.plans) {
    for (std::size_t j = 0; j < plan.delegates.size(); ++j) {
      const ProgramDelegate& delegate = plan.delegates[j];
      if (delegate.backend_id != kXnnpackBackendId) continue;
      results.push_back({plan.name, j, &delegate, check_xnnpack_payload(delegate.data, delegate.size, runtime)});
    }
  }
  if (results.empty()) return Error{file, 0, 0, "the program has no XNNPACK delegate to check"};
  // A corrupt payload is bad input, like a corrupt file: no report, the reason.
  for (const DelegateLoadCheck& item : results) {
    if (item.result.code == LoadCheckCode::Corrupt) {
      return Error{file, 0, 0,
                   fmt::format("{} (file offset {}): {}", item.subject(), item.delegate->file_offset, item.result.message)};
    }
  }
  std::vector<Finding> findings;
  for (const DelegateLoadCheck& item : results) {
    if (auto finding = finding_for(item, runtime, file)) findings.push_back(std::move(*finding));
  }
  return LoadCheckReport(std::move(findings), std::move(results), runtime, file);
}

std::string LoadCheckReport::what() const {
  return fmt::format("the load-time check of {} on the runtime of {} ({} XNNPACK delegate{})", file_, runtime_->version,
                     delegates_.size(), delegates_.size() == 1 ? "" : "s");
}

std::string LoadCheckReport::json(const RenderOptions&) const {
  nlohmann::json report{{"compatible", compatible()}, {"findings", findings_to_json(findings())}};
  nlohmann::json delegates = nlohmann::json::array();
  bool loadable = true;
  for (const DelegateLoadCheck& item : delegates_) {
    loadable = loadable && item.result.loadable();
    delegates.push_back({{"plan", item.plan},
                         {"delegate", item.index},
                         {"location", item.delegate->location == DelegateLocation::Inline ? "inline" : "segment"},
                         {"size", item.delegate->size},
                         {"code", load_check_code_name(item.result.code)},
                         {"loadable", item.result.loadable()},
                         {"message", item.result.message},
                         {"nodes", item.result.node_count},
                         {"values", item.result.value_count},
                         {"minimum_runtime", item.result.minimum_runtime != nullptr
                                                 ? nlohmann::json(item.result.minimum_runtime->version)
                                                 : nlohmann::json(nullptr)}});
  }
  report["program"] = file_;
  report["runtime"] = runtime_->version;
  report["loadable"] = loadable;
  report["delegates"] = std::move(delegates);
  return json_text(report);
}

const std::vector<const RuleInfo*>& load_check_rules() {
  static const std::vector<const RuleInfo*> rules{&kLoadTypesUnknown, &kLoadIdentifierNotAccepted, &kLoadFieldsIgnored};
  return rules;
}

}  // namespace fbcompat::xnnpack
