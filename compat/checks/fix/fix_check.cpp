// Fixed means compatible: every planned fix is proved by running the same check on the edited text. The
// edited files must load, each finding fixed must be gone, and no finding may appear that the fixes made.
#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "fbcompat/checks/fix.h"

namespace fbcompat {
namespace {

using Key = std::tuple<std::string, std::string, std::string>;  // rule, subject, file

Key key_of(const Finding& finding) { return {finding.rule, finding.subject, finding.file}; }

// The rules that compare a member with itself at its old number (its type, default, presence, table).
// A break that displaced members hides their findings, since each is compared at the wrong number; once a
// fix gives them their numbers back, such a finding shows. It was made by the author, not by the fix.
// Findings of every other rule (where a member is, what it is named) the fix may have made.
bool compares_a_member_in_place(const std::string& rule) {
  static const std::set<std::string> rules{
      "FIELD_SAME_TYPE",        "FIELD_SAME_TYPE_NAME",    "FIELD_SAME_DEFAULT",           "FIELD_NO_NEW_REQUIRED",
      "FIELD_SAME_KEY",         "FIELD_NEWLY_DEPRECATED",  "UNION_MEMBER_SAME_TABLE",      "UNION_MEMBER_SAME_TABLE_NAME",
  };
  return rules.count(rule) != 0;
}

SchemaTexts rewritten_texts(const std::vector<FileRewrite>& rewrites) {
  SchemaTexts texts;
  for (const FileRewrite& rewrite : rewrites) texts.emplace(rewrite.file, rewrite.after);
  return texts;
}

// What checking the edited text says of the fixes planned in `findings`.
struct Proof {
  std::string refutation;         // why the fixes do not hold; empty when they do
  std::vector<Finding> appeared;  // findings the edited text has that the original did not, none made by a fix
};

// Why a finding of the edited text that the original did not have is no fault of the fixes (empty: it is).
std::string why_it_appeared(const Finding& finding, const std::vector<Finding>& planned) {
  for (const Finding& fixed : planned) {
    if (fixed.fix_status != FixStatus::Fixable || fixed.file != finding.file) continue;
    // What a fix trades its error for is no new break: a field restored deprecated is a deprecation
    // (FIELD_NEWLY_DEPRECATED, a warning), as its deletion was.
    if (finding.severity != Severity::Error && finding.subject == fixed.subject) {
      return fmt::format("what the fix of {} leaves", fixed.subject);
    }
    const bool displaced = std::any_of(fixed.remedy.renumbered.begin(), fixed.remedy.renumbered.end(),
                                       [&](const auto& member) {
                                         return finding.subject == fixed.remedy.declaration + "." + member.first;
                                       });
    if (displaced && compares_a_member_in_place(finding.rule)) {
      return fmt::format("the break of {} hid it until its fix: run fbcompat again to check it", fixed.subject);
    }
  }
  return "";
}

Proof prove(const std::vector<Finding>& findings, const std::vector<FileRewrite>& rewrites, const std::set<Key>& before,
            const Recheck& recheck) {
  Proof proof;
  auto rechecked = recheck(rewritten_texts(rewrites));
  if (!rechecked) {
    proof.refutation = fmt::format("the fixed text does not load ({})", rechecked.error().to_string());
    return proof;
  }
  std::set<Key> after;
  for (Finding& finding : *rechecked) {
    after.insert(key_of(finding));
    if (before.count(key_of(finding)) != 0) continue;
    std::string why = why_it_appeared(finding, findings);
    if (why.empty()) {
      proof.refutation =
          fmt::format("the fixed text has a finding the original did not: [{}] {}", finding.rule, finding.subject);
      return proof;
    }
    finding.fix_status = FixStatus::NotFixed;
    finding.fix_note = std::move(why);
    proof.appeared.push_back(std::move(finding));
  }
  for (const Finding& finding : findings) {
    if (finding.fix_status == FixStatus::Fixable && after.count(key_of(finding)) != 0) {
      proof.refutation = fmt::format("the fixed text still has [{}] {}", finding.rule, finding.subject);
      return proof;
    }
  }
  return proof;
}

// The findings with only the remedy of finding `keep` left in (the others' remedies set aside).
std::vector<Finding> with_only(const std::vector<Finding>& findings, std::size_t keep) {
  std::vector<Finding> only = findings;
  for (std::size_t i = 0; i < only.size(); ++i) {
    if (i != keep) only[i].remedy.kind = Remedy::Kind::None;
  }
  return only;
}

void withdraw(Finding& finding, std::string why) {
  finding.remedy.kind = Remedy::Kind::None;
  finding.remedy.reason = std::move(why);
}

}  // namespace

CheckedFixes plan_checked_fixes(std::vector<Finding>& findings, const SchemaTexts& texts, const Recheck& recheck) {
  std::set<Key> before;
  for (const Finding& finding : findings) before.insert(key_of(finding));
  CheckedFixes checked{plan_fixes(findings, texts), {}};
  if (checked.rewrites.empty()) return checked;
  Proof proof = prove(findings, checked.rewrites, before, recheck);
  if (proof.refutation.empty()) return {std::move(checked.rewrites), std::move(proof.appeared)};
  // Together they fail: each fix is tried alone, and those that fail alone are withdrawn saying why.
  for (std::size_t i = 0; i < findings.size(); ++i) {
    if (findings[i].fix_status != FixStatus::Fixable) continue;
    std::vector<Finding> alone = with_only(findings, i);
    const std::string why = prove(alone, plan_fixes(alone, texts), before, recheck).refutation;
    if (!why.empty()) withdraw(findings[i], "the mechanical fix was tried and withdrawn: " + why);
  }
  checked.rewrites = plan_fixes(findings, texts);
  if (checked.rewrites.empty()) return checked;
  proof = prove(findings, checked.rewrites, before, recheck);
  if (proof.refutation.empty()) return {std::move(checked.rewrites), std::move(proof.appeared)};
  // Each holds alone but not all together: none is made rather than a guess at which to keep.
  for (Finding& finding : findings) {
    if (finding.fix_status == FixStatus::Fixable) {
      withdraw(finding, "each fix holds alone, but together they do not check out; fix them one at a time");
    }
  }
  return {plan_fixes(findings, texts), {}};
}

Expected<Schema> load_rewritten(const std::string& path, LoadOptions options, const SchemaTexts& rewritten) {
  const FileSystemReader files;
  const OverlayReader reader(options.reader != nullptr ? *options.reader : files, rewritten);
  options.reader = &reader;
  options.confine_to.clear();
  return load_schema(path, options);
}

}  // namespace fbcompat
