// Fixed means compatible: every planned fix is proved by running the same check on the edited text. The
// edited files must load, each finding fixed must be gone, and no finding may appear that was not there.
#include <fmt/format.h>

#include <set>
#include <tuple>

#include "fbcompat/checks/fix.h"

namespace fbcompat {
namespace {

using Key = std::tuple<std::string, std::string, std::string>;  // rule, subject, file

Key key_of(const Finding& finding) { return {finding.rule, finding.subject, finding.file}; }

SchemaTexts rewritten_texts(const std::vector<FileRewrite>& rewrites) {
  SchemaTexts texts;
  for (const FileRewrite& rewrite : rewrites) texts.emplace(rewrite.file, rewrite.after);
  return texts;
}

// Why the check of the edited text refutes the fixes planned in `findings` (empty: it proves them).
std::string refutation(const std::vector<Finding>& findings, const std::vector<FileRewrite>& rewrites,
                       const std::set<Key>& before, const Recheck& recheck) {
  const auto rechecked = recheck(rewritten_texts(rewrites));
  if (!rechecked) return fmt::format("the fixed text does not load ({})", rechecked.error().to_string());
  // What a fix trades its error for is no new break: a field restored deprecated is a deprecation
  // (FIELD_NEWLY_DEPRECATED, a warning), as its deletion was.
  std::set<std::pair<std::string, std::string>> fixed_subjects;
  for (const Finding& finding : findings) {
    if (finding.fix_status == FixStatus::Fixable) fixed_subjects.emplace(finding.subject, finding.file);
  }
  std::set<Key> after;
  for (const Finding& finding : *rechecked) {
    const bool traded = finding.severity != Severity::Error && fixed_subjects.count({finding.subject, finding.file}) != 0;
    if (before.count(key_of(finding)) == 0 && !traded) {
      return fmt::format("the fixed text has a finding the original did not: [{}] {}", finding.rule, finding.subject);
    }
    after.insert(key_of(finding));
  }
  for (const Finding& finding : findings) {
    if (finding.fix_status == FixStatus::Fixable && after.count(key_of(finding)) != 0) {
      return fmt::format("the fixed text still has [{}] {}", finding.rule, finding.subject);
    }
  }
  return "";
}

// The findings with only the remedy of finding `keep` left in (the others' remedies set aside).
std::vector<Finding> with_only(const std::vector<Finding>& findings, std::size_t keep) {
  std::vector<Finding> only = findings;
  for (std::size_t i = 0; i < only.size(); ++i) {
    if (i != keep) only[i].remedy.kind = Remedy::Kind::None;
  }
  return only;
}

}  // namespace

std::vector<FileRewrite> plan_checked_fixes(std::vector<Finding>& findings, const SchemaTexts& texts,
                                            const Recheck& recheck) {
  std::set<Key> before;
  for (const Finding& finding : findings) before.insert(key_of(finding));
  std::vector<FileRewrite> rewrites = plan_fixes(findings, texts);
  if (rewrites.empty() || refutation(findings, rewrites, before, recheck).empty()) return rewrites;
  // Together they fail: each fix is tried alone, and those that fail alone are withdrawn saying why.
  for (std::size_t i = 0; i < findings.size(); ++i) {
    if (findings[i].fix_status != FixStatus::Fixable) continue;
    std::vector<Finding> alone = with_only(findings, i);
    const std::vector<FileRewrite> alone_rewrites = plan_fixes(alone, texts);
    const std::string why = refutation(alone, alone_rewrites, before, recheck);
    if (!why.empty()) {
      findings[i].remedy.kind = Remedy::Kind::None;
      findings[i].remedy.reason = "the mechanical fix was tried and withdrawn: " + why;
    }
  }
  rewrites = plan_fixes(findings, texts);
  if (rewrites.empty() || refutation(findings, rewrites, before, recheck).empty()) return rewrites;
  // Each holds alone but not all together: none is made rather than a guess at which to keep.
  for (Finding& finding : findings) {
    if (finding.fix_status != FixStatus::Fixable) continue;
    finding.remedy.kind = Remedy::Kind::None;
    finding.remedy.reason = "each fix holds alone, but together they do not check out; fix them one at a time";
  }
  return plan_fixes(findings, texts);
}

Expected<Schema> load_rewritten(const std::string& path, LoadOptions options, const SchemaTexts& rewritten) {
  const FileSystemReader files;
  const OverlayReader reader(options.reader != nullptr ? *options.reader : files, rewritten);
  options.reader = &reader;
  options.confine_to.clear();
  return load_schema(path, options);
}

}  // namespace fbcompat
