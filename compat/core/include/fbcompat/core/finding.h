// A finding: one problem found by one rule, located, explained and with its fix.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fbcompat {

// What a change breaks. WIRE: existing binary data is read wrongly or rejected. JSON: JSON text that
// was valid no longer parses or means something else. SOURCE: code generated from the schema breaks.
// FILE: only code that names a schema file by its path breaks (an include, a flatc command line, a
// generated header included by name): the declarations are all still there, in another file.
enum class Category { Wire, Json, Source, File };

enum class Severity { Error, Warning, Info };

const char* category_name(Category category);  // "WIRE", "JSON", "SOURCE", "FILE"
const char* severity_name(Severity severity);  // "error", "warning", "info"

// One replacement in a schema file's text: part of a fix (fbcompat/checks/fix.h). The range is given both
// as bytes and as SARIF regions are: 1-based lines, 1-based columns counted in Unicode code points, the
// end exclusive (an insertion is an empty range).
struct TextEdit {
  std::string file;  // as Finding::file names it
  std::size_t offset = 0;  // the range's first byte
  std::size_t length = 0;  // bytes replaced
  std::string replacement;
  std::uint32_t start_line = 0;
  std::uint32_t start_column = 0;
  std::uint32_t end_line = 0;
  std::uint32_t end_column = 0;
};

// The mechanical change a rule knows would remove its finding, in the schema language's terms; the fix
// engine (fbcompat/checks/fix.h) turns it into text edits of the new side. Kind None: there is none, and
// `reason` says why (a type change, a possible rename: never guessed).
struct Remedy {
  enum class Kind : std::uint8_t {
    None,
    MoveToEnd,      // `member` of `declaration` moves after its last member (an explicit number becomes `number`)
    Renumber,       // explicit numbers or ids set: `member` to `number`
    Restore,        // `text` (a member, value or field declaration) goes back in after `after` (empty: first)
    DropAttribute,  // the attribute `text` of field `member` is removed
    SetDefault,     // field `member` gets the default `text`
    SetIdentifier,  // the file_identifier becomes `text` (restored when the file has none)
    SetRootType,    // the root_type becomes `text` (restored when the file has none)
  };
  Kind kind = Kind::None;
  std::string file;         // the new-side file to edit when not the finding's own (a removed statement)
  std::string declaration;  // qualified name of the table, struct, enum or union
  std::string member;       // its field, value or member, by name
  std::string text;
  std::string after;
  std::int64_t number = -1;  // -1: none
  // The members the break displaced, with the numbers the remedy gives back to them: an explicit number
  // (`= n`, `id: n`) is set back, an implicit one follows by itself.
  std::vector<std::pair<std::string, std::int64_t>> renumbered;
  std::size_t order = 0;     // Restore: the old position, so that restorations at one place keep their old order
  std::string comment;       // Restore: written beside the declaration restored (empty: none)
  std::string reason;        // why no mechanical fix
};

// What became of a finding's fix: nothing asked (None), edits planned but not written (Fixable), written
// by --fix (Fixed), or --fix could not remove it (NotFixed, `fix_note` says why).
enum class FixStatus : std::uint8_t { None, Fixable, Fixed, NotFixed };

struct Finding {
  std::string rule;  // the rule's UPPER_SNAKE id
  Category category = Category::Wire;
  Severity severity = Severity::Error;
  std::string subject;  // qualified name: fb_xnnpack.XNodeUnion.XNNFoo
  std::string message;  // what changed and what breaks for whom
  std::string fix;      // how to make the change compatible
  std::string file;
  std::uint32_t line = 0;
  std::uint32_t column = 0;  // in Unicode code points, as editors and SARIF count them
  Remedy remedy;                // the rule's mechanical remedy, if any
  std::vector<TextEdit> edits;  // the remedy as edits of the new side's files (the fix engine's)
  FixStatus fix_status = FixStatus::None;
  std::string fix_note;  // Fixable and Fixed: what the edits do; NotFixed: why there are none
};

// True when no finding is an error (a finding --fix has removed counts for nothing, here and in the counts).
bool compatible(const std::vector<Finding>& findings);

// Counts by severity, for summaries.
struct FindingCounts {
  std::size_t errors = 0;
  std::size_t warnings = 0;
  std::size_t infos = 0;
};
FindingCounts count_findings(const std::vector<Finding>& findings);

}  // namespace fbcompat
