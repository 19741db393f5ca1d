#include "fbcompat/release/load_check_report.h"

#include <algorithm>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "fbcompat/core/report_json.h"
#include "fbcompat/release/delegate_families.h"

namespace fbcompat {

const RuleInfo kLoadProgramRefused{
    "LOAD_PROGRAM_REFUSED", Category::Wire, Severity::Error, RuleScope::LoadCheck,
    "ExecuTorch's loader of every release the runtime stands for must load the program and its methods."};

const RuleInfo kLoadCrashesWhenRun{
    "LOAD_CRASHES_WHEN_RUN", Category::Wire, Severity::Error, RuleScope::LoadCheck,
    "A program the runtime loads must not crash when its methods run."};

const RuleInfo kLoadDefinitionsNotChecked{
    "LOAD_DEFINITIONS_NOT_CHECKED", Category::Wire, Severity::Info, RuleScope::LoadCheck,
    "Where this build has no backend library, the backend's definitions of a program's payloads are not checked."};

const std::vector<const RuleInfo*>& load_check_rules() {
  static const std::vector<const RuleInfo*> rules{&kLoadProgramRefused, &kLoadCrashesWhenRun, &kLoadDefinitionsNotChecked};
  return rules;
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


// The finding for one delegate; nullopt when its runtime loads it as it is.
std::optional<Finding> delegate_finding(const DelegateLoadCheck& item, const LoadCheckRuntime& runtime,
                                        const std::string& file) {
  if (item.result.rule == nullptr) return std::nullopt;
  Finding finding = finding_of(*item.result.rule, item.subject(),
                               fmt::format("{} ({}, {} bytes) on the runtime of {}: {}", item.subject(),
                                           delegate_location_name(item.location), item.size, runtime.version,
                                           item.result.message),
                               item.result.fix);
  finding.file = file;
  return finding;
}

// Every release whose loader runs: those any family's runtime stands for, oldest first.
std::vector<RuntimeRelease> releases_of(const std::vector<FamilyLoadCheckRuntime>& runtimes) {
  std::vector<RuntimeRelease> releases;
  for (const FamilyLoadCheckRuntime& chosen : runtimes) {
    for (const RuntimeRelease& release : chosen.runtime.releases) {
      if (std::find(releases.begin(), releases.end(), release) == releases.end()) releases.push_back(release);
    }
  }
  std::sort(releases.begin(), releases.end());
  return releases;
}

// The loader of each release. What it read of the program comes back in `view`: the first load that
// got furthest (a full load if any release loads it).
struct LoaderVerdicts {
  std::vector<std::pair<RuntimeRelease, LoadRefusal>> refusals;
  std::vector<std::pair<RuntimeRelease, RunCrash>> crashes;  // releases that load it, then crash when it runs
  std::vector<RuntimeRelease> loading;
  std::vector<std::string> not_defined;  // why a backend's definitions were not checked, each said once
  std::optional<ProgramView> view;
  std::optional<std::string> container_refusal;  // when every release refuses the container
};

LoaderVerdicts run_loaders(const std::uint8_t* data, std::size_t size, const std::vector<FamilyLoadCheckRuntime>& runtimes,
                           const std::vector<RuntimeRelease>& releases, const std::string& file,
                           const BackendLibraries& libraries) {
  LoaderVerdicts verdicts;
  std::optional<ProgramView> partial;
  std::optional<std::string> first_container_refusal;
  for (const RuntimeRelease& release : releases) {
    ProgramReadOptions options;
    options.source_name = file;
    options.runtime = release;
    for (const FamilyLoadCheckRuntime& chosen : runtimes) options.backends.push_back(&chosen.family->load_checks());
    options.libraries = libraries;
    ProgramLoad load = load_program(data, size, options);
    if (load.loads()) {
      // Only a "loads" could be taken for more than was checked; a refusal stands without the note.
      for (const std::string& note : load.view.definitions_not_checked) {
        auto& said = verdicts.not_defined;
        if (std::find(said.begin(), said.end(), note) == said.end()) said.push_back(note);
      }
      verdicts.loading.push_back(release);
      if (load.run_crash) verdicts.crashes.emplace_back(release, *load.run_crash);
      if (!verdicts.view) verdicts.view = std::move(load.view);
      continue;
    }
    if (load.refusal->stage == LoadStage::ProgramContainer && !first_container_refusal) {
      first_container_refusal = describe_refusal(*load.refusal, load.view.release);
    }
    verdicts.refusals.emplace_back(release, *load.refusal);
    if (!partial) partial = std::move(load.view);
  }
  const bool all_containers_refused =
      std::all_of(verdicts.refusals.begin(), verdicts.refusals.end(),
                  [](const auto& refused) { return refused.second.stage == LoadStage::ProgramContainer; });
  if (verdicts.loading.empty() && all_containers_refused) verdicts.container_refusal = first_container_refusal;
  if (!verdicts.view) verdicts.view = std::move(partial);
  return verdicts;
}

// Each delegate of a checked family that the loader got to, checked by its family.
std::vector<DelegateLoadCheck> check_delegates(const ProgramView& view, const std::vector<FamilyLoadCheckRuntime>& runtimes) {
  std::vector<DelegateLoadCheck> results;
  for (const ProgramPlan& plan : view.plans) {
    for (std::size_t j = 0; j < plan.delegates.size(); ++j) {
      const ProgramDelegate& delegate = plan.delegates[j];
      for (const FamilyLoadCheckRuntime& chosen : runtimes) {
        if (delegate.backend_id != chosen.family->backend_id()) continue;
        results.push_back({plan.name, j, delegate.location, delegate.size, delegate.file_offset,
                           std::string(chosen.family->name()), std::string(chosen.family->display_name()),
                           chosen.family->check_payload(delegate.data, delegate.size, chosen.runtime)});
      }
    }
  }
  return results;
}

const LoadCheckRuntime& family_runtime(const std::vector<FamilyLoadCheckRuntime>& runtimes, const std::string& family) {
  for (const FamilyLoadCheckRuntime& chosen : runtimes) {
    if (chosen.family->name() == family) return chosen.runtime;
  }
  return runtimes.front().runtime;  // every delegate checked is of a family among them
}

// The families of the program's delegates, as the newest loader finds them (without any backend's
// checks: those come with the families).
Expected<std::vector<std::string>> families_of_program(const std::uint8_t* data, std::size_t size, const std::string& file) {
  ProgramReadOptions options;
  options.source_name = file;
  const ProgramLoad load = load_program(data, size, options);
  if (!load.loads() && load.refusal->stage == LoadStage::ProgramContainer) {
    return Error{file, 0, 0, describe_refusal(*load.refusal, load.view.release)};
  }
  std::vector<std::string> families;
  std::vector<std::string> others;
  for (const ProgramPlan& plan : load.view.plans) {
    for (const ProgramDelegate& delegate : plan.delegates) {
      const std::string family = delegate_family_for_backend(delegate.backend_id);
      std::vector<std::string>& into = family.empty() ? others : families;
      const std::string& name = family.empty() ? delegate.backend_id : family;
      if (std::find(into.begin(), into.end(), name) == into.end()) into.push_back(name);
    }
  }
  // A program the loader refuses before reaching its delegates is still judged: its refusal is the answer.
  if (families.empty() && others.empty() && !load.loads()) return delegate_family_names();
  if (families.empty()) {
    return Error{file, 0, 0,
                 others.empty() ? "the program has no delegate to check"
                                : fmt::format("the program has no delegate of a family fbcompat knows ({}); its delegates "
                                              "are for {}",
                                              fmt::join(delegate_family_names(), ", "), fmt::join(others, ", "))};
  }
  return families;
}

}  // namespace

std::string DelegateLoadCheck::subject() const { return fmt::format("{}.delegates[{}]", plan.empty() ? "plan" : plan, index); }

LoadCheckReport::LoadCheckReport(std::vector<Finding> findings, std::vector<DelegateLoadCheck> delegates,
                                 std::vector<FamilyLoadCheckRuntime> runtimes, std::vector<RuntimeRelease> releases,
                                 std::string file, bool loader_accepts, bool crashes_when_run)
    : Report(std::move(findings)),
      delegates_(std::move(delegates)),
      runtimes_(std::move(runtimes)),
      releases_(std::move(releases)),
      file_(std::move(file)),
      loader_accepts_(loader_accepts),
      crashes_when_run_(crashes_when_run) {}

Expected<LoadCheckReport> LoadCheckReport::check(const std::uint8_t* data, std::size_t size,
                                                 const std::vector<FamilyLoadCheckRuntime>& runtimes, const std::string& file,
                                                 const BackendLibraries& libraries) {
  const std::vector<RuntimeRelease> releases = releases_of(runtimes);
  LoaderVerdicts verdicts = run_loaders(data, size, runtimes, releases, file, libraries);
  if (verdicts.container_refusal) return Error{file, 0, 0, *verdicts.container_refusal};
  std::vector<DelegateLoadCheck> results = check_delegates(*verdicts.view, runtimes);
  if (results.empty() && verdicts.refusals.empty()) {
    std::vector<std::string> labels;
    for (const FamilyLoadCheckRuntime& chosen : runtimes) labels.emplace_back(chosen.family->display_name());
    return Error{file, 0, 0, fmt::format("the program has no {} delegate to check", fmt::join(labels, " or "))};
  }
  // The loader ran each family's backend checks: its verdict decides. A payload a family's header-only
  // check calls corrupt but every release loads is the runtime's to judge (the JSON keeps what the check said).
  std::vector<Finding> findings;
  for (const auto& group : grouped(verdicts.refusals)) findings.push_back(refusal_finding(group, verdicts.loading, file));
  for (const auto& group : grouped(verdicts.crashes)) findings.push_back(run_crash_finding(group, file));
  for (const std::string& note : verdicts.not_defined) {
    Finding finding = finding_of(kLoadDefinitionsNotChecked, "program", note,
                                 "a build of fbcompat that links the backend's library checks them (the default build "
                                 "links every one it can)");
    finding.file = file;
    findings.push_back(std::move(finding));
  }
  for (const DelegateLoadCheck& item : results) {
    if (auto finding = delegate_finding(item, family_runtime(runtimes, item.family), file)) findings.push_back(std::move(*finding));
  }
  return LoadCheckReport(std::move(findings), std::move(results), runtimes, releases, file, verdicts.refusals.empty(),
                         !verdicts.crashes.empty());
}

Expected<LoadCheckReport> LoadCheckReport::check(const LoadCheckRequest& request) {
  ProgramReadOptions options;
  options.source_name = request.program;
  auto bytes = read_program_file(request.program, options);
  if (!bytes) return bytes.error();
  std::vector<std::string> names = request.families;
  if (names.empty()) {
    auto found = families_of_program(bytes->data(), bytes->size(), request.program);
    if (!found) return found.error();
    names = std::move(found.value());
  }
  // The load check needs no schemas: each family's runtimes are compiled into fbcompat.
  std::vector<std::shared_ptr<const DelegateFamily>> owned;
  std::vector<FamilyLoadCheckRuntime> runtimes;
  for (const std::string& name : names) {
    auto family = delegate_family_without_schemas(name);
    if (!family) return family.error();
    auto runtime = (*family)->choose_runtime(request.runtime);
    if (!runtime) return runtime.error();
    owned.emplace_back(std::move(family.value()));
    runtimes.push_back({owned.back().get(), std::move(runtime.value())});
  }
  auto report = check(bytes->data(), bytes->size(), runtimes, request.program, request.libraries);
  if (!report) return report.error();
  report->owned_ = std::move(owned);
  return report;
}

std::string LoadCheckReport::what() const {
  std::vector<std::string> runtimes;
  for (const FamilyLoadCheckRuntime& chosen : runtimes_) runtimes.push_back(chosen.runtime.name);
  std::sort(runtimes.begin(), runtimes.end());
  runtimes.erase(std::unique(runtimes.begin(), runtimes.end()), runtimes.end());
  std::vector<std::string> counts;
  for (const FamilyLoadCheckRuntime& chosen : runtimes_) {
    const auto count = std::count_if(delegates_.begin(), delegates_.end(),
                                     [&](const DelegateLoadCheck& item) { return item.family == chosen.family->name(); });
    if (count != 0) counts.push_back(fmt::format("{} {} delegate{}", count, chosen.family->display_name(), count == 1 ? "" : "s"));
  }
  if (counts.empty()) {
    std::vector<std::string> labels;
    for (const FamilyLoadCheckRuntime& chosen : runtimes_) labels.emplace_back(chosen.family->display_name());
    counts.push_back(fmt::format("the loader stops before any {} delegate", fmt::join(labels, " or ")));
  }
  return fmt::format("the load-time check of {} on the runtime of {} ({})", file_, fmt::join(runtimes, " and "),
                     fmt::join(counts, ", "));
}

std::string LoadCheckReport::json(const RenderOptions&) const {
  nlohmann::json report{{"compatible", compatible()}, {"findings", findings_to_json(findings())}};
  nlohmann::json delegates = nlohmann::json::array();
  bool loadable = loader_accepts_;
  for (const DelegateLoadCheck& item : delegates_) {
    const bool loads = item.result.loadable() || (item.result.verdict == PayloadLoadCheck::Verdict::Corrupt && loader_accepts_);
    loadable = loadable && loads;
    delegates.push_back({{"plan", item.plan},
                         {"delegate", item.index},
                         {"family", item.family},
                         {"location", item.location == DelegateLocation::Inline ? "inline" : "segment"},
                         {"size", item.size},
                         {"code", item.result.code},
                         {"loadable", loads},
                         {"message", item.result.message},
                         {"nodes", item.result.nodes},
                         {"values", item.result.values},
                         {"minimum_runtime", item.result.minimum_runtime.empty() ? nlohmann::json(nullptr)
                                                                                 : nlohmann::json(item.result.minimum_runtime)}});
  }
  report["program"] = file_;
  // One family: its version; several: each family's, under "families".
  report["runtime"] = runtimes_.size() == 1 ? runtimes_.front().runtime.version : std::string();
  nlohmann::json families = nlohmann::json::array();
  for (const FamilyLoadCheckRuntime& chosen : runtimes_) {
    families.push_back({{"family", chosen.family->name()}, {"runtime", chosen.runtime.version}, {"name", chosen.runtime.name}});
  }
  report["families"] = std::move(families);
  nlohmann::json releases = nlohmann::json::array();
  for (const RuntimeRelease& release : releases_) releases.push_back(release.text());
  report["releases"] = std::move(releases);
  report["loadable"] = loadable;
  report["crashes_when_run"] = crashes_when_run_;
  report["delegates"] = std::move(delegates);
  return json_text(report);
}

}  // namespace fbcompat
