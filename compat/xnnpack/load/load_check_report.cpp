#include "fbcompat/xnnpack/load_check_report.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "fbcompat/core/report_json.h"
#include "fbcompat/load_check/load_check.h"
#include "fbcompat/xnnpack/backend_load_checks.h"
#include "load/backend_rules.h"

namespace fbcompat::xnnpack {

const RuleInfo kLoadTypesUnknown{
    "LOAD_TYPES_UNKNOWN", Category::Wire, Severity::Error, RuleScope::LoadCheck,
    "A program must use only node, value, quantization and data types the runtime knows."};

const RuleInfo kLoadIdentifierNotAccepted{
    "LOAD_IDENTIFIER_NOT_ACCEPTED", Category::Wire, Severity::Error, RuleScope::LoadCheck,
    "A program's XNNPACK payload must carry a file identifier the runtime accepts."};

const RuleInfo kLoadProgramRefused{
    "LOAD_PROGRAM_REFUSED", Category::Wire, Severity::Error, RuleScope::LoadCheck,
    "ExecuTorch's loader of every release the runtime stands for must load the program and its methods."};

const RuleInfo kLoadCrashesWhenRun{
    "LOAD_CRASHES_WHEN_RUN", Category::Wire, Severity::Error, RuleScope::LoadCheck,
    "A program the runtime loads must not crash when its methods run."};

const RuleInfo kLoadDefinitionsNotChecked{
    "LOAD_DEFINITIONS_NOT_CHECKED", Category::Wire, Severity::Info, RuleScope::LoadCheck,
    "Where this build has no XNNPACK, the XNNPACK backend's definitions of a program's payloads are not checked."};

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
                                           delegate_location_name(item.location), item.size, runtime.version,
                                           item.result.message),
                               std::move(fix));
  finding.file = file;
  return finding;
}

}  // namespace

std::string DelegateLoadCheck::subject() const { return fmt::format("{}.delegates[{}]", plan.empty() ? "plan" : plan, index); }

const RuntimeProfile* find_runtime(const std::string& version) { return find_runtime_profile(version.c_str()); }

Expected<RuntimeChoice> choose_runtime(const std::string& text) {
  RuntimeChoice choice;
  if (const RuntimeProfile* profile = find_runtime(text)) {
    choice.profile = profile;
    if (profile->released()) {
      const RuntimeRelease first = *RuntimeRelease::parse(profile->first_release);
      const RuntimeRelease last = *RuntimeRelease::parse(profile->last_release);
      choice.releases = releases_with_distinct_rules(first, last, {&backend_release_rules()});
      choice.name = first == last ? fmt::format("{} (release {})", profile->version, profile->first_release)
                                  : fmt::format("{} (releases {} .. {})", profile->version, profile->first_release,
                                                profile->last_release);
    } else {
      // Not released yet: the newest loader the rules describe stands for it.
      choice.releases = {RuntimeRelease::development_head()};
      choice.name = fmt::format("{} (not released yet; loaded as {} loads, with the node types its schema adds)",
                                profile->version, RuntimeRelease::newest_described().text());
    }
    return choice;
  }
  const std::optional<RuntimeRelease> release = RuntimeRelease::parse(text);
  std::string releases;
  for (std::size_t i = 0; i < xnnpack_profiles::kFamily.version_count; ++i) {
    const RuntimeProfile& profile = xnnpack_profiles::kFamily.versions[i];
    if (!profile.released()) continue;
    const RuntimeRelease first = *RuntimeRelease::parse(profile.first_release);
    const RuntimeRelease last = *RuntimeRelease::parse(profile.last_release);
    releases += fmt::format("{}{}..{}", releases.empty() ? "" : ", ", first.text(), last.text());
    if (release && !(*release < first) && !(last < *release)) {
      choice.profile = &profile;
      choice.releases = {*release};
      choice.name = fmt::format("ExecuTorch {} ({})", release->text(), profile.version);
      return choice;
    }
  }
  return Error{"", 0, 0,
               fmt::format("--runtime {}: neither a schema version fbcompat knows ({}) nor an ExecuTorch release one of "
                           "them shipped in ({})",
                           text, known_runtime_versions(), releases)};
}

