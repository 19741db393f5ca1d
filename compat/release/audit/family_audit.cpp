#include "fbcompat/release/family_audit.h"

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
const Schema* newest_runtime_schema(const History& history) {
  const auto reader = history.role_index("reader");
  if (!reader || history.versions.empty()) return nullptr;
  for (std::size_t v = history.versions.size(); v-- > 0;) {
    if (const Schema* schema = history.schema(v, *reader)) return schema;
  }
  return nullptr;
}

Expected<std::vector<AuditSection>> golden_sections(const FamilyConfig& family, const FamilyAuditOptions& options) {
  std::vector<AuditSection> sections;
  auto delegate = load_delegate_family(family.name, family.directory);
  if (!delegate) return delegate.error();
  GoldenVerifyOptions verify_options;
  verify_options.golden_dir = family.golden;
  verify_options.family = family.name;
  verify_options.family_dir = family.directory;
  verify_options.threads = options.threads;
  verify_options.libraries = options.libraries;
  auto verified = verify_golden(verify_options, **delegate);
  if (!verified) return verified.error();
  sections.push_back({"Golden programs decode",
                      fmt::format("{} golden programs read with their own and every later runtime schema ({} readings)",
                                  verified->programs, verified->readings),
                      std::move(verified->findings)});
  if (options.runtime == nullptr) {
    sections.push_back({"Golden programs run", "not run: this build of fbcompat has no runtime to run them on", {}});
    return sections;
  }
  auto ran = run_golden_programs(family.golden, *options.runtime);
  if (!ran) return ran.error();
  sections.push_back({"Golden programs run",
                      fmt::format("{} of {} runnable golden programs ran on the reference XNNPACK runtime and matched "
                                  "their recorded outputs; {} use nodes the linked XNNPACK cannot define",
                                  ran->matched, ran->runnable, ran->unsupported),
                      std::move(ran->findings)});
  return sections;
}

Expected<std::optional<AuditSection>> runtime_section(const FamilyConfig& family, const AuditReport& report,
                                                      const FamilyAuditOptions& options) {
  const Schema* schema = newest_runtime_schema(report.history);
  if (schema == nullptr || (family.runtime != "builtin" && family.runtime_sources.empty())) return std::optional<AuditSection>();
  std::vector<RuntimeDefinition> definitions;
  std::string what;
  if (family.runtime == "builtin") {
    if (options.runtime == nullptr) {
      return std::optional<AuditSection>(
          AuditSection{"Runtime node definitions", "not checked: this build of fbcompat has no built-in runtime", {}});
    }
    definitions = options.runtime->definitions();
    what = "the reference runtime's node registry";
  } else {
    auto scanned = scan_runtime_sources(family.runtime_sources, SourceScanOptions{});
    if (!scanned) return scanned.error();
    definitions = std::move(scanned.value());
    what = fmt::format("the dispatch in {}", fmt::join(family.runtime_sources, ", "));
  }
  auto checked = check_runtime_definitions(*schema, definitions);
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

Expected<AuditReport> audit_family(const FamilyConfig& family, const FamilyAuditOptions& options) {
  // The lock file and the golden files are read under shared locks, which `fbcompat lock` and a freeze
  // exclude; taken in one order, as `fbcompat lock` takes its own.
  std::set<std::string> shared;
  if (!family.lock.empty()) shared.insert(directory_of(family.lock));
  if (!family.golden.empty()) shared.insert(family.golden);
  std::vector<DirectoryLock> held;
  for (const std::string& directory : shared) {
    auto lock = DirectoryLock::share(directory, "the audit");
    if (!lock) return lock.error();
    if (*lock) held.push_back(std::move(**lock));
  }
  auto history = load_family_history(family, options.threads);
  if (!history) return history.error();
  AuditOptions audit_options;
  audit_options.policy = options.policy;
  audit_options.union_capacity_warning = options.union_capacity_warning;
  audit_options.threads = options.threads;
  if (!family.lock.empty()) {
    auto lock = read_lock(family.lock);
    if (!lock) return lock.error();
    audit_options.lock = std::move(lock.value());
    audit_options.lock_path = family.lock;
  }
  AuditReport report = audit_history(std::move(history.value()), audit_options);
  std::vector<AuditSection> sections;
  if (!family.golden.empty()) {
    auto golden = golden_sections(family, options);
    if (!golden) return golden.error();
    sections = std::move(golden.value());
  }
  auto runtime = runtime_section(family, report, options);
  if (!runtime) return runtime.error();
  if (*runtime) sections.push_back(std::move(**runtime));
  if (options.runtime != nullptr) {
    collapse_environment_limits(sections, *options.runtime, family.runtime == "builtin",
                                family.golden.empty() ? std::string() : family.golden + "/MANIFEST.json");
  }
  for (AuditSection& section : sections) {
    apply_policy(options.policy, section.findings, &report.judgement);
    report.sections.push_back(std::move(section));
  }
  return report;
}

}  // namespace fbcompat
