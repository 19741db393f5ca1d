// Fixes, not only findings: the edits of the new side's schema files that remove every finding with a
// mechanical remedy (Finding::remedy, which the rules fill in), checked by running the same check again
// on the edited text, and written the way every output is. An edit keeps the author's file byte for byte
// except the lines of the declarations it fixes. What is ambiguous (a type change, a possible rename) is
// never guessed: its finding stays, saying why.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/finding.h"
#include "fbcompat/core/memory_reader.h"
#include "fbcompat/core/report.h"
#include "fbcompat/core/schema.h"
#include "fbcompat/core/schema_loader.h"

namespace fbcompat {

// The new side's text of each file of `schema` (its root file and includes), by the names findings carry.
SchemaTexts texts_of(const Schema& schema);

// Plans the edits of every finding whose remedy can be carried out in `texts` (the new side's files, by
// the names findings carry): each such finding gets its edits, FixStatus::Fixable and a note saying what
// they do; the others with a remedy or a reason get FixStatus::NotFixed and why. Returns every file the
// edits change, with its text before and after.
std::vector<FileRewrite> plan_fixes(std::vector<Finding>& findings, const SchemaTexts& texts);

// The same check as made the findings, run again with some files of the new side replaced by `rewritten`
// (name to text): its findings, or why the files do not load.
using Recheck = std::function<Expected<std::vector<Finding>>(const SchemaTexts& rewritten)>;

// The schema at `path` (on the file system, or options.reader) as it reads with the files in `rewritten`
// replaced: a two-file diff's or a pair's Recheck. Includes are not confined again: a fix edits
// declarations, never includes, and the original load confined them.
Expected<Schema> load_rewritten(const std::string& path, LoadOptions options, const SchemaTexts& rewritten);

struct CheckedFixes {
  std::vector<FileRewrite> rewrites;
  // Findings of the fixed text that the original did not have and no fix made (NotFixed, fix_note saying
  // why): a deprecation a restored field trades its deletion for, or a change of a member that the break
  // hid by displacing it (its new default, say), which shows once the member is back at its number.
  std::vector<Finding> appeared;
};

// plan_fixes, each fix kept only where `recheck` proves it: the edited files load, the finding is gone,
// and no finding appears that a fix made. A fix that fails is withdrawn (NotFixed, saying so).
CheckedFixes plan_checked_fixes(std::vector<Finding>& findings, const SchemaTexts& texts, const Recheck& recheck);

struct FixesWritten {
  std::vector<std::string> files;  // written, as findings name them
  std::vector<Error> refused;      // not written, and why
};

// Writes each rewritten file at `root` + its name (atomically, through links, keeping its permissions),
// but only while it still holds the text the fixes were planned on: a file that differs is left alone,
// with `differs` saying why it may ("changed while it was being checked"). Findings whose edits were
// written become FixStatus::Fixed; those of a file left alone NotFixed.
FixesWritten write_fixes(std::vector<Finding>& findings, const std::vector<FileRewrite>& rewrites,
                         const std::string& root, const std::string& differs);

// What a command asks of the fix engine: plan and check the fixes of its findings, and with --fix write them.
struct FixRequest {
  bool write = false;  // --fix
  SchemaTexts texts;   // the new side's files, as they were checked
  Recheck recheck;
  std::string root;  // where the new side's files are, before their names ("" or a work tree's root)
  std::string differs = "it changed while it was being checked";  // why a file may no longer hold what was checked
};

struct FixOutcome {
  std::vector<FileRewrite> rewrites;  // planned and checked (the patch)
  FixesWritten written;               // with --fix
};

// Without `write`, each finding with a checked fix is Fixable and the rest keep FixStatus::None; with it,
// each is Fixed or NotFixed (saying why), and the findings that appeared in the files written are added
// to `findings`: they are the written files' now. A file that could not be written (it changed, it is
// read-only, the disk is full) is in `written.refused`.
FixOutcome fix_findings(std::vector<Finding>& findings, const FixRequest& request);

// Why --fix never removes a finding of `rule` (a type change is never guessed, ...); empty for the rules
// it fixes, and for those no command that fixes reports.
std::string unfixable_reason(std::string_view rule);

// The rules whose findings --fix can remove (the rest it never does): the rule pages say which.
const std::vector<std::string>& fixable_rules();

}  // namespace fbcompat
