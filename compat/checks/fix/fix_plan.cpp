// Planning: each finding's remedy as edits of its file, the edits of one file checked against each other
// (a finding whose edits would touch another's is not fixed), then applied to give the file's new text.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <tuple>

#include "fbcompat/checks/fix.h"
#include "fbcompat/core/schema_text.h"
#include "fix/remedy_edits.h"

namespace fbcompat {
namespace {

// The edits planned in one file so far, by the findings they fix.
struct FilePlan {
  std::unique_ptr<SchemaText> text;
  std::vector<std::pair<std::size_t, PlannedEdit>> edits;  // finding index, edit
};

bool before(const PlannedEdit& a, const PlannedEdit& b) {
  // At one offset, insertions come before whatever starts there, in their order.
  return std::make_tuple(a.offset, a.length != 0, a.order) < std::make_tuple(b.offset, b.length != 0, b.order);
}

// Whether `edit` overlaps one of `planned`: an insertion may sit at the start or the end of a replaced
// range, and several insertions at one place; nothing may fall inside another's range. The same edit
// asked for twice is made once (a comma; a displaced member's number, set back by two fixes).
bool overlaps(const PlannedEdit& edit, const std::vector<std::pair<std::size_t, PlannedEdit>>& planned) {
  return std::any_of(planned.begin(), planned.end(), [&](const auto& entry) {
    const PlannedEdit& other = entry.second;
    if (edit == other) return false;
    const std::size_t begin = std::max(edit.offset, other.offset);
    const std::size_t end = std::min(edit.offset + edit.length, other.offset + other.length);
    if (edit.length == 0) return edit.offset > other.offset && edit.offset < other.offset + other.length;
    if (other.length == 0) return other.offset > edit.offset && other.offset < edit.offset + edit.length;
    return begin < end;
  });
}

std::string applied(const std::string& text, const std::vector<PlannedEdit>& planned) {
  std::vector<PlannedEdit> edits;  // each once, however many fixes asked for it
  for (const PlannedEdit& edit : planned) {
    if (std::find(edits.begin(), edits.end(), edit) == edits.end()) edits.push_back(edit);
  }
  std::stable_sort(edits.begin(), edits.end(), before);
  std::string result;
  std::size_t at = 0;
  for (const PlannedEdit& edit : edits) {
    result.append(text, at, edit.offset - at);
    result += edit.replacement;
    at = edit.offset + edit.length;
  }
  result.append(text, at, std::string::npos);
  return result;
}

TextEdit text_edit(const std::string& file, const SchemaText& text, const PlannedEdit& edit) {
  TextEdit result;
  result.file = file;
  result.offset = edit.offset;
  result.length = edit.length;
  result.replacement = edit.replacement;
  std::tie(result.start_line, result.start_column) = text.line_column(edit.offset);
  std::tie(result.end_line, result.end_column) = text.line_column(edit.offset + edit.length);
  return result;
}

void not_fixed(Finding& finding, std::string why) {
  finding.edits.clear();
  finding.fix_status = FixStatus::NotFixed;
  finding.fix_note = std::move(why);
}

}  // namespace

SchemaTexts texts_of(const Schema& schema) {
  SchemaTexts texts;
  for (std::size_t i = 0; i < schema.files.size() && i < schema.file_texts.size(); ++i) {
    texts.emplace(schema.files[i], schema.file_texts[i]);
  }
  return texts;
}

std::vector<FileRewrite> plan_fixes(std::vector<Finding>& findings, const SchemaTexts& texts) {
  std::map<std::string, FilePlan> files;
  for (std::size_t index = 0; index < findings.size(); ++index) {
    Finding& finding = findings[index];
    // Planned afresh each time (the checked planning plans again with some remedies set aside).
    finding.edits.clear();
    finding.fix_status = FixStatus::None;
    finding.fix_note.clear();
    if (finding.remedy.kind == Remedy::Kind::None) {
      std::string why = finding.remedy.reason.empty() ? unfixable_reason(finding.rule) : finding.remedy.reason;
      if (!why.empty()) not_fixed(finding, std::move(why));
      continue;
    }
    const std::string& file = finding.remedy.file.empty() ? finding.file : finding.remedy.file;
    const auto source = texts.find(file);
    if (source == texts.end()) {
      not_fixed(finding, fmt::format("the text of {} was not read as part of the new side", file));
      continue;
    }
    FilePlan& plan = files[file];
    if (!plan.text) plan.text = std::make_unique<SchemaText>(source->second);
    auto edits = remedy_edits(finding.remedy, *plan.text);
    if (!edits) {
      not_fixed(finding, edits.error().message);
      continue;
    }
    const bool clash = std::any_of(edits->edits.begin(), edits->edits.end(),
                                   [&](const PlannedEdit& edit) { return overlaps(edit, plan.edits); });
    if (clash) {
      not_fixed(finding, "another fix changes the same text; run --fix again once that one is made");
      continue;
    }
    for (PlannedEdit& edit : edits->edits) plan.edits.emplace_back(index, std::move(edit));
    finding.fix_status = FixStatus::Fixable;
    finding.fix_note = std::move(edits->note);
  }
  std::vector<FileRewrite> rewrites;
  for (auto& [file, plan] : files) {
    if (plan.edits.empty()) continue;
    std::vector<PlannedEdit> edits;
    for (const auto& [index, edit] : plan.edits) {
      findings[index].edits.push_back(text_edit(file, *plan.text, edit));
      edits.push_back(edit);
    }
    rewrites.push_back({file, plan.text->text(), applied(plan.text->text(), edits)});
  }
  return rewrites;
}

const std::vector<std::string>& fixable_rules() {
  // Each is made fixable by its rule, which fills in the finding's remedy; a test holds the list to the
  // rules and their pages.
  static const std::vector<std::string> rules{
      "ENUM_VALUE_NO_DELETE",  "ENUM_VALUE_SAME_NUMBER", "FIELD_NO_DELETE",       "FIELD_NO_NEW_REQUIRED",
      "FIELD_SAME_DEFAULT",    "FIELD_SAME_SLOT",        "FILE_SAME_IDENTIFIER",  "FILE_SAME_ROOT_TYPE",
      "UNION_MEMBER_NO_DELETE", "UNION_MEMBER_SAME_ID",  "PAIR_ENUM_VALUE_MISSING", "PAIR_FIELD_MISSING",
      "PAIR_REQUIRED_NOT_WRITTEN", "PAIR_UNION_MEMBER_MISSING",
  };
  return rules;
}

}  // namespace fbcompat
