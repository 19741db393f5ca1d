// The release audit of a directory of versioned schemas, as a release script would run it: every
// version's writer schema against every later reader, transitively, and the golden programs when given.
//
//   audit_directory HISTORY_DIR [GOLDEN_DIR]      e.g. audit_directory schemas/xnnpack golden
//
// HISTORY_DIR holds manifest.toml and one directory per version with schema.fbs (what the exporter
// writes) and runtime_schema.fbs (what the runtime reads); its name names the history, and the
// delegate family its golden programs belong to ("xnnpack", "mlx").
// Exits 0 when every shipped transition is compatible, 1 when one is not, 2 on bad input.
#include <cstdio>
#include <string>

#include "fbcompat/release/audit_report.h"
#include "fbcompat/release/history_audit.h"

int main(int argc, char** argv) {
  if (argc != 2 && argc != 3) {
    std::fprintf(stderr, "usage: audit_directory HISTORY_DIR [GOLDEN_DIR]\n");
    return 2;
  }
  fbcompat::HistoryConfig history;
  history.directory = argv[1];
  while (history.directory.size() > 1 && history.directory.back() == '/') history.directory.pop_back();
  history.name = history.directory.substr(history.directory.find_last_of('/') + 1);
  if (argc == 3) history.golden = argv[2];

  // No runtime: this program links the library only, so the golden programs are verified (they still
  // decode, node ids map to the same nodes) but not run; the audit says so.
  const fbcompat::HistoryAuditOptions options;
  auto audit = fbcompat::audit_configured_history(history, options);
  if (!audit) {
    std::fprintf(stderr, "%s\n", audit.error().to_string().c_str());
    return 2;
  }
  const fbcompat::AuditReports reports({std::move(audit).value()});
  std::fputs(reports.text({}).c_str(), stdout);
  return reports.compatible() ? 0 : 1;
}
