#include "fbcompat/release/audit_sections.h"

#include <fmt/format.h>

#include "fbcompat/release/golden_run.h"
#include "fbcompat/release/golden_verify.h"
#include "fbcompat/checks/runtime_check.h"
#include "fbcompat/xnnpack/runtime/reference_runtime.h"

namespace fbcompat::cli {
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

}  // namespace

Expected<std::vector<AuditSection>> audit_sections(const FamilyConfig& family, const AuditReport& report,
                                                   const Policy& policy) {
  std::vector<AuditSection> sections;
  if (!family.golden.empty()) {
    GoldenVerifyOptions options;
    options.golden_dir = family.golden;
    options.family_dir = family.directory;
    auto verified = verify_golden(options);
    if (!verified) return verified.error();
    sections.push_back({"Golden programs decode",
                        fmt::format("{} golden programs read with their own and every later runtime schema ({} readings)",
                                    verified->programs, verified->readings),
                        std::move(verified->findings)});
    auto ran = xnnpack::run_golden_programs(family.golden);
    if (!ran) return ran.error();
    sections.push_back({"Golden programs run",
                        fmt::format("{} of {} runnable golden programs ran on the reference XNNPACK runtime and matched "
                                    "their recorded outputs; {} use nodes the linked XNNPACK cannot define",
                                    ran->matched, ran->runnable, ran->unsupported),
                        std::move(ran->findings)});
  }
  const Schema* schema = newest_runtime_schema(report.history);
  if (schema != nullptr && (family.runtime == "builtin" || !family.runtime_sources.empty())) {
    std::vector<RuntimeDefinition> definitions;
    std::string what;
    if (family.runtime == "builtin") {
      definitions = xnnpack::builtin_runtime_definitions();
      what = "the reference runtime's node registry";
    } else {
      auto scanned = scan_runtime_sources(family.runtime_sources, SourceScanOptions{});
      if (!scanned) return scanned.error();
      definitions = std::move(scanned.value());
      what = fmt::format("the dispatch in {}", fmt::join(family.runtime_sources, ", "));
    }
    auto checked = check_runtime_definitions(*schema, definitions);
    if (!checked) return checked.error();
    sections.push_back({"Runtime node definitions",
                        fmt::format("{} against {}'s runtime schema", what, report.history.versions.back().name),
                        std::move(checked.value())});
  }
  for (AuditSection& section : sections) apply_policy(policy, section.findings);
  return sections;
}

}  // namespace fbcompat::cli