namespace {

// One release's answer that is not a clean load: a refusal, or a method that crashes when run.
template <typename Answer>
struct ReleaseAnswer {
  Answer answer;
  std::vector<RuntimeRelease> releases;
};

bool same_answer(const LoadRefusal& a, const LoadRefusal& b) {
  return a.stage == b.stage && a.error == b.error && a.message == b.message && a.place.kind == b.place.kind &&
         a.place.index == b.place.index;
}
bool same_answer(const RunCrash& a, const RunCrash& b) {
  return a.stage == b.stage && a.method == b.method && a.message == b.message;
}

// The same answer from several releases is one finding naming them all.
template <typename Answer>
std::vector<ReleaseAnswer<Answer>> grouped(const std::vector<std::pair<RuntimeRelease, Answer>>& answers) {
  std::vector<ReleaseAnswer<Answer>> groups;
  for (const auto& entry : answers) {
    // A named reference, not a structured binding: C++17 lambdas cannot capture bindings.
    const Answer& answer = entry.second;
    auto same = std::find_if(groups.begin(), groups.end(),
                             [&](const ReleaseAnswer<Answer>& group) { return same_answer(group.answer, answer); });
    if (same == groups.end()) {
      groups.push_back({answer, {entry.first}});
    } else {
      same->releases.push_back(entry.first);
    }
  }
  return groups;
}

// "1.1.0, 1.2.0", a release outside the described ones naming the rules it was checked by.
std::vector<std::string> release_names(const std::vector<RuntimeRelease>& releases) {
  std::vector<std::string> names;
  for (const RuntimeRelease& release : releases) {
    const RuntimeRelease rules = release.described();
    if (release.is_development_head()) {
      names.push_back(fmt::format("the development head after {}", rules.text()));
    } else {
      names.push_back(rules == release ? release.text() : fmt::format("{} (by the rules of {})", release.text(), rules.text()));
    }
  }
  return names;
}

Finding run_crash_finding(const ReleaseAnswer<RunCrash>& group, const std::string& file) {
  const std::vector<std::string> names = release_names(group.releases);
  const RunCrash& crash = group.answer;
  Finding finding = finding_of(
      kLoadCrashesWhenRun, crash.method,
      fmt::format("ExecuTorch {} load{} it, but method '{}' crashes when it runs: {} (let through in {})",
                  fmt::join(names, ", "), names.size() == 1 ? "s" : "", crash.method, crash.message,
                  load_stage_name(crash.stage)),
      "export the program again with the exporter of the release that must run it: programs it writes run");
  finding.file = file;
  return finding;
}

Finding refusal_finding(const ReleaseAnswer<LoadRefusal>& group, const std::vector<RuntimeRelease>& loading,
                        const std::string& file) {
  const std::vector<std::string> names = release_names(group.releases);
  const LoadRefusal& refusal = group.answer;
  const std::string stage = refusal.stage_name();
  const std::string where = refusal.method.empty() ? stage : fmt::format("{} of method '{}'", stage, refusal.method);
  std::string message =
      refusal.runtime_crashes()
          ? fmt::format("ExecuTorch {} would crash in {}: {}; fbcompat refuses the program", fmt::join(names, ", "),
                        where, refusal.message)
          : fmt::format("ExecuTorch {} refuse{} it in {}: {} ({})", fmt::join(names, ", "),
                        names.size() == 1 ? "s" : "", where, refusal.message, runtime_error_name(refusal.error));
  std::string fix;
  if (!loading.empty()) {
    std::vector<std::string> loaders;
    for (const RuntimeRelease& release : loading) loaders.push_back(release.text());
    fix = fmt::format("load it with a runtime whose loader accepts it (of those checked: {}), or export it again with "
                      "the exporter of the release that must load it",
                      fmt::join(loaders, ", "));
  } else {
    fix = "export the program again with the exporter of the release that must load it: programs it writes load";
  }
  Finding finding = finding_of(kLoadProgramRefused, refusal.method.empty() ? "program" : refusal.method,
                               std::move(message), std::move(fix));
  finding.file = file;
  return finding;
}

}  // namespace

LoadCheckReport::LoadCheckReport(std::vector<Finding> findings, std::vector<DelegateLoadCheck> delegates,
                                 RuntimeChoice runtime, std::string file, bool loader_accepts, bool crashes_when_run)
    : Report(std::move(findings)),
      delegates_(std::move(delegates)),
      runtime_(std::move(runtime)),
      file_(std::move(file)),
      loader_accepts_(loader_accepts),
      crashes_when_run_(crashes_when_run) {}

