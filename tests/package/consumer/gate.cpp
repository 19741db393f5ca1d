// A pre-merge gate built on the library: diff two schema files, exit 1 when incompatible.
#include <cstdio>

#include "fbcompat/checks/diff.h"
#include "fbcompat/core/report.h"
#include "fbcompat/core/schema_loader.h"

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  auto old_schema = fbcompat::load_schema(argv[1]);
  auto new_schema = fbcompat::load_schema(argv[2]);
  if (!old_schema || !new_schema) return 2;
  const auto findings = fbcompat::diff_schemas(*old_schema, *new_schema);
  std::fputs(fbcompat::format_text_report(findings, "consumer").c_str(), stdout);
  return fbcompat::compatible(findings) ? 0 : 1;
}
