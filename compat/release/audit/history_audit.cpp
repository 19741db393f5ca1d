#include "fbcompat/release/history_audit.h"

#include <filesystem>
#include <set>
#include <vector>

#include <fmt/format.h>

#include "fbcompat/core/directory_lock.h"

#include "fbcompat/release/delegate_families.h"
#include "fbcompat/release/golden_run.h"
#include "fbcompat/release/golden_verify.h"

#include "audit/environment_limit.h"

namespace fbcompat {
namespace {

// The newest version's runtime schema: the runtime being released must define every node it can read.
// A version without a reader schema of its own has its runtime read the writer's.
const Schema* newest_runtime_schema(const History& history) {
  if (history.versions.empty()) return nullptr;
  for (const char* role : {"reader", "writer"}) {
    const auto index = history.role_index(role);
    if (!index) continue;
    for (std::size_t v = history.versions.size(); v-- > 0;) {
      if (const Schema* schema = history.schema(v, *index)) return schema;
    }
  }
  return nullptr;
}

const DelegateRuntime* runtime_for(const DelegateFamily& family, const HistoryAuditOptions& options) {
  for (const DelegateRuntime* runtime : options.runtimes) {
    if (runtime != nullptr && runtime->backend_id() == family.backend_id()) return runtime;
  }
  return nullptr;
}

// The runtime here of the delegate family this history is; null for a history that is no family's.
const DelegateRuntime* runtime_of(const HistoryConfig& configured, const HistoryAuditOptions& options) {
  auto delegate = delegate_family_without_schemas(configured.name);
  return delegate ? runtime_for(**delegate, options) : nullptr;
}

// The delegate family a history's golden programs or runtime belong to: the one of its name.
Expected<std::unique_ptr<DelegateFamily>> delegate_of(const HistoryConfig& configured, const char* what) {
  auto delegate = delegate_family_without_schemas(configured.name);
  if (!delegate) {
    return Error{configured.manifest_path(), 0, 0,
                 fmt::format("{} belongs to a delegate family, and '{}' is none: {}", what, configured.name,
                             delegate.error().message)};
  }
  return delegate;
}

Expected<std::vector<AuditSection>> golden_sections(const HistoryConfig& configured, const HistoryAuditOptions& options) {
  std::vector<AuditSection> sections;
  auto delegate = load_delegate_family(configured.name, configured.directory);
  if (!delegate) return delegate.error();
  GoldenVerifyOptions verify_options;
  verify_options.golden_dir = configured.golden;
  verify_options.family = configured.name;
  verify_options.family_dir = configured.directory;
  verify_options.threads = options.threads;
  verify_options.libraries = options.libraries;
  auto verified = verify_golden(verify_options, **delegate);
  if (!verified) return verified.error();
  sections.push_back({"Golden programs decode",
                      fmt::format("{} golden programs read with their own and every later runtime schema ({} readings)",
                                  verified->programs, verified->readings),
                      std::move(verified->findings)});
  const DelegateRuntime* runtime = runtime_for(**delegate, options);
  if (runtime == nullptr) {
    sections.push_back({"Golden programs run",
                        fmt::format("not run: no runtime on this machine runs {} payloads (the note below says why)",
                                    (*delegate)->display_name()),
                        {}});
    sections.push_back(not_run_here(**delegate, verified->programs, configured.golden + "/MANIFEST.json"));
    return sections;
  }
  auto ran = run_golden_programs(configured.golden, configured.name, *runtime);
  if (!ran) return ran.error();
  sections.push_back({"Golden programs run",
                      fmt::format("{} of {} runnable golden programs ran on {} and matched their recorded outputs; {} "
                                  "use nodes it cannot define",
                                  ran->matched, ran->runnable, runtime->description(), ran->unsupported),
                      std::move(ran->findings)});
  return sections;
}

Expected<std::optional<AuditSection>> runtime_section(const HistoryConfig& configured, const AuditReport& report,
                                                      const HistoryAuditOptions& options) {
  const Schema* schema = newest_runtime_schema(report.history);
  if (schema == nullptr || (configured.runtime != "builtin" && configured.runtime_sources.empty())) return std::optional<AuditSection>();
  auto delegate = delegate_of(configured, "a runtime to check");
  if (!delegate) return delegate.error();
  auto family_dispatch = runtime_dispatch_for(*schema, configured.name);
  if (!family_dispatch) return Error{configured.manifest_path(), 0, 0, family_dispatch.error().message};
  const RuntimeDispatch& dispatch = *family_dispatch;
  std::vector<RuntimeDefinition> definitions;
  std::string what;
  if (configured.runtime == "builtin") {
    const DelegateRuntime* runtime = runtime_for(**delegate, options);
    if (runtime == nullptr) {
      return std::optional<AuditSection>(AuditSection{
          "Runtime node definitions",
          fmt::format("not checked: this build of fbcompat has no built-in {} runtime", (*delegate)->display_name()),
          {}});
    }
    definitions = runtime->definitions();
    what = fmt::format("{}'s node registry", runtime->description());
  } else {
    auto scanned = scan_runtime_sources(configured.runtime_sources, dispatch.scan);
    if (!scanned) return scanned.error();
    definitions = std::move(scanned.value());
    what = fmt::format("the dispatch in {}", fmt::join(configured.runtime_sources, ", "));
  }
  RuntimeCheckOptions check_options;
  check_options.union_name = dispatch.union_name;
  auto checked = check_runtime_definitions(*schema, definitions, check_options);
  if (!checked) return checked.error();
  return std::optional<AuditSection>(AuditSection{
      "Runtime node definitions", fmt::format("{} against {}'s runtime schema", what, report.history.versions.back().name),
      std::move(checked.value())});
}

std::string directory_of(const std::string& file) {
  const std::string directory = std::filesystem::path(file).parent_path().string();
  return directory.empty() ? "." : directory;
}

}  // namespace

Expected<AuditReport> audit_configured_history(const HistoryConfig& configured, const HistoryAuditOptions& options) {
  // The lock file and the golden files are read under shared locks, which `fbcompat lock` and a freeze
  // exclude; taken in one order, as `fbcompat lock` takes its own.
  std::set<std::string> shared;
  if (!configured.lock.empty()) shared.insert(directory_of(configured.lock));
  if (!configured.golden.empty()) shared.insert(configured.golden);
  std::vector<DirectoryLock> held;
  for (const std::string& directory : shared) {
    auto lock = DirectoryLock::share(directory, "the audit");
    if (!lock) return lock.error();
    if (*lock) held.push_back(std::move(**lock));
  }
  auto history = load_history(configured, options.threads);
  if (!history) return history.error();
  AuditOptions audit_options;
  audit_options.policy = options.policy;
  audit_options.union_capacity_warning = options.union_capacity_warning;
  audit_options.threads = options.threads;
  if (!configured.lock.empty()) {
    auto lock = read_lock(configured.lock);
    if (!lock) return lock.error();
    audit_options.lock = std::move(lock.value());
    audit_options.lock_path = configured.lock;
  }
  AuditReport report = audit_history(std::move(history.value()), audit_options);
  std::vector<AuditSection> sections;
  if (!configured.golden.empty()) {
    auto golden = golden_sections(configured, options);
    if (!golden) return golden.error();
    sections = std::move(golden.value());
  }
  auto runtime = runtime_section(configured, report, options);
  if (!runtime) return runtime.error();
  if (*runtime) sections.push_back(std::move(**runtime));
  if (const DelegateRuntime* here = runtime_of(configured, options)) {
    collapse_environment_limits(sections, *here, configured.runtime == "builtin",
                                configured.golden.empty() ? std::string() : configured.golden + "/MANIFEST.json");
  }
  for (AuditSection& section : sections) {
    apply_policy(options.policy, section.findings, &report.judgement);
    report.sections.push_back(std::move(section));
  }
  return report;
}

}  // namespace fbcompat