Expected<LoadCheckReport> LoadCheckReport::check(const std::uint8_t* data, std::size_t size, const RuntimeChoice& runtime,
                                                 const std::string& file, const BackendLibraries& libraries) {
  // The loader of each release: a program every release refuses as a container is not a program.
  std::vector<std::pair<RuntimeRelease, LoadRefusal>> refusals;
  std::vector<std::pair<RuntimeRelease, RunCrash>> crashes;
  std::vector<RuntimeRelease> loading;
  std::vector<std::string> not_defined;
  std::optional<ProgramView> program;
  std::optional<ProgramView> partial;
  std::optional<std::string> container_refusal;
  for (const RuntimeRelease& release : runtime.releases) {
    ProgramReadOptions options;
    options.source_name = file;
    options.runtime = release;
    options.backends.push_back(&backend_load_checks());
    options.libraries = libraries;
    ProgramLoad load = load_program(data, size, options);
    for (const std::string& note : load.view.definitions_not_checked) {
      if (std::find(not_defined.begin(), not_defined.end(), note) == not_defined.end()) not_defined.push_back(note);
    }
    if (load.loads()) {
      loading.push_back(release);
      if (load.run_crash) crashes.emplace_back(release, *load.run_crash);
      if (!program) program = std::move(load.view);
      continue;
    }
    if (load.refusal->stage == LoadStage::ProgramContainer && !container_refusal) {
      container_refusal = describe_refusal(*load.refusal, load.view.release);
    }
    refusals.emplace_back(release, *load.refusal);
    if (!partial) partial = std::move(load.view);
  }
  const bool all_containers_refused =
      std::all_of(refusals.begin(), refusals.end(),
                  [](const auto& refused) { return refused.second.stage == LoadStage::ProgramContainer; });
  if (loading.empty() && all_containers_refused) return Error{file, 0, 0, *container_refusal};
  const ProgramView& view = program ? *program : *partial;

  // The profile's check of each XNNPACK delegate the loader got to.
  std::vector<DelegateLoadCheck> results;
  for (const ProgramPlan& plan : view.plans) {
    for (std::size_t j = 0; j < plan.delegates.size(); ++j) {
      const ProgramDelegate& delegate = plan.delegates[j];
      if (delegate.backend_id != kXnnpackBackendId) continue;
      results.push_back({plan.name, j, delegate.location, delegate.size, delegate.file_offset,
                         check_xnnpack_payload(delegate.data, delegate.size, *runtime.profile)});
    }
  }
  if (results.empty() && refusals.empty()) return Error{file, 0, 0, "the program has no XNNPACK delegate to check"};
  // A corrupt payload the loader did not refuse is bad input, like a corrupt file: no report, the reason.
  for (const DelegateLoadCheck& item : results) {
    if (item.result.code == LoadCheckCode::Corrupt && refusals.empty()) {
      return Error{file, 0, 0, fmt::format("{} (file offset {}): {}", item.subject(), item.file_offset, item.result.message)};
    }
  }
  std::vector<Finding> findings;
  for (const auto& group : grouped(refusals)) findings.push_back(refusal_finding(group, loading, file));
  for (const auto& group : grouped(crashes)) findings.push_back(run_crash_finding(group, file));
  for (const std::string& note : not_defined) {
    Finding finding = finding_of(kLoadDefinitionsNotChecked, "program", note,
                                 "run load-check with a build of fbcompat that has XNNPACK (the default build) to check them");
    finding.file = file;
    findings.push_back(std::move(finding));
  }
  for (const DelegateLoadCheck& item : results) {
    if (auto finding = finding_for(item, *runtime.profile, file)) findings.push_back(std::move(*finding));
  }
  return LoadCheckReport(std::move(findings), std::move(results), runtime, file, refusals.empty(), !crashes.empty());
}

std::string LoadCheckReport::what() const {
  if (delegates_.empty()) {
    return fmt::format("the load-time check of {} on the runtime of {} (the loader stops before any XNNPACK delegate)",
                       file_, runtime_.name);
  }
  return fmt::format("the load-time check of {} on the runtime of {} ({} XNNPACK delegate{})", file_, runtime_.name,
                     delegates_.size(), delegates_.size() == 1 ? "" : "s");
}

std::string LoadCheckReport::json(const RenderOptions&) const {
  nlohmann::json report{{"compatible", compatible()}, {"findings", findings_to_json(findings())}};
  nlohmann::json delegates = nlohmann::json::array();
  bool loadable = loader_accepts_;
  for (const DelegateLoadCheck& item : delegates_) {
    loadable = loadable && item.result.loadable();
    delegates.push_back({{"plan", item.plan},
                         {"delegate", item.index},
                         {"location", item.location == DelegateLocation::Inline ? "inline" : "segment"},
                         {"size", item.size},
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
  report["runtime"] = runtime_.profile->version;
  nlohmann::json releases = nlohmann::json::array();
  for (const RuntimeRelease& release : runtime_.releases) releases.push_back(release.text());
  report["releases"] = std::move(releases);
  report["loadable"] = loadable;
  report["crashes_when_run"] = crashes_when_run_;
  report["delegates"] = std::move(delegates);
  return json_text(report);
}

const std::vector<const RuleInfo*>& load_check_rules() {
  static const std::vector<const RuleInfo*> rules{&kLoadProgramRefused,    &kLoadCrashesWhenRun,
                                                  &kLoadTypesUnknown,      &kLoadIdentifierNotAccepted,
                                                  &kLoadFieldsIgnored,     &kLoadDefinitionsNotChecked};
  return rules;
}

}  // namespace fbcompat::xnnpack
