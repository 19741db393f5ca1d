// Fuzzes the schema loader, `diff` and `pair` on two inputs. The input is split at NUL bytes into
// up to three files: the old schema, the new schema, and "common.fbs", which either may include.
// Without a NUL byte, the one text is diffed against itself. Properties: loading never crashes;
// a schema diffed against itself, or paired with itself, has no finding; every finding names a rule
// and renders in every report format.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "fbcompat/checks/diff.h"
#include "fbcompat/checks/pair.h"
#include "fbcompat/core/report.h"
#include "fbcompat/core/schema_loader.h"
#include "fbcompat/core/source_reader.h"
#include "fuzz_target.h"

namespace {

// Schema files held in memory, so that nothing touches the disk and includes resolve among them.
class MemoryReader final : public fbcompat::SourceReader {
 public:
  void add(const std::string& path, std::string contents) { files_[path] = std::move(contents); }

  bool read(const std::string& path, std::string* contents) const override {
    const auto found = files_.find(path);
    if (found == files_.end()) return false;
    *contents = found->second;
    return true;
  }
  bool exists(const std::string& path) const override { return files_.count(path) != 0; }

 private:
  std::map<std::string, std::string> files_;
};

std::vector<std::string> split_at_nul(std::string_view input, std::size_t parts) {
  std::vector<std::string> split;
  while (split.size() + 1 < parts) {
    const std::size_t nul = input.find('\0');
    if (nul == std::string_view::npos) break;
    split.emplace_back(input.substr(0, nul));
    input.remove_prefix(nul + 1);
  }
  split.emplace_back(input);
  return split;
}

void check_findings(const std::vector<fbcompat::Finding>& findings) {
  using fbcompat::fuzz::require;
  for (const auto& finding : findings) {
    require(!finding.rule.empty(), "every finding names its rule");
    require(!finding.message.empty(), "every finding has a message");
  }
  require(!fbcompat::format_json_report(findings).empty(), "the JSON report renders");
  require(!fbcompat::format_sarif_report(findings).empty(), "the SARIF report renders");
  fbcompat::format_text_report(findings, "diff");
  fbcompat::format_junit_report(findings, "diff");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using fbcompat::fuzz::require;
  const std::vector<std::string> parts = split_at_nul({reinterpret_cast<const char*>(data), size}, 3);

  MemoryReader reader;
  reader.add("old/schema.fbs", parts[0]);
  reader.add("new/schema.fbs", parts.size() > 1 ? parts[1] : parts[0]);
  if (parts.size() > 2) {
    reader.add("old/common.fbs", parts[2]);
    reader.add("new/common.fbs", parts[2]);
  }
  fbcompat::LoadOptions options;
  options.reader = &reader;
  const auto old_schema = fbcompat::load_schema("old/schema.fbs", options);
  const auto new_schema = fbcompat::load_schema("new/schema.fbs", options);
  if (!old_schema.ok()) require(!old_schema.error().message.empty(), "a refused schema says why");
  if (!new_schema.ok()) require(!new_schema.error().message.empty(), "a refused schema says why");

  if (old_schema.ok()) {
    require(fbcompat::diff_schemas(*old_schema, *old_schema).empty(), "a schema diffed against itself has no finding");
    require(fbcompat::check_pair(*old_schema, *old_schema).empty(), "a schema paired with itself has no finding");
  }
  if (old_schema.ok() && new_schema.ok()) {
    check_findings(fbcompat::diff_schemas(*old_schema, *new_schema));
    check_findings(fbcompat::check_pair(*old_schema, *new_schema));
  }
  return 0;
}
